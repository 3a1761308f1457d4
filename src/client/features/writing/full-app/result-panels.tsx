// The full app's results: the accordion of Original Draft, AI Detection Analysis, Final Optimized
// Draft and Code Version, each with its status, fed by the writing session.
import { ClipboardCopy } from "lucide-react";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "../../../components/ui/accordion";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { writingCost } from "../../credits/estimates";
import { copyToClipboard, DetectionPanel } from "../../detection";
import { DraftView, ResultMeta } from "../console/draft-view";
import { type PanelStatus, StatusBadge, TextBox } from "../console/panel";
import { FinalRewriteBody, RevisedComparisonBody, statusOf } from "../console/result-panels";
import type { useWritingSession } from "../console/use-writing-session";
import { Markdown } from "../markdown";

export type Section = "draft" | "detection" | "final" | "code";

export function ResultPanels({
  session,
  open,
  onOpenChange,
  live,
}: {
  session: ReturnType<typeof useWritingSession>;
  open: Section[];
  onOpenChange: (open: Section[]) => void;
  /** The draft as it streams in; null when not writing. */
  live: string | null;
}) {
  const { draft, revision, final, busy } = session;
  const generating = busy === "execute";
  const draftStatus: PanelStatus = generating ? "Writing" : draft ? "Ready" : "Pending";
  const detectionStatus = statusOf(draft, false, session.draftDetection);
  const finalStatus = statusOf(final, busy === "final-rewrite", session.finalDetection);
  const codeStatus: PanelStatus = final ? "Ready" : "Pending";

  return (
    <Card>
      <h2 className="sr-only">Results</h2>
      <Accordion
        type="multiple"
        value={open}
        onValueChange={(v) => onOpenChange(v as Section[])}
        className="px-5"
        data-testid="result-panels"
      >
        <AccordionItem value="draft">
          <Trigger title="Original Draft" status={draftStatus} />
          <AccordionContent className="space-y-3">
            {generating && live !== null ? (
              <div className="space-y-2" data-testid="live-draft">
                <p className="text-xs text-slate-600" role="status">
                  Writing… the draft appears as it is written.
                </p>
                {live && (
                  <TextBox label="Draft being written">
                    <Markdown text={live} />
                  </TextBox>
                )}
              </div>
            ) : draft ? (
              <>
                <ResultMeta result={draft} />
                <DraftView text={draft.draft} detection={session.draftDetection.result} label="Original draft" />
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void copyToClipboard(draft.draft, { success: "Draft copied to the clipboard" })}
                >
                  <ClipboardCopy aria-hidden="true" /> Copy Draft
                </Button>
              </>
            ) : (
              <p className="text-slate-600">Fill in the form and press Generate. The draft appears here.</p>
            )}
          </AccordionContent>
        </AccordionItem>

        <AccordionItem value="detection">
          <Trigger title="AI Detection Analysis" status={detectionStatus} />
          <AccordionContent className="space-y-4">
            {!draft ? (
              <p className="text-slate-600">The draft is checked for AI-written sentences as soon as it is ready.</p>
            ) : (
              <>
                <DetectionPanel
                  title="Original draft"
                  className="shadow-none"
                  result={session.draftDetection.result}
                  loading={session.draftDetection.pending}
                  onRevise={() => void session.revise("draft")}
                  revisePending={busy === "revise"}
                  onFinalRewrite={() => void session.rewrite("draft")}
                  finalRewritePending={busy === "final-rewrite"}
                  actionsDisabled={busy !== null}
                  actionCost={writingCost(draft.draft, draft.writer)}
                >
                  {!session.draftDetection.result && !session.draftDetection.pending && (
                    <Button size="sm" variant="outline" onClick={() => void session.draftDetection.run(draft)}>
                      Analyze AI Content
                    </Button>
                  )}
                </DetectionPanel>
                {(revision || busy === "revise") && (
                  <section
                    aria-labelledby="app-revised-title"
                    className="space-y-3 rounded-xl border border-slate-200 p-4"
                  >
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <h3 id="app-revised-title" className="text-base font-semibold text-slate-900">
                        Revised draft
                      </h3>
                      <StatusBadge status={statusOf(revision, busy === "revise", session.revisedDetection)} />
                    </div>
                    <RevisedComparisonBody
                      revision={revision}
                      detection={session.revisedDetection}
                      writing={busy === "revise"}
                      busy={busy !== null}
                      onReviseAgain={() => void session.revise("revised")}
                      onFinalRewrite={() => void session.rewrite("revised")}
                      onClose={session.closeRevision}
                    />
                  </section>
                )}
              </>
            )}
          </AccordionContent>
        </AccordionItem>

        <AccordionItem value="final">
          <Trigger title="Final Optimized Draft" status={finalStatus} />
          <AccordionContent className="space-y-4">
            {final || busy === "final-rewrite" ? (
              <FinalRewriteBody
                final={final}
                detection={session.finalDetection}
                writing={busy === "final-rewrite"}
                busy={busy !== null}
                onRevise={() => void session.revise("final")}
                onRewriteAgain={() => void session.rewrite("final")}
                onClose={session.closeFinal}
              />
            ) : (
              <p className="text-slate-600">
                Use Final Rewrite in the AI Detection Analysis to rewrite the whole draft with its flagged sentences in
                mind.
              </p>
            )}
          </AccordionContent>
        </AccordionItem>

        <AccordionItem value="code" className="border-b-0">
          <Trigger title="Code Version" status={codeStatus} />
          <AccordionContent className="space-y-3">
            {final ? (
              <>
                <p className="text-slate-600">The final optimized draft as Markdown, ready to paste.</p>
                <TextBox label="Final draft as Markdown" className="max-h-96 border-slate-800 bg-slate-900">
                  <pre
                    className="whitespace-pre-wrap break-words font-mono text-xs leading-5 text-slate-100"
                    data-testid="code-version"
                  >
                    {final.final.draft}
                  </pre>
                </TextBox>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() =>
                    void copyToClipboard(final.final.draft, { success: "Markdown copied to the clipboard" })
                  }
                >
                  <ClipboardCopy aria-hidden="true" /> Copy Markdown
                </Button>
              </>
            ) : (
              <p className="text-slate-600">The Markdown of the final optimized draft appears here.</p>
            )}
          </AccordionContent>
        </AccordionItem>
      </Accordion>
    </Card>
  );
}

function Trigger({ title, status }: { title: string; status: PanelStatus }) {
  return (
    <AccordionTrigger className="text-base hover:no-underline">
      <span className="flex flex-1 flex-wrap items-center justify-between gap-2 pr-2">
        <span className="font-semibold text-slate-900 hover:underline">{title}</span>
        <StatusBadge status={status} />
      </span>
    </AccordionTrigger>
  );
}
