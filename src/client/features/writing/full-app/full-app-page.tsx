// The full generation app (/draftsmith/generate, spec §2): the session form in tabs on the left; on
// the right the accordion of Original Draft, AI Detection Analysis, Final Optimized Draft and Code
// Version (each with its status), the SEO Optimization card once a draft exists, and Request History.
// Generate needs 5 credits (spec §5, §9); the draft streams in as it is written and is analysed
// automatically, as is every revision and final rewrite (spec §4). Every step is saved to one document,
// whose id the URL carries (`?document=`): a reload, or "Continue in the full app", reopens it.
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { ClipboardCopy, Files, TerminalSquare } from "lucide-react";
import { useCallback, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { MIN_CREDITS_FULL_APP } from "../../../../shared/limits";
import { documentPath, PAGE_ROUTES } from "../../../../shared/routes";
import { SessionContext } from "../../../../shared/writing";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "../../../components/ui/accordion";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs";
import { parseError } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { useAuth } from "../../auth/auth-context";
import { useInsufficientCredits, useRequireCredits } from "../../credits/insufficient-credits-dialog";
import { copyToClipboard, DetectionPanel } from "../../detection";
import { SeoPanel } from "../../seo";
import { HISTORY_KEY, resetHistory, streamExecute } from "../api";
import { DraftView, ResultMeta } from "../console/draft-view";
import { failureReason, isSignedOutError, NoContentError, toastNoContent } from "../console/failures";
import { FixedApiParameters } from "../console/fixed-parameters";
import { type PanelStatus, StatusBadge, TextBox } from "../console/panel";
import { RequestHistory } from "../console/request-history";
import { ResetHistoryDialog } from "../console/reset-history-dialog";
import { FinalRewriteBody, RevisedComparisonBody, statusOf } from "../console/result-panels";
import {
  MODEL_LABELS,
  type SessionFormValues,
  sessionDefaults,
  WRITING_STYLE_LABELS,
} from "../console/session-defaults";
import { useDocumentSession } from "../console/use-document-session";
import { useWritingSession } from "../console/use-writing-session";
import { Markdown } from "../markdown";
import { ContentForm } from "./content-form";

type Section = "draft" | "detection" | "final" | "code";

/** Errors the §8 table words by themselves (whatever the step). */
const PROVIDER_KINDS = new Set(["overloaded", "unavailable", "provider-credit"]);

export function FullAppPage() {
  const { user, credits, openSignIn } = useAuth();
  const queryClient = useQueryClient();
  const insufficient = useInsufficientCredits();
  const requireCredits = useRequireCredits();
  const form = useForm<SessionFormValues>({
    resolver: zodResolver(SessionContext) as never,
    defaultValues: sessionDefaults(),
  });
  const provider = form.watch("aiProvider");
  const style = form.watch("writingStyle");
  const [open, setOpen] = useState<Section[]>(["draft"]);
  const [live, setLive] = useState<string | null>(null);
  const [resetting, setResetting] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  const [tab, setTab] = useState("content");
  const lastSession = useRef<SessionContext | null>(null);

  const reveal = useCallback((...sections: Section[]) => {
    setOpen((cur) => [...new Set([...cur, ...sections])]);
  }, []);

  const session = useWritingSession({
    getSession: () => {
      const current = SessionContext.safeParse(form.getValues());
      return current.success ? current.data : lastSession.current;
    },
    onError: (err, step) => {
      setLive(null);
      if (insufficient.openFromError(err)) return;
      if (err instanceof NoContentError) return toastNoContent();
      const parsed = parseError(err);
      // Spec §8, full app: an authentication error means the session has expired → sign in again.
      if (isSignedOutError(err) || parsed.kind === "authentication") {
        toast.generationError({
          ...parsed,
          title: "Authentication Error",
          message: "Your session has expired. Please sign in again.",
        });
        openSignIn("signin");
        return;
      }
      if (step === "execute" || PROVIDER_KINDS.has(parsed.kind)) return void toast.generationError(parsed);
      if (step === "revise") toast.error("Revision Failed", failureReason(err, "Could not revise the content"));
      else toast.error("Final Rewrite Failed", failureReason(err, "Could not perform final rewrite"));
    },
    onSuccess: (step) => {
      if (step === "execute") reveal("draft", "detection");
      if (step === "revise") {
        reveal("detection");
        toast.success("Content Revised", "The flagged sentences were rewritten. Analysing the result…");
      }
      if (step === "final-rewrite") {
        reveal("final", "code");
        toast.success("Final Rewrite Complete", "Analysing the final draft…");
      }
    },
  });

  const opened = useDocumentSession({
    form,
    session,
    lastSession,
    onRestored: (doc) => {
      const kinds = new Set(doc.versions.map((v) => v.kind));
      reveal(
        "draft",
        "detection",
        ...(kinds.has("final") || kinds.has("enhanced") ? (["final", "code"] as const) : []),
      );
    },
  });

  const generate = form.handleSubmit(async (values) => {
    const request = values as unknown as SessionContext;
    const go = async () => {
      lastSession.current = request;
      setLive("");
      reveal("draft");
      const result = await session.generate(request, (s, signal) =>
        streamExecute(s, {
          signal,
          // A new draft is a new document: in the URL before the first word, so a reload keeps it.
          onStart: (start) => opened.setDocumentId(start.documentId),
          onDelta: (_text, soFar) => setLive(soFar),
        }),
      );
      setLive(null);
      if (result) toast.success("Draft Ready", `Written in ${result.responseTime ?? 0}ms. Checking it for AI…`);
    };
    // Spec §5: signed-out users sign in first; the full app needs 5 credits. While the balance is
    // still loading, the server's own check (a 402 → the same dialog) decides.
    if ((!user || credits) && !requireCredits(MIN_CREDITS_FULL_APP, () => void go())) return;
    await go();
  });

  const onReset = async () => {
    setResetting(true);
    try {
      await resetHistory();
      form.reset(sessionDefaults());
      session.clear();
      opened.setDocumentId(null);
      setLive(null);
      setOpen(["draft"]);
      lastSession.current = null;
      toast.success(
        "System Reset",
        "The form, the results and your request history were cleared. Your documents are kept.",
      );
    } catch (err) {
      if (isSignedOutError(err)) openSignIn("signin");
      else toast.error("Reset Failed", failureReason(err, "Failed to reset system"));
    } finally {
      setResetting(false);
      setConfirmReset(false);
      void queryClient.invalidateQueries({ queryKey: HISTORY_KEY });
    }
  };

  const { draft, revision, final, busy } = session;
  const generating = busy === "execute";
  const seoContent = final?.final.draft ?? revision?.revised.draft ?? draft?.draft ?? "";
  const keyphrase = (form.watch("seoKeywords") ?? "").split(",")[0]?.trim() || undefined;

  const draftStatus: PanelStatus = generating ? "Writing" : draft ? "Ready" : "Pending";
  const detectionStatus = statusOf(draft, false, session.draftDetection);
  const finalStatus = statusOf(final, busy === "final-rewrite", session.finalDetection);
  const codeStatus: PanelStatus = final ? "Ready" : "Pending";

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between">
        <div className="space-y-2">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Full Generation App</h1>
          <div className="flex flex-wrap items-center gap-2">
            <Badge data-testid="model-badge">Model: {MODEL_LABELS[provider]}</Badge>
            <Badge variant="secondary" data-testid="style-badge">
              Style: {WRITING_STYLE_LABELS[style]}
            </Badge>
          </div>
        </div>
        <div className="flex flex-wrap gap-2 self-start sm:self-auto">
          {session.documentId && (
            <Button asChild variant="outline" size="sm">
              <Link to={documentPath(session.documentId)}>
                <Files aria-hidden="true" /> Every version in Documents
              </Link>
            </Button>
          )}
          <Button asChild variant="outline" size="sm">
            <Link to={PAGE_ROUTES.console}>
              <TerminalSquare aria-hidden="true" /> PROSE console
            </Link>
          </Button>
        </div>
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-[22rem_minmax(0,1fr)] xl:grid-cols-[26rem_minmax(0,1fr)]">
        <Card className="min-w-0">
          <CardContent className="p-5">
            <Tabs value={tab} onValueChange={setTab}>
              <TabsList className="grid w-full grid-cols-3">
                <TabsTrigger value="content">Content</TabsTrigger>
                <TabsTrigger value="advanced">Advanced</TabsTrigger>
                <TabsTrigger value="seo">SEO Settings</TabsTrigger>
              </TabsList>
              <TabsContent value="content">
                <ContentForm
                  form={form}
                  onGenerate={() => void generate()}
                  generating={generating}
                  onCancel={() => {
                    session.cancel();
                    setLive(null);
                    toast.info("Stopped", "You pay only for what was written before you stopped.");
                  }}
                  onReset={() => setConfirmReset(true)}
                  resetting={resetting}
                />
              </TabsContent>
              <TabsContent value="advanced" className="space-y-3 text-sm text-slate-700">
                <p>
                  Advanced settings are coming. Until then every request uses the fixed parameters below, the same as
                  the PROSE console.
                </p>
                <FixedApiParameters provider={provider} />
              </TabsContent>
              <TabsContent value="seo" className="space-y-2 text-sm text-slate-700">
                <p>SEO settings are coming.</p>
                <p>
                  For now, the SEO Keywords field on the Content tab sets the focus keyphrase, and the SEO Optimization
                  card (once there is a draft) picks the platform and the image URLs.
                </p>
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>

        <div className="min-w-0 space-y-6">
          {opened.loading && (
            <p className="flex items-center gap-2 text-sm text-slate-700" role="status">
              <Spinner label="Opening your document" /> Opening your document…
            </p>
          )}
          <Card>
            <h2 className="sr-only">Results</h2>
            <Accordion
              type="multiple"
              value={open}
              onValueChange={(v) => setOpen(v as Section[])}
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
                    <p className="text-slate-600">
                      The draft is checked for AI-written sentences as soon as it is ready.
                    </p>
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
                      Use Final Rewrite in the AI Detection Analysis to rewrite the whole draft with its flagged
                      sentences in mind.
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

          {draft && (
            <SeoPanel
              title="SEO Optimization"
              description={
                final
                  ? "Publish-ready HTML from the final optimized draft."
                  : "Publish-ready HTML from your draft (the final optimized draft once there is one)."
              }
              content={seoContent}
              generateLabel="Produce SEO HTML Code"
              endpoint="produce-code"
              keyphrase={keyphrase}
              datePublished={lastSession.current?.currentDate}
              aiProvider={provider}
              documentId={session.documentId ?? undefined}
            />
          )}
          <RequestHistory />
        </div>
      </div>
      <ResetHistoryDialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        onConfirm={() => void onReset()}
        pending={resetting}
        confirmLabel="Reset and Clear History"
      />
    </div>
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
