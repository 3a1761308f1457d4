// Improvement after a revision or a final rewrite (spec §2): AI % before → after and flagged
// sentences before → after, each with its change in words ("down 23.4 points"), not only in colour.
import { ArrowDown, ArrowRight, ArrowUp, Minus } from "lucide-react";
import type { DetectionResult } from "../../../shared/detection";
import { countOf } from "../../../shared/plural";
import { Spinner } from "../../components/ui/spinner";
import { cn } from "../../lib/cn";
import { aiPercentOf, percentDelta } from "./highlight";
import { formatPercent } from "./percent";

export interface ImprovementSummaryProps {
  /** Detection of the text before the revision (null: none, or unavailable). */
  before: DetectionResult | null | undefined;
  /** Detection of the revised text (null: not yet, or unavailable). */
  after: DetectionResult | null | undefined;
  /** The "after" check is running. */
  loading?: boolean;
  className?: string;
}

function Change({
  delta,
  unit,
  lowerIsBetter = true,
}: {
  delta: number | null;
  unit: string;
  lowerIsBetter?: boolean;
}) {
  if (delta === null) return null;
  const better = lowerIsBetter ? delta < 0 : delta > 0;
  const Icon = delta === 0 ? Minus : delta < 0 ? ArrowDown : ArrowUp;
  const amount = Math.abs(delta);
  const text = delta === 0 ? "no change" : `${delta < 0 ? "down" : "up"} ${countOf(amount, unit)}`;
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium",
        delta === 0
          ? "bg-slate-100 text-slate-700"
          : better
            ? "bg-emerald-100 text-emerald-800"
            : "bg-red-100 text-red-800",
      )}
    >
      <Icon className="size-3" aria-hidden="true" />
      {text}
    </span>
  );
}

export function ImprovementSummary({ before, after, loading = false, className }: ImprovementSummaryProps) {
  const aiBefore = aiPercentOf(before);
  const aiAfter = aiPercentOf(after);
  const flaggedBefore = before?.success ? before.aiSentences.length : null;
  const flaggedAfter = after?.success ? after.aiSentences.length : null;
  const afterValue = (v: string) =>
    loading ? (
      <span className="inline-flex items-center gap-1 text-slate-600">
        <Spinner className="size-3" label="Analyzing" /> analyzing…
      </span>
    ) : (
      v
    );
  return (
    <dl className={cn("grid gap-3 sm:grid-cols-2", className)} data-testid="improvement-summary">
      <div className="rounded-lg border border-slate-200 bg-white p-3">
        <dt className="text-xs font-medium text-slate-600">AI detected</dt>
        <dd className="mt-1 flex flex-wrap items-center gap-2 text-lg font-semibold tabular-nums text-slate-900">
          <span>{formatPercent(aiBefore)}</span>
          <ArrowRight className="size-4 text-slate-500" aria-hidden="true" />
          <span className="sr-only">to</span>
          <span>{afterValue(formatPercent(aiAfter))}</span>
          {!loading && <Change delta={percentDelta(aiBefore, aiAfter)} unit="point" />}
        </dd>
      </div>
      <div className="rounded-lg border border-slate-200 bg-white p-3">
        <dt className="text-xs font-medium text-slate-600">Flagged sentences</dt>
        <dd className="mt-1 flex flex-wrap items-center gap-2 text-lg font-semibold tabular-nums text-slate-900">
          <span>{flaggedBefore ?? "—"}</span>
          <ArrowRight className="size-4 text-slate-500" aria-hidden="true" />
          <span className="sr-only">to</span>
          <span>{afterValue(flaggedAfter === null ? "—" : String(flaggedAfter))}</span>
          {!loading && (
            <Change
              delta={flaggedBefore === null || flaggedAfter === null ? null : flaggedAfter - flaggedBefore}
              unit="sentence"
            />
          )}
        </dd>
      </div>
    </dl>
  );
}
