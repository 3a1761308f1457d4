// The console's right-column panels (spec §2), each shown only when relevant: Blog Post Preview,
// Revised Content Preview (original and revised side by side) and Final Rewrite Preview (with
// 'Continue Iterating'). The AI Detection Analysis panel is detection's DetectionPanel.

import { ClipboardCopy, Code2, RefreshCw, ScanSearch, Wand2, X } from "lucide-react";
import type * as React from "react";
import type { DetectionResult } from "../../../../shared/detection";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { copyToClipboard, ImprovementSummary, StatCards } from "../../detection";
import type { DraftResult } from "../types";
import type { DetectionSlot } from "./detection-slot";
import { DraftView, ResultMeta } from "./draft-view";
import { Panel, type PanelStatus } from "./panel";
import { type FinalRewrite as FinalRewriteState, flaggedOf, type Revision } from "./use-writing-session";

/** A panel's status from its text and its analysis. */
export function statusOf(text: unknown, writing: boolean, detection?: DetectionSlot): PanelStatus {
  if (writing) return "Writing";
  if (!text) return "Pending";
  if (detection?.pending) return "Analyzing";
  if (detection?.result?.success) return "Complete";
  if (detection?.result) return "Unavailable";
  return "Ready";
}

function Writing({ what }: { what: string }) {
  return (
    <p className="flex items-center gap-2 rounded-lg bg-blue-50 p-4 text-sm text-blue-900" role="status">
      <Spinner label={what} /> {what}
    </p>
  );
}

/** A "Copy …" button that copies `text` and toasts `success`. */
function CopyButton({ text, success, children }: { text: string; success: string; children: React.ReactNode }) {
  return (
    <Button size="sm" variant="outline" onClick={() => void copyToClipboard(text, { success })}>
      <ClipboardCopy aria-hidden="true" /> {children}
    </Button>
  );
}

/** One side of the original/revised comparison. */
function ComparisonColumn({ heading, ...view }: { heading: string } & React.ComponentProps<typeof DraftView>) {
  return (
    <div className="min-w-0 space-y-2">
      <h3 className="text-sm font-semibold text-slate-800">{heading}</h3>
      <DraftView compact className="sm:max-h-96" {...view} />
    </div>
  );
}

/** The revise / rewrite pair, both off while anything runs or nothing is flagged. */
function IterateButtons({
  detection,
  busy,
  revise,
  rewrite,
}: {
  detection: DetectionSlot;
  busy: boolean;
  revise: { label: string; onClick: () => void };
  rewrite: { label: string; onClick: () => void };
}) {
  const disabled = busy || detection.pending || flaggedOf(detection.result).length === 0;
  return (
    <>
      <Button size="sm" onClick={revise.onClick} disabled={disabled}>
        <RefreshCw aria-hidden="true" /> {revise.label}
      </Button>
      <Button size="sm" variant="secondary" onClick={rewrite.onClick} disabled={disabled}>
        <Wand2 aria-hidden="true" /> {rewrite.label}
      </Button>
    </>
  );
}

const noFlaggedHint = (d: DetectionResult | undefined) =>
  d?.success && d.aiSentences.length === 0 ? "Nothing is flagged, so there is nothing to revise or rewrite." : null;

export function BlogPostPreview({
  draft,
  detection,
  writing,
}: {
  draft: DraftResult | null;
  detection: DetectionSlot;
  writing: boolean;
}) {
  return (
    <Panel
      title="Blog Post Preview"
      status={statusOf(draft, writing, detection)}
      focusKey={draft?.requestId ?? null}
      testId="blog-post-preview"
    >
      {writing && <Writing what="Writing your draft…" />}
      {draft && (
        <>
          <ResultMeta result={draft} />
          <DraftView text={draft.draft} detection={detection.result} label="Blog post" />
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={detection.pending || writing}
              onClick={() => void detection.run(draft)}
            >
              <ScanSearch aria-hidden="true" /> Run AI Detection
            </Button>
            <CopyButton text={draft.draft} success="Blog post copied to the clipboard">
              Copy Blog
            </CopyButton>
          </div>
        </>
      )}
    </Panel>
  );
}

interface RevisedProps {
  revision: Revision | null;
  detection: DetectionSlot;
  writing: boolean;
  busy: boolean;
  onReviseAgain: () => void;
  onFinalRewrite: () => void;
  onClose: () => void;
}

export function RevisedComparison(props: RevisedProps) {
  const { revision, detection, writing } = props;
  return (
    <Panel
      title="Revised Content Preview"
      description="The flagged sentences rewritten in the context of the whole document."
      status={statusOf(revision, writing, detection)}
      focusKey={revision?.revised.requestId ?? null}
      testId="revised-content-preview"
    >
      <RevisedComparisonBody {...props} />
    </Panel>
  );
}

/** Original and revised side by side, the improvement, and what to do next. */
export function RevisedComparisonBody({
  revision,
  detection,
  writing,
  busy,
  onReviseAgain,
  onFinalRewrite,
  onClose,
}: RevisedProps) {
  const hint = noFlaggedHint(detection.result);
  return (
    <>
      {writing && <Writing what="Revising the flagged sentences…" />}
      {revision && (
        <>
          <ImprovementSummary
            before={revision.originalDetection}
            after={detection.result}
            loading={detection.pending}
          />
          <ResultMeta result={revision.revised} />
          <div className="grid gap-3 md:grid-cols-2">
            <ComparisonColumn
              heading="Original"
              text={revision.original.draft}
              detection={revision.originalDetection}
              label="Original content"
            />
            <ComparisonColumn
              heading="Revised"
              text={revision.revised.draft}
              detection={detection.result}
              label="Revised content"
            />
          </div>
          <StatCards result={detection.result} loading={detection.pending} />
          <div className="flex flex-wrap gap-2">
            <IterateButtons
              detection={detection}
              busy={busy}
              revise={{ label: "Revise Again", onClick: onReviseAgain }}
              rewrite={{ label: "Final Rewrite", onClick: onFinalRewrite }}
            />
            <CopyButton text={revision.revised.draft} success="Revised content copied to the clipboard">
              Copy Revised Content
            </CopyButton>
            <Button size="sm" variant="ghost" onClick={onClose}>
              <X aria-hidden="true" /> Close Comparison
            </Button>
          </div>
          {hint && <p className="text-xs text-slate-600">{hint}</p>}
        </>
      )}
    </>
  );
}

interface FinalProps {
  final: FinalRewriteState | null;
  detection: DetectionSlot;
  writing: boolean;
  busy: boolean;
  onRevise: () => void;
  onRewriteAgain: () => void;
  onClose?: () => void;
  onSeo?: () => void;
}

export function FinalRewritePreview(props: FinalProps) {
  const { final, detection, writing } = props;
  return (
    <Panel
      title="Final Rewrite Preview"
      description="The whole draft rewritten, its facts and structure kept."
      status={statusOf(final, writing, detection)}
      focusKey={final?.final.requestId ?? null}
      testId="final-rewrite-preview"
    >
      <FinalRewriteBody {...props} />
    </Panel>
  );
}

/** The final text with its own analysis, the improvement, and 'Continue Iterating'. */
export function FinalRewriteBody({
  final,
  detection,
  writing,
  busy,
  onRevise,
  onRewriteAgain,
  onClose,
  onSeo,
}: FinalProps) {
  const hint = noFlaggedHint(detection.result);
  return (
    <>
      {writing && <Writing what="Rewriting the whole draft…" />}
      {final && (
        <>
          <ResultMeta result={final.final} />
          <section aria-label="AI analysis of the final rewrite" className="space-y-3">
            <StatCards result={detection.result} loading={detection.pending} />
            <div>
              <h3 className="mb-2 text-sm font-semibold text-slate-800">Improvement</h3>
              <ImprovementSummary before={final.sourceDetection} after={detection.result} loading={detection.pending} />
            </div>
          </section>
          <DraftView text={final.final.draft} detection={detection.result} label="Final content" />
          <div className="rounded-lg border border-slate-200 bg-slate-50 p-3">
            <h3 className="text-sm font-semibold text-slate-800">Continue Iterating</h3>
            <p className="mt-0.5 text-xs text-slate-600">
              Revise the sentences still flagged, or rewrite the whole text again.
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <IterateButtons
                detection={detection}
                busy={busy}
                revise={{ label: "Revise", onClick: onRevise }}
                rewrite={{ label: "Rewrite Again", onClick: onRewriteAgain }}
              />
            </div>
            {hint && <p className="mt-2 text-xs text-slate-600">{hint}</p>}
          </div>
          <div className="flex flex-wrap gap-2">
            <CopyButton text={final.final.draft} success="Final content copied to the clipboard">
              Copy Final Content
            </CopyButton>
            {onSeo && (
              <Button size="sm" onClick={onSeo} disabled={busy}>
                <Code2 aria-hidden="true" /> SEO Optimize
              </Button>
            )}
            {onClose && (
              <Button size="sm" variant="ghost" onClick={onClose}>
                <X aria-hidden="true" /> Close Preview
              </Button>
            )}
          </div>
        </>
      )}
    </>
  );
}
