// The SEO report as marketers know it from Yoast: the overall score, then each check with a coloured
// dot, its status in words (Good / Improve / Problem) and one line of advice. Problems first.
import { useId } from "react";
import { countOf } from "../../../shared/plural";
import type { SeoReport } from "../../../shared/seo";
import { cn } from "../../lib/cn";
import { CHECK_STATUS, reportCounts, reportStatus, scoreStatus, sortedChecks } from "./seo-helpers";

export interface SeoReportViewProps {
  report: SeoReport;
  /** Heading text. Default 'SEO report'. */
  title?: string;
  className?: string;
}

/** The score and its word; with the report, the word also follows its checks (`reportStatus`). */
export function SeoScore({ score, report, className }: { score: number; report?: SeoReport; className?: string }) {
  const status = CHECK_STATUS[report ? reportStatus(report) : scoreStatus(score)];
  return (
    <span
      className={cn(
        "inline-flex items-center gap-2 rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold",
        className,
      )}
      data-testid="seo-score"
    >
      <span className={cn("size-2.5 rounded-full", status.dot)} aria-hidden="true" />
      <span className="text-slate-900">SEO score {score}/100</span>
      <span className={cn("font-medium", status.text)}>({status.label})</span>
    </span>
  );
}

export function SeoReportView({ report, title = "SEO report", className }: SeoReportViewProps) {
  const headingId = useId();
  const counts = reportCounts(report);
  return (
    <section aria-labelledby={headingId} className={cn("space-y-3", className)} data-testid="seo-report">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          {title}
        </h3>
        <SeoScore score={report.score} report={report} />
      </div>
      <p className="text-xs text-slate-600">
        {counts.good} good · {counts.ok} to improve · {countOf(counts.bad, "problem")}
      </p>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {sortedChecks(report).map((check) => {
          const s = CHECK_STATUS[check.status];
          return (
            <li key={check.id} className="flex gap-3 px-3 py-2" data-status={check.status}>
              <span className={cn("mt-1.5 size-2.5 shrink-0 rounded-full", s.dot)} aria-hidden="true" />
              <div className="min-w-0 text-sm">
                <p className="font-medium text-slate-900">
                  {check.label} <span className={cn("text-xs font-semibold", s.text)}>· {s.label}</span>
                </p>
                <p className="text-slate-700">{check.advice}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
