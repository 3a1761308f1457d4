// The four stat cards (spec §2): AI Detected %, Human-like %, Words, Flagged, and under them the verdict
// (likely human / mixed or uncertain / likely AI) with its reason. A definition list, so a screen reader
// reads each label with its value; "Analyzing…" while a check runs, "—" when unknown. The AI card's note
// and colour follow the verdict, so the percentage, the verdict and the flag count never disagree.
import { Bot, FileText, Flag, UserRound } from "lucide-react";
import type { ReactNode } from "react";
import type { DetectionResult } from "../../../shared/detection";
import { formatNumber } from "../../../shared/number-text";
import { verdictOf } from "../../../shared/verdict";
import { Spinner } from "../../components/ui/spinner";
import { cn } from "../../lib/cn";
import { formatPercent } from "./percent";
import { VerdictNote } from "./verdict";

export interface StatCardsProps {
  /** The latest detection of the text shown; null/undefined before any. */
  result?: DetectionResult | null;
  /** A check is running. */
  loading?: boolean;
  /** Words of the text, shown before a detection reports its own count. */
  wordCount?: number;
  className?: string;
}

function Stat({
  id,
  label,
  value,
  icon,
  tone,
  note,
  loading,
}: {
  /** data-stat: a stable hook for tests ("ai", "human", "words", "flagged"). */
  id: string;
  label: string;
  value: ReactNode;
  icon: ReactNode;
  tone?: "danger" | "success" | "neutral";
  note?: string;
  loading?: boolean;
}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-stat={id}>
      <dt className="flex items-center gap-2 text-sm font-medium text-slate-600">
        <span aria-hidden="true" className="text-slate-500 [&_svg]:size-4">
          {icon}
        </span>
        {label}
      </dt>
      <dd
        className={cn(
          "mt-1 text-2xl font-semibold tabular-nums",
          tone === "danger" ? "text-red-700" : tone === "success" ? "text-emerald-700" : "text-slate-900",
        )}
      >
        {loading ? (
          <span className="inline-flex items-center gap-2 text-base font-medium text-slate-600">
            <Spinner label="Analyzing" /> Analyzing…
          </span>
        ) : (
          value
        )}
      </dd>
      {note && !loading && <dd className="mt-0.5 text-xs text-slate-600">{note}</dd>}
    </div>
  );
}

export function StatCards({ result, loading = false, wordCount, className }: StatCardsProps) {
  const ok = result?.success === true;
  const words = result?.wordCount || wordCount;
  const unavailable = result && !result.success ? "Detection unavailable" : undefined;
  const verdict = ok ? verdictOf(result) : undefined;
  return (
    <dl className={cn("grid grid-cols-2 gap-3 lg:grid-cols-4", className)} data-testid="stat-cards">
      <Stat
        id="ai"
        label="AI Detected"
        icon={<Bot />}
        loading={loading}
        value={ok ? formatPercent(result.aiPercentage) : "—"}
        tone={verdict?.level === "likely_ai" ? "danger" : "neutral"}
        note={verdict ? verdict.label : unavailable}
      />
      <Stat
        id="human"
        label="Human-like"
        icon={<UserRound />}
        loading={loading}
        value={ok ? formatPercent(result.humanPercentage) : "—"}
        tone={verdict?.level === "likely_human" ? "success" : "neutral"}
      />
      <Stat id="words" label="Words" icon={<FileText />} value={words ? formatNumber(words) : "—"} />
      <Stat
        id="flagged"
        label="Flagged"
        icon={<Flag />}
        loading={loading}
        value={ok ? formatNumber(result.aiSentences.length) : "—"}
        tone={ok && result.aiSentences.length > 0 ? "danger" : "neutral"}
        note={ok ? (result.aiSentences.length === 1 ? "sentence" : "sentences") : undefined}
      />
      {ok && !loading && (
        <div className="col-span-full">
          <dt className="sr-only">Verdict</dt>
          <dd>
            <VerdictNote result={result} />
          </dd>
        </div>
      )}
    </dl>
  );
}
