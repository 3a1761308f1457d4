// Says, before anyone presses Generate, who will answer the chosen provider on this server: nothing
// when its model is configured; the offline sample writer (free, template text) when it has no key;
// and that no model is configured at all when the operator switched the offline writer off
// (OFFLINE_WRITER=off: every writing endpoint answers 503). Read from GET /api/writers.
import { useQuery } from "@tanstack/react-query";
import { Cpu, OctagonAlert } from "lucide-react";
import { WRITERS_URL } from "../../../shared/page-data";
import type { AiProvider, WritersResponse } from "../../../shared/writing";
import { cn } from "../../lib/cn";

export const WRITERS_KEY = [WRITERS_URL] as const;

export const NO_MODEL_NOTICE =
  "No model is configured on this server, so drafts, revisions and rewrites can't be written here. The site's operator needs to add an AI model key.";
export const OFFLINE_NOTICE =
  "No AI model is configured for this choice: the offline sample writer answers instead. It writes template text, not AI writing, and it's free (0 credits).";

export function ModelNotice({ provider, className }: { provider: AiProvider; className?: string }) {
  const writers = useQuery<WritersResponse>({ queryKey: WRITERS_KEY }).data;
  if (!writers) return null;
  const who = writers[provider];
  if (who && who.writer !== "offline") return null;
  const none = who === null;
  return (
    <p
      role={none ? "alert" : "note"}
      data-testid="model-notice"
      className={cn(
        "flex items-start gap-2 rounded-md px-3 py-2 text-sm ring-1",
        none ? "bg-red-50 text-red-900 ring-red-200" : "bg-amber-50 text-amber-900 ring-amber-200",
        className,
      )}
    >
      {none ? (
        <OctagonAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      ) : (
        <Cpu className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      )}
      <span>{none ? NO_MODEL_NOTICE : OFFLINE_NOTICE}</span>
    </p>
  );
}
