// The AI Detection Analysis panel (spec §2): AI %, human %, words analysed, the flagged sentences
// (click one to copy it), Copy AI Text, and the Revise Content / Final Rewrite actions with their
// pending states (or any actions of the caller's as children). Beside the percentages, the verdict (likely
// human / mixed or uncertain / likely AI) with its reason. success:false shows 'AI Detection
// Unavailable' with the detector's reason.
import { AlertTriangle, ClipboardCopy, Loader2, RefreshCw, Wand2 } from "lucide-react";
import { type ReactNode, useId } from "react";
import type { DetectionResult } from "../../../shared/detection";
import { formatNumber } from "../../../shared/number-text";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { PendingButton } from "../../components/ui/pending-button";
import { Spinner } from "../../components/ui/spinner";
import { cn } from "../../lib/cn";
import { copyToClipboard } from "./clipboard";
import { plainSentence } from "./highlight";
import { formatPercent } from "./percent";
import { VerdictNote } from "./verdict";

export interface DetectionPanelProps {
  /** The detection to show; null/undefined before any. */
  result: DetectionResult | null | undefined;
  /** A check is running. */
  loading?: boolean;
  /** Card title. Default 'AI Detection Analysis'. */
  title?: string;
  /** Which text the figures describe ("Draft", "Final version"), shown under the title when given. */
  subject?: string;
  /** Shown before any analysis. */
  emptyText?: string;
  /** Revise Content: shown when given; needs flagged sentences. */
  onRevise?: () => void;
  revisePending?: boolean;
  /** Default 'Revise Content'. */
  reviseLabel?: string;
  /** Final Rewrite: shown when given; needs flagged sentences. */
  onFinalRewrite?: () => void;
  finalRewritePending?: boolean;
  /** Default 'Final Rewrite'. */
  finalRewriteLabel?: string;
  /** What Revise Content / Final Rewrite are expected to cost ("about 5 credits"), shown under them. */
  actionCost?: string;
  /** Disables Revise/Final Rewrite (e.g. another step is running). */
  actionsDisabled?: boolean;
  /** Extra actions (slot), rendered after the built-in buttons. */
  children?: ReactNode;
  className?: string;
}

/** One figure of the panel's summary: a tinted term / value pair. */
function Stat({
  id,
  label,
  className,
  valueClassName,
  children,
}: {
  /** data-stat: a stable hook for tests. */
  id: string;
  label: string;
  className: string;
  valueClassName: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("rounded-lg p-2", className)} data-stat={id}>
      <dt className="text-xs text-slate-700">{label}</dt>
      <dd className={cn("text-lg font-semibold tabular-nums", valueClassName)}>{children}</dd>
    </div>
  );
}

export function DetectionPanel({
  result,
  loading = false,
  title = "AI Detection Analysis",
  subject,
  emptyText = "Run AI detection to see which sentences read as machine-written.",
  onRevise,
  revisePending = false,
  reviseLabel = "Revise Content",
  onFinalRewrite,
  finalRewritePending = false,
  finalRewriteLabel = "Final Rewrite",
  actionsDisabled = false,
  actionCost,
  children,
  className,
}: DetectionPanelProps) {
  const listId = useId();
  const hintId = useId();
  const ok = result?.success === true;
  const flagged = ok ? result.aiSentences : [];
  const busy = revisePending || finalRewritePending;
  const needFlagged = ok && flagged.length === 0;
  const actionProps = {
    size: "sm" as const,
    disabled: needFlagged || actionsDisabled || busy,
    "aria-describedby": needFlagged ? hintId : undefined,
  };

  const status = loading ? (
    <Badge variant="secondary">
      <Spinner className="size-3" label="Analyzing" /> Analyzing
    </Badge>
  ) : !result ? (
    <Badge variant="outline">Pending</Badge>
  ) : ok ? (
    <Badge variant="success">Complete</Badge>
  ) : (
    <Badge variant="warning">Unavailable</Badge>
  );

  return (
    <Card className={className} data-testid="detection-panel">
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle className="text-base">{title}</CardTitle>
          {status}
        </div>
        {subject && (
          <p className="text-sm text-slate-600" data-testid="detection-subject">
            Figures for: <span className="font-semibold text-slate-900">{subject}</span>
          </p>
        )}
        {ok && result.detector !== "builtin" && (
          <CardDescription>Checked by {result.detector === "gptzero" ? "GPTZero" : "Sapling"}.</CardDescription>
        )}
      </CardHeader>
      <CardContent className="space-y-4">
        {!result && !loading && <p className="text-sm text-slate-600">{emptyText}</p>}
        {!result && loading && (
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Analyzing the text…
          </p>
        )}

        {result && !result.success && (
          <div
            role="status"
            className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          >
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <div>
              <p className="font-medium">AI Detection Unavailable</p>
              <p>{result.error || "The AI detector could not check this text."}</p>
            </div>
          </div>
        )}

        {ok && (
          <>
            <dl className="grid grid-cols-3 gap-2 text-center">
              <Stat id="ai" label="AI" className="bg-red-50" valueClassName="text-red-800">
                {formatPercent(result.aiPercentage)}
              </Stat>
              <Stat id="human" label="Human" className="bg-emerald-50" valueClassName="text-emerald-800">
                {formatPercent(result.humanPercentage)}
              </Stat>
              <Stat id="words" label="Words" className="bg-slate-50" valueClassName="text-slate-900">
                {formatNumber(result.wordCount)}
              </Stat>
            </dl>
            <div className="flex h-2 overflow-hidden rounded-full bg-emerald-200" aria-hidden="true">
              <div className="bg-red-500" style={{ width: `${result.aiPercentage}%` }} />
            </div>
            <VerdictNote result={result} />

            <section aria-labelledby={listId} className="space-y-2">
              <h3 id={listId} className="text-sm font-medium text-slate-800">
                Flagged sentences ({flagged.length})
              </h3>
              {flagged.length === 0 ? (
                <p className="text-sm text-slate-600">No sentences were flagged as AI-written.</p>
              ) : (
                <>
                  <p className="text-xs text-slate-600">Select a sentence to copy it.</p>
                  <ul className="max-h-80 space-y-1.5 overflow-y-auto pr-1" data-testid="flagged-sentences">
                    {flagged.map((sentence, i) => (
                      <li key={i}>
                        <button
                          type="button"
                          className="w-full rounded-md border border-red-200 bg-red-50 px-3 py-2 text-left text-sm text-slate-900 hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-brand-600"
                          onClick={() =>
                            void copyToClipboard(sentence, {
                              success: "Sentence copied to the clipboard",
                              failure: "Failed to copy AI sentences",
                            })
                          }
                        >
                          <span className="sr-only">Copy: </span>
                          {plainSentence(sentence)}
                        </button>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </section>
          </>
        )}

        {(ok || children) && (
          <div className="flex flex-wrap gap-2">
            {ok && (
              <Button
                variant="outline"
                size="sm"
                disabled={flagged.length === 0}
                onClick={() =>
                  void copyToClipboard(flagged.join("\n"), {
                    success: `${flagged.length} flagged ${flagged.length === 1 ? "sentence" : "sentences"} copied`,
                    failure: "Failed to copy AI sentences",
                  })
                }
              >
                <ClipboardCopy aria-hidden="true" /> Copy AI Text
              </Button>
            )}
            {ok && onRevise && (
              <PendingButton
                {...actionProps}
                onClick={onRevise}
                pending={revisePending}
                icon={RefreshCw}
                pendingLabel="Revising…"
              >
                {reviseLabel}
              </PendingButton>
            )}
            {ok && onFinalRewrite && (
              <PendingButton
                {...actionProps}
                variant="secondary"
                onClick={onFinalRewrite}
                pending={finalRewritePending}
                icon={Wand2}
                pendingLabel="Rewriting…"
              >
                {finalRewriteLabel}
              </PendingButton>
            )}
            {children}
          </div>
        )}
        {ok && actionCost && !needFlagged && (onRevise || onFinalRewrite) && (
          <p className="text-xs text-slate-600" data-testid="action-cost">
            {[onRevise && reviseLabel, onFinalRewrite && finalRewriteLabel].filter(Boolean).join(" or ")}: {actionCost}{" "}
            each
          </p>
        )}
        {needFlagged && (onRevise || onFinalRewrite) && (
          <p id={hintId} className="text-xs text-slate-600">
            Revise Content and Final Rewrite work on flagged sentences; none were flagged.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
