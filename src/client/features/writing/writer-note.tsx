// Who wrote a text, said plainly wherever a draft is shown: the model, or the offline sample writer.
import { Bot, Cpu } from "lucide-react";
import type { Writer } from "../../../shared/writing";
import { cn } from "../../lib/cn";
import { writerNote } from "./api";

export function WriterNote({
  writer,
  model,
  className,
}: {
  writer: Writer | undefined;
  model?: string | null;
  className?: string;
}) {
  const note = writerNote(writer, model);
  if (!note) return null;
  const offline = writer === "offline";
  return (
    <p
      className={cn(
        "flex items-start gap-1.5 text-xs",
        offline ? "rounded-md bg-amber-50 px-2 py-1 text-amber-900 ring-1 ring-amber-200" : "text-slate-600",
        className,
      )}
      data-testid="writer-note"
    >
      {offline ? (
        <Cpu className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      ) : (
        <Bot className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      )}
      <span>{note}</span>
    </p>
  );
}
