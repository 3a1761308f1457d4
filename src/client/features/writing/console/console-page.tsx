// The PROSE console (/prose-console, spec §2 "Console screen"): the session form on the left, the
// results of each step on the right, each shown only when relevant. Execute writes a draft and
// analyses it; Revise Content, Final Rewrite, SEO Optimize and Revise Existing Text build on it.
// The draft's document is in the URL (`?document=`): a reload reopens the loop from it.
import { ArrowLeft, TerminalSquare } from "lucide-react";
import { useCallback, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { PAGE_ROUTES } from "../../../../shared/routes";
import type { SessionContext } from "../../../../shared/writing";
import { Badge } from "../../../components/ui/badge";
import { Card, CardContent } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { parseError } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { useAuth } from "../../auth/auth-context";
import { DetectionPanel } from "../../detection";
import { usePreloadDraftParser } from "../../detection/use-draft-parser";
import { DocumentNotFoundNotice } from "../../documents/document-not-found";
import { SeoPanel } from "../../seo";
import { execute, resetHistory } from "../api";
import { HeaderLinks } from "../header-links";
import type { ExecuteState } from "./execute-button";
import { isSignedOutError, NoContentError, toastNoContent, toastStepFailure } from "./failures";
import { FinalEnhancedText } from "./final-enhanced-text";
import { RequestHistory } from "./request-history";
import { ResetHistoryDialog, useResetHistory } from "./reset-history-dialog";
import { BlogPostPreview, FinalRewritePreview, RevisedComparison } from "./result-panels";
import { ReviseTextCard } from "./revise-text-card";
import { MODEL_LABELS, PROVIDER_NAMES, type SessionFormValues, sessionDefaults } from "./session-defaults";
import { ConsoleSessionForm } from "./session-form";
import { sessionOf, sessionResolver } from "./session-rules";
import { useDocumentSession } from "./use-document-session";
import { useReviseTextTool } from "./use-revise-text-tool";
import { useWritingSession } from "./use-writing-session";

type SeoSource = { text: string; from: "final" | "enhanced" };

export function ProseConsolePage() {
  // Drafts are drawn once asked for: the Markdown parser loads after the first render, not with the screen.
  usePreloadDraftParser();
  const { user, openSignIn } = useAuth();
  const form = useForm<SessionFormValues>({
    resolver: sessionResolver,
    defaultValues: sessionDefaults(),
  });
  const provider = form.watch("aiProvider");
  const [executeState, setExecuteState] = useState<ExecuteState>({ status: "idle" });
  const [formOpen, setFormOpen] = useState(true);
  const [seo, setSeo] = useState<SeoSource | null>(null);
  const seoRef = useRef<HTMLDivElement>(null);
  const openSeo = (source: SeoSource) => {
    setSeo(source);
    // The panel renders on this update; bring it into view on the next frame.
    requestAnimationFrame(() => seoRef.current?.scrollIntoView({ block: "start", behavior: "smooth" }));
  };
  /** The session the draft was written from: revisions keep its context when the form is mid-edit. */
  const lastSession = useRef<SessionContext | null>(null);

  const signInAgain = useCallback(() => {
    toast.error("Authentication Error", "Your session has expired. Please sign in again.");
    openSignIn("signin");
  }, [openSignIn]);

  const session = useWritingSession({
    getSession: () => {
      return sessionOf(form.getValues()) ?? lastSession.current;
    },
    onError: (err, step) => {
      if (step === "execute") setExecuteState({ status: "error" });
      if (isSignedOutError(err)) return signInAgain();
      if (err instanceof NoContentError) return toastNoContent();
      if (step === "final-rewrite") toastStepFailure(err, "Final Rewrite Failed", "Could not perform final rewrite");
      else toast.generationError(parseError(err));
    },
    onSuccess: (step) => {
      if (step === "revise")
        toast.success("Content Revised", "The flagged sentences were rewritten. Analysing the result…");
      if (step === "final-rewrite") toast.success("Final Rewrite Complete", "Analysing the final text…");
    },
  });
  const tool = useReviseTextTool({ openSignIn: signInAgain });
  const opened = useDocumentSession({
    form,
    session,
    lastSession,
    onRestored: () => setExecuteState({ status: "idle" }),
  });

  const onExecute = form.handleSubmit(async (values) => {
    if (!user) {
      openSignIn("signin");
      return;
    }
    const request = values as unknown as SessionContext;
    lastSession.current = request;
    setExecuteState({ status: "pending" });
    const started = performance.now();
    const result = await session.generate(request, (s, signal) => execute(s, { signal }));
    if (!result) return;
    const ms = Math.round(performance.now() - started);
    setExecuteState({ status: "success", ms });
    setSeo(null);
    toast.success("Success", `API call completed in ${ms}ms`);
  });

  const reset = useResetHistory({
    reset: async () => {
      if (user) await resetHistory();
      form.reset(sessionDefaults());
      session.clear();
      opened.setDocumentId(null);
      tool.clear();
      setSeo(null);
      setExecuteState({ status: "idle" });
      lastSession.current = null;
    },
    onError: (err) => {
      if (isSignedOutError(err)) signInAgain();
      else toastStepFailure(err, "Reset Failed", "Failed to reset system");
    },
  });

  const busy = session.busy !== null;
  const { draft, revision, final } = session;
  const nothingYet = !draft && session.busy !== "execute";

  return (
    <div className="space-y-6">
      <ConsoleHeader provider={provider} documentId={session.documentId} />
      <div className="grid items-start gap-6 lg:grid-cols-[22rem_minmax(0,1fr)] xl:grid-cols-[24rem_minmax(0,1fr)]">
        <div className="min-w-0 space-y-6">
          <ConsoleSessionForm
            form={form}
            onExecute={() => void onExecute()}
            executeState={executeState}
            onReset={reset.ask}
            resetting={reset.resetting}
            open={formOpen}
            onOpenChange={setFormOpen}
          />
        </div>
        <div className="min-w-0 space-y-6">
          {opened.loading && (
            <p className="flex items-center gap-2 text-sm text-slate-700" role="status">
              <Spinner label="Opening your document" /> Opening your document…
            </p>
          )}
          {opened.notFound && <DocumentNotFoundNotice onDismiss={opened.dismissNotFound} />}
          {nothingYet && !opened.loading && (
            <Card className="border-dashed bg-slate-50/60">
              <CardContent className="flex items-start gap-3 p-5 text-sm text-slate-700">
                <TerminalSquare className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
                <p>
                  Describe the intent and press <strong>Execute API Call</strong>. The blog post appears here, then its
                  AI analysis, and from there you can revise the flagged sentences, rewrite the whole draft or turn it
                  into SEO HTML.
                </p>
              </CardContent>
            </Card>
          )}
          {(draft || session.busy === "execute") && (
            <BlogPostPreview draft={draft} detection={session.draftDetection} writing={session.busy === "execute"} />
          )}
          {draft && (
            <DetectionPanel
              result={session.draftDetection.result}
              loading={session.draftDetection.pending}
              onRevise={() => void session.revise("draft")}
              revisePending={session.busy === "revise"}
              onFinalRewrite={() => void session.rewrite("draft")}
              finalRewritePending={session.busy === "final-rewrite"}
              actionsDisabled={busy}
            />
          )}
          {(revision || session.busy === "revise") && (
            <RevisedComparison
              revision={revision}
              detection={session.revisedDetection}
              writing={session.busy === "revise"}
              busy={busy}
              onReviseAgain={() => void session.revise("revised")}
              onFinalRewrite={() => void session.rewrite("revised")}
              onClose={session.closeRevision}
            />
          )}
          {(final || session.busy === "final-rewrite") && (
            <FinalRewritePreview
              final={final}
              detection={session.finalDetection}
              writing={session.busy === "final-rewrite"}
              busy={busy}
              onRevise={() => void session.revise("final")}
              onRewriteAgain={() => void session.rewrite("final")}
              onClose={session.closeFinal}
              onSeo={() => final && openSeo({ text: final.final.draft, from: "final" })}
            />
          )}
          {seo && (
            <div ref={seoRef} className="scroll-mt-20">
              <SeoPanel
                key={seo.text}
                title="SEO HTML Optimization"
                description={
                  seo.from === "enhanced"
                    ? "Publish-ready HTML from the final enhanced text, revised for search first."
                    : "Publish-ready HTML from the final rewrite, revised for search first."
                }
                content={seo.text}
                endpoint="optimize"
                aiProvider={provider}
                documentId={seo.from === "final" ? (session.documentId ?? undefined) : tool.enhanced?.documentId}
                datePublished={form.getValues("currentDate") || undefined}
              />
            </div>
          )}
          <FinalEnhancedText tool={tool} onSeo={(text) => openSeo({ text, from: "enhanced" })} />
          <ReviseTextCard tool={tool} />
          <RequestHistory />
        </div>
      </div>
      <ResetHistoryDialog {...reset.dialog} confirmLabel="Reset & Clear History" />
    </div>
  );
}

function ConsoleHeader({
  provider,
  documentId,
}: {
  provider: SessionFormValues["aiProvider"];
  documentId: string | null;
}) {
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{PROVIDER_NAMES[provider]} API Console</h1>
        <div className="flex flex-wrap items-center gap-2">
          <Badge>PROSE System Interface</Badge>
          <Badge variant="outline" data-testid="provider-badge">
            {provider}
          </Badge>
          <span className="text-sm text-slate-700" data-testid="model-name">
            Model: <span className="font-medium text-slate-900">{MODEL_LABELS[provider]}</span>
          </span>
        </div>
      </div>
      <HeaderLinks documentId={documentId} to={PAGE_ROUTES.product} icon={ArrowLeft} label="Back to Draftsmith" />
    </div>
  );
}
