// The verdict beside the percentage: likely human / mixed or uncertain / likely AI, with the reason in
// words. Every screen takes it from verdictOf (shared), which never returns a verdict that contradicts
// the percentage and the flagged sentences shown next to it.
import { Bot, CircleHelp, UserRoundCheck } from "lucide-react";
import type { DetectionResult, VerdictLevel } from "../../../shared/detection";
import { verdictOf } from "../../../shared/verdict";
import { cn } from "../../lib/cn";

export const VERDICT_STYLES: Record<VerdictLevel, { icon: typeof Bot; box: string; text: string }> = {
  likely_human: { icon: UserRoundCheck, box: "border-emerald-300 bg-emerald-50", text: "text-emerald-900" },
  uncertain: { icon: CircleHelp, box: "border-amber-300 bg-amber-50", text: "text-amber-950" },
  likely_ai: { icon: Bot, box: "border-red-300 bg-red-50", text: "text-red-900" },
};

export interface VerdictNoteProps {
  /** A successful detection (callers show their own 'unavailable' state for failures). */
  result: DetectionResult;
  className?: string;
}

/**
 * What "AI Detected" is and isn't, said once under every verdict (issue 31, item 5): the headline
 * figure is a whole-text estimate, so it can be far above the share of flagged sentences.
 */
export const AI_PERCENT_MEANING =
  "AI Detected is the detector's estimate for the whole text, not the share of flagged sentences, and not proof of who wrote it.";

/** The level with its icon and label, then the reason, then what the percentage means. */
export function VerdictNote({ result, className }: VerdictNoteProps) {
  const verdict = verdictOf(result);
  const style = VERDICT_STYLES[verdict.level];
  const Icon = style.icon;
  return (
    <div
      className={cn("flex gap-2 rounded-lg border p-3 text-sm", style.box, style.text, className)}
      data-testid="detection-verdict"
      data-level={verdict.level}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="space-y-1">
        <p>
          <span className="font-semibold">{verdict.label}</span>
          <span className="sr-only">:</span> <span>{verdict.reason}</span>
        </p>
        <p className="text-xs" data-testid="percent-meaning">
          {AI_PERCENT_MEANING}
        </p>
      </div>
    </div>
  );
}
