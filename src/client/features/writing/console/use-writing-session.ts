// The draft → detect → revise → compare → final rewrite loop shared by the PROSE console and the
// full app (spec §4 "Generation flow, full app and console"): every step auto-runs AI detection on
// its result; Revise Content goes through /api/execute with the document and its flagged sentences;
// Final Rewrite needs flagged sentences; Close clears a view; Reset clears everything. Every step adds
// a version to one document (issue 10): the draft starts it, the rest name it; `restore` rebuilds the
// loop from a document's versions (a reload, or "Continue in the full app").
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import type { DetectionResult } from "../../../../shared/detection";
import type { DocumentDetail } from "../../../../shared/documents";
import type { GenerationResponse, SessionContext } from "../../../../shared/writing";
import { refreshQueries } from "../../../lib/refresh";
import { useAuth } from "../../auth/auth-context";
import { finalRewrite, HISTORY_KEY, isAbortError, reviseContent, toDraftResult } from "../api";
import { type RestoredText, writingStateFrom } from "../restore";
import type { DraftResult } from "../types";
import { type DetectionSlot, useDetectionSlot } from "./detection-slot";
import { NoContentError } from "./failures";

/** Which text a revise or rewrite starts from. */
export type SourceKind = "draft" | "revised" | "final";

export interface Revision {
  /** The text that was revised, with its analysis at the time. */
  original: DraftResult;
  originalDetection?: DetectionResult;
  revised: DraftResult;
}

export interface FinalRewrite {
  source: DraftResult;
  sourceDetection?: DetectionResult;
  final: DraftResult;
}

export type Busy = "execute" | "revise" | "final-rewrite" | null;

export interface WritingSessionOptions {
  /** The current session form values (validated), the context of every revise and rewrite. */
  getSession: () => SessionContext | null;
  /** Shows a failed call the way the screen wants it (toast, sign-in or credits dialog). */
  onError: (err: unknown, step: "execute" | "revise" | "final-rewrite") => void;
  /** Called after each successful step (for success toasts). */
  onSuccess?: (step: "execute" | "revise" | "final-rewrite", result: DraftResult) => void;
}

/** Flagged sentences a revise or a final rewrite works on (spec §5: they are required). */
export const flaggedOf = (d: DetectionResult | undefined) => (d?.success === false ? [] : (d?.aiSentences ?? []));

export function useWritingSession({ getSession, onError, onSuccess }: WritingSessionOptions) {
  const queryClient = useQueryClient();
  const { refreshCredits } = useAuth();
  const [draft, setDraft] = useState<DraftResult | null>(null);
  const [revision, setRevision] = useState<Revision | null>(null);
  const [final, setFinal] = useState<FinalRewrite | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  /** The document every step adds to: set by the first draft, or by restore. */
  const [documentId, setDocumentId] = useState<string | null>(null);
  const draftDetection = useDetectionSlot({ failureTitle: "AI Detection Failed" });
  const revisedDetection = useDetectionSlot({ failureTitle: "Revised AI Detection Failed" });
  const finalDetection = useDetectionSlot({ failureTitle: "Final Rewrite AI Detection Failed" });
  /** Bumped by reset, so an answer that arrives afterwards is dropped. */
  const epoch = useRef(0);
  const abort = useRef<AbortController | null>(null);

  const afterCall = useCallback(() => {
    void refreshCredits();
    void refreshQueries(queryClient, { queryKey: HISTORY_KEY });
  }, [queryClient, refreshCredits]);

  /** The text and analysis a revise or rewrite starts from. */
  const sourceOf = useCallback(
    (kind: SourceKind): { text: DraftResult; detection: DetectionSlot } | null => {
      if (kind === "draft") return draft ? { text: draft, detection: draftDetection } : null;
      if (kind === "revised") return revision ? { text: revision.revised, detection: revisedDetection } : null;
      return final ? { text: final.final, detection: finalDetection } : null;
    },
    [draft, revision, final, draftDetection, revisedDetection, finalDetection],
  );

  const run = useCallback(
    async (
      step: Exclude<Busy, null>,
      call: (signal: AbortSignal) => Promise<GenerationResponse>,
    ): Promise<GenerationResponse | null> => {
      const mine = ++epoch.current;
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setBusy(step);
      try {
        const result = await call(controller.signal);
        if (mine !== epoch.current) return null;
        if (!toDraftResult(result).draft.trim()) throw new NoContentError();
        return result;
      } catch (err) {
        if (mine === epoch.current && !isAbortError(err)) onError(err, step);
        return null;
      } finally {
        if (mine === epoch.current) {
          setBusy(null);
          abort.current = null;
        }
        afterCall();
      }
    },
    [afterCall, onError],
  );

  /** Writes a draft (the caller decides how: plain JSON or streamed), then analyses it. */
  const generate = useCallback(
    async (
      session: SessionContext,
      call: (session: SessionContext, signal: AbortSignal) => Promise<GenerationResponse>,
    ) => {
      const res = await run("execute", (signal) => call(session, signal));
      if (!res) return null;
      const result = toDraftResult(res);
      setDraft(result);
      setRevision(null);
      setFinal(null);
      setDocumentId(result.documentId ?? null);
      revisedDetection.clear();
      finalDetection.clear();
      onSuccess?.("execute", result);
      void draftDetection.run(result);
      return result;
    },
    [run, onSuccess, draftDetection, revisedDetection, finalDetection],
  );

  /** What revise and rewrite start from: the session, the source text and its flagged sentences, or null. */
  const flaggedSource = useCallback(
    (kind: SourceKind) => {
      const session = getSession();
      const source = sourceOf(kind);
      if (!session || !source) return null;
      const flagged = flaggedOf(source.detection.result);
      return flagged.length === 0 ? null : { session, source, flagged };
    },
    [getSession, sourceOf],
  );

  /** Revise Content / Revise Again / Revise: the flagged sentences rewritten in the whole document. */
  const revise = useCallback(
    async (kind: SourceKind) => {
      const from = flaggedSource(kind);
      if (!from) return null;
      const { session, source, flagged } = from;
      const originalDetection = source.detection.result;
      const res = await run("revise", (signal) =>
        reviseContent(session, source.text.draft, flagged, {
          signal,
          documentId: documentId ?? source.text.documentId,
          sourceVersionId: source.text.versionId,
        }),
      );
      if (!res) return null;
      const revised = toDraftResult(res);
      setRevision({ original: source.text, originalDetection, revised });
      if (revised.documentId) setDocumentId(revised.documentId);
      onSuccess?.("revise", revised);
      void revisedDetection.run(revised);
      return revised;
    },
    [flaggedSource, run, onSuccess, revisedDetection, documentId],
  );

  /** Final Rewrite / Rewrite Again: the whole text rewritten, facts and structure kept. */
  const rewrite = useCallback(
    async (kind: SourceKind) => {
      const from = flaggedSource(kind);
      if (!from) return null;
      const { session, source, flagged } = from;
      const sourceDetection = source.detection.result;
      const res = await run("final-rewrite", (signal) =>
        finalRewrite(
          {
            originalContent: source.text.draft,
            aiDetectedSentences: flagged,
            sessionContext: session,
            documentId: documentId ?? source.text.documentId,
            sourceVersionId: source.text.versionId,
          },
          { signal },
        ),
      );
      if (!res) return null;
      const result = toDraftResult(res);
      setFinal({ source: source.text, sourceDetection, final: result });
      if (result.documentId) setDocumentId(result.documentId);
      onSuccess?.("final-rewrite", result);
      void finalDetection.run(result);
      return result;
    },
    [flaggedSource, run, onSuccess, finalDetection, documentId],
  );

  const closeRevision = useCallback(() => {
    setRevision(null);
    revisedDetection.clear();
  }, [revisedDetection]);

  const closeFinal = useCallback(() => {
    setFinal(null);
    finalDetection.clear();
  }, [finalDetection]);

  /** Stops the call in flight (the server charges only what was written); its answer is dropped. */
  const cancel = useCallback(() => {
    epoch.current++;
    abort.current?.abort();
    abort.current = null;
    setBusy(null);
  }, []);

  /** Clears every result and cancels a call in flight (the server history is the caller's business). */
  const clear = useCallback(() => {
    cancel();
    setDocumentId(null);
    setDraft(null);
    setRevision(null);
    setFinal(null);
    draftDetection.clear();
    revisedDetection.clear();
    finalDetection.clear();
  }, [cancel, draftDetection, revisedDetection, finalDetection]);

  /**
   * Shows a document as the loop left it: each text where it was, with its stored analysis. The newest
   * text is analysed again when it has none (its check was cut off, e.g. by the reload): nothing waits
   * forever on a check that is not running.
   */
  const restore = useCallback(
    (doc: DocumentDetail) => {
      cancel();
      const state = writingStateFrom(doc);
      setDocumentId(doc.id);
      setDraft(state.draft?.result ?? null);
      setRevision(
        state.revision
          ? {
              original: state.revision.original.result,
              originalDetection: state.revision.original.detection,
              revised: state.revision.revised.result,
            }
          : null,
      );
      setFinal(
        state.final
          ? {
              source: state.final.source.result,
              sourceDetection: state.final.source.detection,
              final: state.final.final.result,
            }
          : null,
      );
      const newest = doc.versions.filter((v) => v.format === "markdown" && v.kind !== "seo").at(-1)?.id;
      const show = (slot: DetectionSlot, text: RestoredText | undefined | null) => {
        if (!text) slot.clear();
        else if (text.detection) slot.set(text.detection);
        else if (text.result.versionId === newest) void slot.run(text.result);
        else slot.clear();
      };
      show(draftDetection, state.draft);
      show(revisedDetection, state.revision?.revised);
      show(finalDetection, state.final?.final);
    },
    [cancel, draftDetection, revisedDetection, finalDetection],
  );

  return {
    documentId,
    restore,
    draft,
    revision,
    final,
    busy,
    draftDetection,
    revisedDetection,
    finalDetection,
    generate,
    revise,
    rewrite,
    closeRevision,
    closeFinal,
    cancel,
    clear,
  };
}

export type WritingSession = ReturnType<typeof useWritingSession>;
