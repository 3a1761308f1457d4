// The full generation app (/draftsmith/generate, spec §2): the session form in tabs on the left; on
// the right the accordion of Original Draft, AI Detection Analysis, Final Optimized Draft and Code
// Version (each with its status), the SEO Optimization card once a draft exists, and Request History.
// Generate needs what the draft and its check will cost (issue 31; spec §9 said 5); the draft streams in as it is written and is analysed
// automatically, as is every revision and final rewrite (spec §4). Every step is saved to one document,
// whose id the URL carries (`?document=`): a reload, or "Continue in the full app", reopens it.
import { useQuery } from "@tanstack/react-query";
import { useCallback, useDeferredValue, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { SessionContext, WritersResponse } from "../../../../shared/writing";
import { PageFallback } from "../../../components/page-fallback";
import { Spinner } from "../../../components/ui/spinner";
import { parseError } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { useServerDrawing } from "../../../lib/use-server-drawing";
import { useAuth } from "../../auth/auth-context";
import { generateCredits } from "../../credits/estimates";
import { useInsufficientCredits, useRequireCredits } from "../../credits/insufficient-credits-dialog";
import { usePreloadDraftParser } from "../../detection/use-draft-parser";
import { DocumentNotFoundNotice } from "../../documents/document-not-found";
import { SeoPanel, type SeoShown } from "../../seo";
import { resetHistory, streamExecute } from "../api";
import { failureReason, isSignedOutError, NoContentError, toastNoContent } from "../console/failures";
import { RequestHistory } from "../console/request-history";
import { ResetHistoryDialog, useResetHistory } from "../console/reset-history-dialog";
import { type SessionFormValues, sessionDefaults } from "../console/session-defaults";
import { sessionOf, sessionResolver } from "../console/session-rules";
import { useDocumentSession } from "../console/use-document-session";
import { useWritingSession } from "../console/use-writing-session";
import { WRITERS_KEY } from "../model-notice";
import { latestSeo } from "../restore";
import { FullAppHeader } from "./full-app-header";
import { ResultPanels, type Section } from "./result-panels";
import { SettingsCard } from "./settings-card";

/** Errors the §8 table words by themselves (whatever the step). */
const PROVIDER_KINDS = new Set(["overloaded", "unavailable", "provider-credit"]);

export function FullAppPage() {
  // Drafts are drawn once asked for: the Markdown parser loads after the first render, not with the screen.
  usePreloadDraftParser();
  const { user, credits, openSignIn } = useAuth();
  const insufficient = useInsufficientCredits();
  const requireCredits = useRequireCredits();
  const form = useForm<SessionFormValues>({
    resolver: sessionResolver,
    defaultValues: sessionDefaults(),
  });
  const provider = form.watch("aiProvider");
  const style = form.watch("writingStyle");
  const [open, setOpen] = useState<Section[]>(["draft"]);
  const [live, setLive] = useState<string | null>(null);
  const lastSession = useRef<SessionContext | null>(null);

  const reveal = useCallback((...sections: Section[]) => {
    setOpen((cur) => [...new Set([...cur, ...sections])]);
  }, []);

  const session = useWritingSession({
    getSession: () => {
      return sessionOf(form.getValues()) ?? lastSession.current;
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

  // The document's saved SEO result (report, meta fields) on a reload; a new draft starts without one.
  const [restoredSeo, setRestoredSeo] = useState<SeoShown | null>(null);
  const opened = useDocumentSession({
    form,
    session,
    lastSession,
    onRestored: (doc) => {
      setRestoredSeo(latestSeo(doc));
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
      setRestoredSeo(null);
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
    // Spec §5: signed-out users sign in first; then the balance must cover what the draft and its
    // check will cost (issue 31, not §9's 5). While the balance is still loading, the server's own
    // check (a 402 → the same dialog) decides.
    const required = generateCredits({
      offline: writers.data?.[request.aiProvider]?.writer === "offline",
      wordCount: request.wordCount ?? "",
      briefChars: request.contentType.length + (request.additionalContext?.length ?? 0),
    });
    if ((!user || credits) && !requireCredits(required, () => void go())) return;
    await go();
  });

  const reset = useResetHistory({
    reset: async () => {
      await resetHistory();
      form.reset(sessionDefaults());
      session.clear();
      setRestoredSeo(null);
      opened.setDocumentId(null);
      setLive(null);
      setOpen(["draft"]);
      lastSession.current = null;
    },
    onError: (err) => {
      if (isSignedOutError(err)) openSignIn("signin");
      else toast.error("Reset Failed", failureReason(err, "Failed to reset system"));
    },
  });

  // The model notice above the form depends on who answers (GET /api/writers): drawn when it
  // arrived, it pushed the form down (layout shift), so the page waits for it (an error draws at once).
  const writers = useQuery<WritersResponse>({ queryKey: WRITERS_KEY });
  // The form then draws in a deferred render: sliced, rather than one long task inside the answer
  // (TanStack Query's updates render at once, unsliced: 300–500 ms with the CPU 4× slower), and apart
  // from the page's first commit (drawn with it, the first commit was 160 ms of long tasks at 4×).
  // The server's drawing (prerender.tsx, with the answer) is the form itself.
  const waiting = useDeferredValue(writers.isPending, !useServerDrawing() || writers.isPending);

  const { draft, revision, final, busy } = session;
  const generating = busy === "execute";
  const seoContent = final?.final.draft ?? revision?.revised.draft ?? draft?.draft ?? "";
  const keyphrase = (form.watch("seoKeywords") ?? "").split(",")[0]?.trim() || undefined;

  // Until then the page keeps the server's drawing of it (its shell: the form as the writers answer
  // sent with the page puts it, prerender.tsx), so the form a phone painted before any script ran
  // never gives way to a spinner. Without a shell (a later visit, the dev server): the header, and a
  // spinner where the form will draw without moving it.
  if (waiting)
    return (
      <PageFallback
        fallback={
          <div className="space-y-6">
            <FullAppHeader provider={provider} style={style} documentId={session.documentId} />
            <div className="flex justify-center p-12">
              <Spinner className="size-6" label="Loading the writers" />
            </div>
          </div>
        }
      />
    );

  return (
    <div className="space-y-6">
      <FullAppHeader provider={provider} style={style} documentId={session.documentId} />

      <div className="grid items-start gap-6 lg:grid-cols-[22rem_minmax(0,1fr)] xl:grid-cols-[26rem_minmax(0,1fr)]">
        <SettingsCard
          form={form}
          provider={provider}
          generating={generating}
          onGenerate={() => void generate()}
          onCancel={() => {
            session.cancel();
            setLive(null);
            toast.info("Stopped", "You pay only for what was written before you stopped.");
          }}
          onReset={reset.ask}
          resetting={reset.resetting}
        />

        <div className="min-w-0 space-y-6">
          {opened.loading && (
            <p className="flex items-center gap-2 text-sm text-slate-700" role="status">
              <Spinner label="Opening your document" /> Opening your document…
            </p>
          )}
          {opened.notFound && <DocumentNotFoundNotice onDismiss={opened.dismissNotFound} />}
          <ResultPanels session={session} open={open} onOpenChange={setOpen} live={live} />

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
              key={restoredSeo?.versionId ?? "new"}
              restored={restoredSeo}
            />
          )}
          <RequestHistory />
        </div>
      </div>
      <ResetHistoryDialog {...reset.dialog} confirmLabel="Reset and Clear History" />
    </div>
  );
}
