// A draft on the Results screen, shown three ways: with the detector's highlights (once analysed),
// formatted from its markdown, or as the markdown source itself.
import { useId } from "react";
import type { DetectionResult } from "../../../../shared/detection";
import { cn } from "../../../lib/cn";
import { HighlightedDraft } from "../../detection";
import { Markdown } from "../markdown";

export type TextMode = "highlights" | "formatted" | "markdown";

const MODES: { id: TextMode; label: string }[] = [
  { id: "highlights", label: "Highlights" },
  { id: "formatted", label: "Formatted" },
  { id: "markdown", label: "Markdown" },
];

/** Highlights need an analysis with sentence scores; without one the formatted view stands in. */
export function effectiveMode(mode: TextMode, detection: DetectionResult | null): TextMode {
  return mode === "highlights" && !canHighlight(detection) ? "formatted" : mode;
}

export const canHighlight = (d: DetectionResult | null): d is DetectionResult => Boolean(d?.success);

export function TextModeToggle({
  value,
  onChange,
  detection,
  label,
}: {
  value: TextMode;
  onChange: (mode: TextMode) => void;
  detection: DetectionResult | null;
  label: string;
}) {
  const name = useId();
  const shown = effectiveMode(value, detection);
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className="inline-flex shrink-0 rounded-lg bg-slate-100 p-1 text-sm"
      data-testid="text-mode"
    >
      {MODES.map((m) => {
        const disabled = m.id === "highlights" && !canHighlight(detection);
        const checked = shown === m.id;
        return (
          <label
            key={m.id}
            title={disabled ? "Analyze the text first to see its highlights" : undefined}
            className={cn(
              "cursor-pointer rounded-md px-2.5 py-1 font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600",
              checked ? "bg-white text-slate-900 shadow-sm" : "text-slate-700 hover:text-slate-900",
              disabled && "cursor-not-allowed opacity-50",
            )}
          >
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={m.id}
              checked={checked}
              disabled={disabled}
              onChange={() => onChange(m.id)}
            />
            {m.label}
          </label>
        );
      })}
    </div>
  );
}

export function DraftText({
  text,
  mode,
  detection,
  label,
}: {
  text: string;
  mode: TextMode;
  detection: DetectionResult | null;
  label: string;
}) {
  const shown = effectiveMode(mode, detection);
  return (
    <section aria-label={label} data-testid="draft-text" data-mode={shown}>
      {shown === "highlights" && canHighlight(detection) ? (
        <HighlightedDraft text={text} result={detection} label={`${label} with AI highlights`} />
      ) : shown === "markdown" ? (
        <pre className="overflow-x-auto whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-4 font-mono text-sm leading-6 text-slate-800">
          {text}
        </pre>
      ) : (
        <Markdown text={text} />
      )}
    </section>
  );
}
