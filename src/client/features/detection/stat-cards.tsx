// The four stat cards (spec §2): AI Detected %, Human-like %, Words, Flagged. A definition list, so a
// screen reader reads each label with its value; "Analyzing…" while a check runs, "—" when unknown.
import { Bot, FileText, Flag, UserRound } from "lucide-react";
import type { ReactNode } from "react";
import type { DetectionResult } from "../../../shared/detection";
import { Spinner } from "../../components/ui/spinner";
import { cn } from "../../lib/cn";
import { formatPercent } from "./highlight";

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
  label,
  value,
  icon,
  tone,
  note,
  loading,
}: {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  tone?: "danger" | "success" | "neutral";
  note?: string;
  loading?: boolean;
}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
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
  return (
    <dl className={cn("grid grid-cols-2 gap-3 lg:grid-cols-4", className)} data-testid="stat-cards">
      <Stat
        label="AI Detected"
        icon={<Bot />}
        loading={loading}
        value={ok ? formatPercent(result.aiPercentage) : "—"}
        tone={ok ? (result.isAiGenerated ? "danger" : "neutral") : "neutral"}
        note={ok ? (result.isAiGenerated ? "Likely AI-written" : "Not called AI-written") : unavailable}
      />
      <Stat
        label="Human-like"
        icon={<UserRound />}
        loading={loading}
        value={ok ? formatPercent(result.humanPercentage) : "—"}
        tone={ok && !result.isAiGenerated ? "success" : "neutral"}
      />
      <Stat
        label="Words"
        icon={<FileText />}
        value={words ? words.toLocaleString("en-US") : "—"}
        note={ok ? "Words analysed" : undefined}
      />
      <Stat
        label="Flagged"
        icon={<Flag />}
        loading={loading}
        value={ok ? result.aiSentences.length.toLocaleString("en-US") : "—"}
        tone={ok && result.aiSentences.length > 0 ? "danger" : "neutral"}
        note={ok ? (result.aiSentences.length === 1 ? "sentence" : "sentences") : undefined}
      />
    </dl>
  );
}
