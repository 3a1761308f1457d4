// The landing page's model choice (spec §2): GPT-5 for short form, Claude Sonnet 4 for long form,
// as two radio cards with the spec's tooltip on an info button beside the legend.
import { Info } from "lucide-react";
import { useId } from "react";
import type { AiProvider } from "../../../shared/writing";
import { Tooltip } from "../../components/ui/tooltip";
import { cn } from "../../lib/cn";

export const MODEL_OPTIONS: { value: AiProvider; name: string; form: string; detail: string }[] = [
  { value: "openai", name: "GPT-5", form: "Short form", detail: "Closer to your word count, fewer tokens" },
  { value: "anthropic", name: "Claude Sonnet 4", form: "Long form", detail: "In depth, more tokens, may run long" },
];

export const MODEL_TOOLTIP =
  "Use GPT-5 for short-form posts. Use Claude Sonnet 4 for long-form posts: it uses more tokens and may not follow the word count.";

export function ModelSelector({
  name,
  value,
  onChange,
}: {
  /** The radio group's name: unique on the page. */
  name: string;
  value: AiProvider;
  onChange: (value: AiProvider) => void;
}) {
  const tipId = useId();
  const labelId = useId();
  return (
    <div className="space-y-2">
      <div className="flex items-center gap-1.5">
        <span id={labelId} className="text-sm font-medium text-slate-800">
          Model
        </span>
        <Tooltip content={MODEL_TOOLTIP}>
          <button
            type="button"
            className="rounded-full p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
            aria-label="About the models"
          >
            <Info className="size-4" aria-hidden="true" />
          </button>
        </Tooltip>
        <span id={tipId} className="sr-only">
          {MODEL_TOOLTIP}
        </span>
      </div>
      <div role="radiogroup" aria-labelledby={labelId} aria-describedby={tipId} className="grid gap-2 sm:grid-cols-2">
        {MODEL_OPTIONS.map((m) => {
          const checked = value === m.value;
          return (
            <label
              key={m.value}
              className={cn(
                "flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-left transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
                checked ? "border-brand-600 bg-brand-50" : "border-slate-300 bg-white hover:bg-slate-50",
              )}
            >
              <input
                type="radio"
                name={name}
                value={m.value}
                checked={checked}
                onChange={() => onChange(m.value)}
                className="mt-1 size-4 accent-brand-700"
              />
              <span className="min-w-0">
                <span className="block text-sm font-semibold text-slate-900">
                  {m.name} <span className="font-normal text-slate-600">· {m.form}</span>
                </span>
                <span className="block text-xs text-slate-600">{m.detail}</span>
              </span>
            </label>
          );
        })}
      </div>
    </div>
  );
}
