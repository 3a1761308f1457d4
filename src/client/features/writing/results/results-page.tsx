// Results screen (spec §2, §4, §8), /draftsmith/results: reads the pending request the landing page
// saved (none → back to /draftsmith), streams the draft with the progress view, then shows the
// results. A credits refusal leaves the session flag and returns after 1.5 s; any other failure
// toasts its §8 title and returns after 2 s; an empty answer says 'No content returned'.
//
// The draft's document goes into the URL (`?document=<id>`) as soon as the stream names it; a reload
// (or a link) opens the screen from that document — draft, revisions, final, SEO HTML and their
// analyses — instead of writing (and paying for) the draft again.
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, Navigate, useNavigate } from "react-router";
import type { DocumentDetail } from "../../../../shared/documents";
import { documentPath, PAGE_ROUTES } from "../../../../shared/routes";
import { PageFallback } from "../../../components/page-fallback";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api";
import { errorText, parseError } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { useAuth } from "../../auth/auth-context";
import { insufficientCreditsFrom } from "../../credits/credits";
import { DocumentNotFoundNotice } from "../../documents/document-not-found";
import {
  clearPendingRequest,
  type PendingRequest,
  readPendingRequest,
  readResult,
  saveResult,
  setInsufficientCreditsFlag,
} from "../pending-request";
import { resultsStateFrom } from "../restore";
import type { DraftResult } from "../types";
import { type UrlDocument, useUrlDocument } from "../use-url-document";
import { ProgressView } from "./progress-view";
import { ResultsView } from "./results-view";
import { executeRequestFor, localDate, useDraftGeneration } from "./use-draft-generation";
import type { ResultsContext } from "./use-results-session";
// Results opens on a draft: the parser loads with this screen, not after it.
import "../../detection/draft-parser-now";

/** How long a failure's toast shows before the screen goes back (spec §4). */
export const RETURN_AFTER_MS = { insufficientCredits: 1500, failure: 2000 } as const;

export function ResultsPage() {
  const url = useUrlDocument();
  // A document in the URL wins: the screen reopens it rather than starting the pending request again.
  const [pending] = useState<PendingRequest | null>(() => (url.initialId ? null : readPendingRequest()));
  if (url.initialId) return <DocumentResults state={url.state} />;
  if (!pending) return <Navigate to={PAGE_ROUTES.product} replace />;
  return <Results pending={pending} onDocument={url.setDocumentId} />;
}

function contextOfDocument(doc: DocumentDetail): ResultsContext {
  const s = doc.session;
  const prompt = s?.contentType || doc.brief || doc.title;
  return {
    prompt,
    ownText: !s && doc.versions.find((v) => v.format === "markdown")?.kind === "own",
    aiProvider: s?.aiProvider ?? "openai",
    request: { ...(s ?? {}), currentDate: s?.currentDate || localDate(), contentType: prompt },
  };
}

/** What Results shows while its draft loads; also its page shell (prerender.tsx), drawn before any script. */
export function OpeningDraft() {
  return (
    <div className="flex flex-col items-center gap-3 p-12 text-slate-700" role="status">
      <Spinner className="size-6" label="Opening your draft" />
      Opening your draft…
    </div>
  );
}

/**
 * The Results screen reopened from its document. The server sends it drawn for the document's
 * signed-in owner (prerender.tsx): that drawing stays until the screen has the document itself.
 */
export function DocumentResults({ state }: { state: UrlDocument }) {
  const doc = state.status === "ready" ? state.doc : null;
  const restored = useMemo(() => (doc ? resultsStateFrom(doc) : null), [doc]);
  const context = useMemo(() => (doc ? contextOfDocument(doc) : null), [doc]);
  if (state.status === "loading" || state.status === "none") return <PageFallback fallback={<OpeningDraft />} />;
  if (state.status === "ready" && restored && context)
    return <ResultsView context={context} initial={restored.draft.result} restored={restored} autoDetect={false} />;
  if (state.status === "missing")
    return (
      <div className="mx-auto max-w-xl">
        <DocumentNotFoundNotice>
          <Button asChild size="sm">
            <Link to={PAGE_ROUTES.product}>Write a new draft</Link>
          </Button>
        </DocumentNotFoundNotice>
      </div>
    );
  return (
    <Card className="mx-auto max-w-xl">
      <CardHeader>
        <CardTitle>Could not open this draft</CardTitle>
        <CardDescription>
          {state.status === "error"
            ? errorText(state.error, "Please try again")
            : "This document has no draft to show."}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to={PAGE_ROUTES.product}>Write a new draft</Link>
        </Button>
        {state.status === "ready" && (
          <Button asChild variant="outline">
            <Link to={documentPath(state.id)}>Open the document</Link>
          </Button>
        )}
        <Button asChild variant="outline">
          <Link to={PAGE_ROUTES.documents}>Documents</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function Results({ pending, onDocument }: { pending: PendingRequest; onDocument: (id: string) => void }) {
  const navigate = useNavigate();
  const { openSignIn } = useAuth();
  const [restored] = useState<DraftResult | null>(() => readResult(pending.id));
  /** Detection starts when the draft is revealed, not on a restored visit (it would cost a credit per reload). */
  const [autoDetect, setAutoDetect] = useState(false);
  const leaving = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(leaving.current), []);

  const goBackLater = (ms: number) => {
    window.clearTimeout(leaving.current);
    leaving.current = window.setTimeout(() => navigate(PAGE_ROUTES.product), ms);
  };

  const [context] = useState<ResultsContext>(() => ({
    prompt: pending.text,
    aiProvider: pending.aiProvider,
    request: executeRequestFor(pending),
  }));

  const gen = useDraftGeneration(pending, restored, {
    // The URL names the document before the first word: a reload from here on reopens it.
    onStart: (start) => onDocument(start.documentId),
    onComplete: (result) => saveResult(pending.id, result),
    onReveal: () => setAutoDetect(true),
    onError: (err) => {
      clearPendingRequest();
      if (err === null) {
        toast.error("No content returned", "The model sent back an empty draft. No text, nothing to show: try again.");
        goBackLater(RETURN_AFTER_MS.failure);
        return;
      }
      const credits = insufficientCreditsFrom(err);
      if (credits) {
        setInsufficientCreditsFlag(credits);
        toast.error("Insufficient Credits", parseError(err).message);
        goBackLater(RETURN_AFTER_MS.insufficientCredits);
        return;
      }
      const parsed = parseError(err);
      const specific = parsed.kind !== "api" && parsed.kind !== "unknown";
      toast.generationError({ ...parsed, title: specific ? parsed.title : "Generation Failed" });
      // Our own session expired (not a provider's key): the landing page asks to sign in again.
      if (err instanceof ApiError && err.status === 401) openSignIn("signin");
      goBackLater(RETURN_AFTER_MS.failure);
    },
  });

  if (gen.status === "revealed" && gen.result) {
    return <ResultsView context={context} initial={gen.result} autoDetect={autoDetect} />;
  }
  return (
    <ProgressView
      prompt={pending.text}
      progress={gen.progress}
      rotation={gen.rotation}
      streamed={gen.streamed}
      start={gen.start}
      complete={gen.status === "complete"}
      failed={gen.status === "failed"}
    />
  );
}
