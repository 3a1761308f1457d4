// What happens on the Results screen after the draft (spec §2, §4, §8): analyse (auto after the
// draft, each revision and the final), Revise Content (/api/execute, mode 'revise', then
// re-analyse and compare), Generate final version (/api/final-rewrite, then analyse and compare),
// SEO HTML. Each step's failure toasts its spec §8 title; a 402 opens the Insufficient Credits
// dialog instead; credits and history are refreshed after every paid call. Every step adds a version
// to the draft's document (issue 10); `restored` starts the screen from that document (a reload).
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { DetectionResult } from "../../../../shared/detection";
import type { AiProvider, ExecuteRequestInput } from "../../../../shared/writing";
import { ApiError } from "../../../lib/api";
import { parseError } from "../../../lib/errors";
import { refreshQueries } from "../../../lib/refresh";
import { toast } from "../../../lib/toast";
import { useAuth } from "../../auth/auth-context";
import { useInsufficientCredits } from "../../credits/insufficient-credits-dialog";
import { DOCUMENTS_KEY, saveEdit } from "../../documents/api";
import { HISTORY_KEY, isAbortError, streamExecute, streamFinalRewrite, toDraftResult } from "../api";
import type { ResultsRestore } from "../restore";
import type { DraftResult } from "../types";

export type Target = "draft" | "final";
export type Step = "detect-draft" | "detect-final" | "revise" | "final";

/** Runs AI detection on a text; resolves with the result (success false included), throws on failure. */
export type DetectFn = (
  text: string,
  opts: { signal: AbortSignal; requestId?: string; documentId?: string; versionId?: string },
) => Promise<DetectionResult>;

/** What the screen was asked for: the prompt shown, the provider, and the session every step uses. */
export interface ResultsContext {
  prompt: string;
  /** The writer's own text (Check my text), not a draft written from a prompt. */
  ownText?: boolean;
  aiProvider: AiProvider;
  request: ExecuteRequestInput & { currentDate: string };
}

export interface Comparison {
  before: DetectionResult | null;
  after: DetectionResult | null;
}

/** The flagged sentences a revise or final rewrite works on (none when detection was unavailable). */
export const flaggedSentences = (d: DetectionResult | null | undefined): string[] =>
  d && d.success !== false ? d.aiSentences.filter((s) => s.trim()) : [];

export function useResultsSession({
  context,
  initial,
  restored,
  autoDetect,
  detect,
}: {
  context: ResultsContext;
  initial: DraftResult;
  /** The screen as a document left it (a reload): revisions, the final, each text's analysis. */
  restored?: ResultsRestore | null;
  autoDetect: boolean;
  detect: DetectFn;
}) {
  const queryClient = useQueryClient();
  const { refreshCredits, openSignIn } = useAuth();
  const insufficient = useInsufficientCredits();

  const [draft, setDraft] = useState<DraftResult>(initial);
  const [draftDetection, setDraftDetection] = useState<DetectionResult | null>(restored?.draft.detection ?? null);
  /** Set by Revise Content: the analysis before, and after re-detection. */
  const [revision, setRevision] = useState<(Comparison & { previous: DraftResult; count: number }) | null>(() =>
    restored?.revision
      ? {
          before: restored.revision.previous.detection ?? null,
          after: restored.draft.detection ?? null,
          previous: restored.revision.previous.result,
          count: restored.revision.count,
        }
      : null,
  );
  const [final, setFinal] = useState<DraftResult | null>(restored?.final?.result ?? null);
  const [finalDetection, setFinalDetection] = useState<DetectionResult | null>(restored?.final?.detection ?? null);
  /** The draft's analysis when the final was written, for the before → after summary. */
  const [finalBaseline, setFinalBaseline] = useState<DetectionResult | null>(restored?.finalBaseline ?? null);
  /** The document every step adds a version to. */
  const documentId = initial.documentId;
  const [busy, setBusy] = useState<Set<Step>>(() => new Set());
  /** Text of a revise or final rewrite as it streams in. */
  const [live, setLive] = useState<{ step: "revise" | "final"; text: string } | null>(null);

  // Calls in flight are cancelled on unmount; the abort waits a tick so that StrictMode's
  // unmount-and-mount-again in development does not cancel the automatic first analysis.
  const controllers = useRef(new Set<AbortController>());
  const abortTimer = useRef<number | undefined>(undefined);
  useEffect(() => {
    window.clearTimeout(abortTimer.current);
    const all = controllers.current;
    return () => {
      abortTimer.current = window.setTimeout(() => {
        for (const c of all) c.abort();
      }, 0);
    };
  }, []);

  const begin = useCallback((step: Step) => {
    const controller = new AbortController();
    controllers.current.add(controller);
    setBusy((b) => new Set(b).add(step));
    return {
      signal: controller.signal,
      end: () => {
        controllers.current.delete(controller);
        if (!controller.signal.aborted)
          setBusy((b) => {
            const next = new Set(b);
            next.delete(step);
            return next;
          });
      },
    };
  }, []);

  const afterSpend = useCallback(() => {
    void refreshCredits();
    void refreshQueries(queryClient, { queryKey: HISTORY_KEY });
  }, [refreshCredits, queryClient]);

  /** A failed step: the Insufficient Credits dialog for a 402, else the spec §8 title. */
  const fail = useCallback(
    (err: unknown, title: string) => {
      if (isAbortError(err)) return;
      if (insufficient.openFromError(err)) return;
      if (err instanceof ApiError && err.status === 401) {
        toast.error("Session expired", "Please sign in again to continue.");
        openSignIn("signin");
        return;
      }
      const parsed = parseError(err);
      const specific = parsed.kind !== "api" && parsed.kind !== "unknown";
      toast.generationError({ ...parsed, title: specific ? parsed.title : title });
    },
    [insufficient, openSignIn],
  );

  const analyze = useCallback(
    async (target: Target, text: DraftResult): Promise<DetectionResult | null> => {
      const step: Step = target === "draft" ? "detect-draft" : "detect-final";
      const { signal, end } = begin(step);
      try {
        const result = await detect(text.draft, {
          signal,
          requestId: text.requestId,
          documentId: text.documentId,
          versionId: text.versionId,
        });
        if (signal.aborted) return null;
        if (!result.success) {
          toast.warning("AI Detection Unavailable", result.error || "The AI detector could not check this text.");
        }
        (target === "draft" ? setDraftDetection : setFinalDetection)(result);
        return result;
      } catch (err) {
        fail(err, "AI detection failed");
        return null;
      } finally {
        end();
        afterSpend();
      }
    },
    [begin, detect, fail, afterSpend],
  );

  // Spec §4: AI detection starts once the draft is shown. Reopened from its document, a text whose
  // analysis never finished (the reload cut it off) is analysed again, so nothing waits on "Pending".
  const autoStarted = useRef(false);
  useEffect(() => {
    if (autoStarted.current) return;
    if (restored) {
      autoStarted.current = true;
      if (!restored.draft.detection) void analyze("draft", restored.draft.result);
      if (restored.final && !restored.final.detection) void analyze("final", restored.final.result);
      return;
    }
    if (!autoDetect) return;
    autoStarted.current = true;
    void analyze("draft", initial);
  }, [autoDetect, analyze, initial, restored]);

  const revise = useCallback(async () => {
    const flagged = flaggedSentences(draftDetection);
    if (flagged.length === 0) return;
    const before = draftDetection;
    const previous = draft;
    const { signal, end } = begin("revise");
    setLive({ step: "revise", text: "" });
    try {
      const res = await streamExecute(
        {
          ...context.request,
          mode: "revise",
          originalContent: draft.draft,
          aiDetectedSentences: flagged,
          documentId,
          sourceVersionId: draft.versionId,
        },
        { signal, onDelta: (_t, soFar) => setLive({ step: "revise", text: soFar }) },
      );
      if (signal.aborted) return;
      const revised = toDraftResult(res);
      if (!revised.draft.trim()) {
        toast.error("No content returned", "The revision came back empty. Your draft is unchanged.");
        return;
      }
      setDraft(revised);
      setDraftDetection(null);
      setRevision((r) => ({ before, after: null, previous, count: (r?.count ?? 0) + 1 }));
      toast.success("Draft revised", "Checking the revised draft for AI-written sentences…");
      const after = await analyze("draft", revised);
      setRevision((r) => (r ? { ...r, after } : r));
    } catch (err) {
      fail(err, "Revision failed");
    } finally {
      setLive(null);
      end();
      afterSpend();
    }
  }, [draft, draftDetection, context, documentId, begin, analyze, fail, afterSpend]);

  const generateFinal = useCallback(async (): Promise<boolean> => {
    const flagged = flaggedSentences(draftDetection);
    if (flagged.length === 0) return false;
    const baseline = draftDetection;
    const { signal, end } = begin("final");
    setLive({ step: "final", text: "" });
    try {
      const res = await streamFinalRewrite(
        {
          originalContent: draft.draft,
          aiDetectedSentences: flagged,
          sessionContext: context.request,
          documentId,
          sourceVersionId: draft.versionId,
        },
        { signal, onDelta: (_t, soFar) => setLive({ step: "final", text: soFar }) },
      );
      if (signal.aborted) return false;
      const result = toDraftResult(res);
      if (!result.draft.trim()) {
        toast.error("No content returned", "The final version came back empty. Please try again.");
        return false;
      }
      setFinal(result);
      setFinalDetection(null);
      setFinalBaseline(baseline);
      setLive(null);
      toast.success("Final version ready", "Checking it for AI-written sentences…");
      void analyze("final", result);
      return true;
    } catch (err) {
      fail(err, "Rewrite failed");
      return false;
    } finally {
      setLive(null);
      end();
      afterSpend();
    }
  }, [draft, draftDetection, context, documentId, begin, analyze, fail, afterSpend]);

  /**
   * The writer's edit of the draft (issue 31, item 11): saved as the document's newest version (free),
   * shown as the draft, and checked again. A final of the text before the edit no longer applies.
   * Throws when the edit could not be saved (the editor stays open).
   */
  const edit = useCallback(
    async (content: string) => {
      if (!documentId) throw new Error("This draft has no document to save the edit to.");
      const version = await saveEdit(documentId, { content, basedOn: draft.versionId });
      const edited: DraftResult = {
        draft: version.content,
        aiProvider: draft.aiProvider,
        creditsUsed: 0,
        documentId,
        versionId: version.id,
      };
      setDraft(edited);
      setDraftDetection(null);
      setRevision(null);
      setFinal(null);
      setFinalDetection(null);
      setFinalBaseline(null);
      void refreshQueries(queryClient, { queryKey: DOCUMENTS_KEY });
      toast.success("Edit saved", "Checking your edit for AI-written sentences…");
      void analyze("draft", edited);
    },
    [documentId, draft, queryClient, analyze],
  );

  return {
    documentId,
    edit,
    draft,
    draftDetection,
    revision,
    final,
    finalDetection,
    finalBaseline,
    busy,
    live,
    analyze,
    revise,
    generateFinal,
  };
}
