// Revise Existing Text (PROSE only), spec §4: revise → auto-analyse after 500 ms → optionally
// Enhance (a final rewrite with a session context of type 'Text Revision') → auto-analyse;
// Enhance Again rewrites the enhanced text with type 'Final Text Revision'. The revised text's
// document is in the URL (`?revised=`), so a reload brings the panel back as it was (issue 10).
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { DetectionResult } from "../../../../shared/detection";
import { DOCUMENT_NOT_FOUND } from "../../../../shared/document-kinds";
import { REVISED_TEXT_ANALYSIS_DELAY_MS } from "../../../../shared/limits";
import type { AiProvider } from "../../../../shared/writing";
import { errorText } from "../../../lib/errors";
import { refreshQueries } from "../../../lib/refresh";
import { toast } from "../../../lib/toast";
import { useAuth } from "../../auth/auth-context";
import { copyToClipboard } from "../../detection";
import { billedDraft, finalRewrite, HISTORY_KEY, isAbortError, reviseText, toDraftResult } from "../api";
import { type RestoredText, reviseTextStateFrom } from "../restore";
import type { DraftResult } from "../types";
import { useUrlDocument } from "../use-url-document";
import { type DetectionSlot, useDetectionSlot } from "./detection-slot";
import { isSignedOutError, toastStepFailure } from "./failures";
import { todayIso } from "./session-defaults";

export const TEXT_REVISION = "Text Revision";
export const FINAL_TEXT_REVISION = "Final Text Revision";
/** The query parameter naming the revised text's document. */
export const REVISED_TEXT_PARAM = "revised";
/** How many of the most machine-like sentences Enhance works on when the analysis flagged none. */
const ENHANCE_FALLBACK_SENTENCES = 3;

/**
 * The sentences Enhance rewrites: the flagged ones, else the analysis's most machine-like sentences
 * (a final rewrite always needs some, spec §5). Empty when there is no usable analysis.
 */
export function sentencesToEnhance(d: DetectionResult | undefined): string[] {
  if (!d || d.success === false) return [];
  const flagged = d.aiSentences.filter((s) => s.trim());
  if (flagged.length) return flagged;
  return [...(d.sentences ?? [])]
    .sort((a, b) => b.score - a.score)
    .slice(0, ENHANCE_FALLBACK_SENTENCES)
    .map((s) => s.text)
    .filter((s) => s.trim());
}

export function useReviseTextTool({ openSignIn }: { openSignIn: () => void }) {
  const queryClient = useQueryClient();
  const { user, refreshCredits, openSignIn: askToSignIn } = useAuth();
  const [text, setText] = useState("");
  const [provider, setProvider] = useState<AiProvider>("openai");
  const [revised, setRevised] = useState<DraftResult | null>(null);
  const [enhanced, setEnhanced] = useState<DraftResult | null>(null);
  const [busy, setBusy] = useState<"revise" | "enhance" | null>(null);
  const revisedDetection = useDetectionSlot({ failureTitle: "Revised Text AI Detection Failed" });
  const enhancedDetection = useDetectionSlot({ failureTitle: "Final Revised Text AI Detection Failed" });
  const timer = useRef<number | undefined>(undefined);
  const epoch = useRef(0);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  // A reload (or a shared link) reopens the revised text's document: each text with its stored
  // analysis; the newest is analysed again when its check was cut off, as on the rest of the screen.
  const { state: urlState, setDocumentId: setUrlDocument } = useUrlDocument(REVISED_TEXT_PARAM);
  const restoredId = useRef<string | null>(null);
  const slots = useRef({ revisedDetection, enhancedDetection, setUrlDocument });
  slots.current = { revisedDetection, enhancedDetection, setUrlDocument };
  useEffect(() => {
    const state = urlState;
    if (state.status === "none" || state.status === "loading" || restoredId.current === state.id) return;
    restoredId.current = state.id;
    const { revisedDetection, enhancedDetection, setUrlDocument } = slots.current;
    const restored = state.status === "ready" ? reviseTextStateFrom(state.doc) : null;
    if (!restored) {
      if (state.status === "error")
        toast.error("Could not open the revised text", errorText(state.error, "Please try again"));
      else
        toast.error(
          DOCUMENT_NOT_FOUND,
          "The revised text may have been deleted, or nothing was saved before the page reloaded.",
        );
      setUrlDocument(null);
      return;
    }
    const show = (slot: DetectionSlot, text: RestoredText | null, newest: boolean) => {
      if (!text) slot.clear();
      else if (text.detection) slot.set(text.detection);
      else if (newest) void slot.run(text.result);
      else slot.clear();
    };
    setRevised(restored.revised.result);
    setEnhanced(restored.enhanced?.result ?? null);
    show(revisedDetection, restored.revised, !restored.enhanced);
    show(enhancedDetection, restored.enhanced, true);
  }, [urlState]);

  const afterCall = useCallback(() => {
    void refreshCredits();
    void refreshQueries(queryClient, { queryKey: HISTORY_KEY });
  }, [queryClient, refreshCredits]);

  const revise = useCallback(async () => {
    if (!text.trim()) {
      toast.error("Text Required", "Please enter text to revise");
      return;
    }
    if (!user) {
      askToSignIn("signin");
      return;
    }
    const mine = ++epoch.current;
    window.clearTimeout(timer.current);
    setBusy("revise");
    try {
      const res = await reviseText({ text, aiProvider: provider });
      if (mine !== epoch.current) return;
      const result = billedDraft(res, res.response);
      setRevised(result);
      setEnhanced(null);
      if (res.documentId) {
        restoredId.current = res.documentId;
        setUrlDocument(res.documentId);
      }
      revisedDetection.clear();
      enhancedDetection.clear();
      toast.success("Text Revised", `Revised under PROSE in ${res.responseTime}ms. Analysing it next…`);
      // Spec §9: the analysis starts 500 ms after the revised text arrives.
      timer.current = window.setTimeout(() => {
        if (mine === epoch.current) void revisedDetection.run(result);
      }, REVISED_TEXT_ANALYSIS_DELAY_MS);
    } catch (err) {
      if (mine !== epoch.current || isAbortError(err)) return;
      if (isSignedOutError(err)) openSignIn();
      else toastStepFailure(err, "Text Revision Failed", "Failed to revise text");
    } finally {
      if (mine === epoch.current) setBusy(null);
      afterCall();
    }
  }, [text, provider, user, askToSignIn, revisedDetection, enhancedDetection, afterCall, openSignIn, setUrlDocument]);

  /** Enhance Content (the revised text, 'Text Revision') or Enhance Again (the enhanced text, 'Final Text Revision'). */
  const enhance = useCallback(async () => {
    const again = enhanced !== null;
    const source = enhanced ?? revised;
    if (!source) {
      toast.error("No Content to Revise", "Please generate revised text first");
      return;
    }
    const analysis = again ? enhancedDetection : revisedDetection;
    const sentences = sentencesToEnhance(analysis.result);
    if (sentences.length === 0) {
      toast.info(
        "Analysis needed",
        analysis.pending
          ? "The analysis is still running. Enhance once it has finished."
          : "Enhance rewrites the sentences the analysis points at. Run Analyze AI Content first.",
      );
      return;
    }
    const mine = ++epoch.current;
    window.clearTimeout(timer.current);
    setBusy("enhance");
    try {
      const res = await finalRewrite({
        originalContent: source.draft,
        aiDetectedSentences: sentences,
        sessionContext: {
          currentDate: todayIso(),
          contentType: again ? FINAL_TEXT_REVISION : TEXT_REVISION,
          aiProvider: provider,
        },
        // The revised text's document (issue 10): the enhanced text is its next version.
        documentId: source.documentId,
      });
      if (mine !== epoch.current) return;
      const result = toDraftResult(res);
      setEnhanced(result);
      toast.success(again ? "Enhanced Again" : "Content Enhanced", `Final revision ready in ${res.responseTime}ms.`);
      void enhancedDetection.run(result);
    } catch (err) {
      if (mine !== epoch.current || isAbortError(err)) return;
      if (isSignedOutError(err)) openSignIn();
      else toastStepFailure(err, "Final Revised Text Failed", "Could not perform final revision");
    } finally {
      if (mine === epoch.current) setBusy(null);
      afterCall();
    }
  }, [enhanced, revised, provider, revisedDetection, enhancedDetection, afterCall, openSignIn]);

  /** Analyze AI Content: analyses the revised text again. */
  const analyze = useCallback(() => {
    if (!revised) {
      toast.error("No Content to Revise", "Please generate revised text first");
      return;
    }
    void revisedDetection.run(revised);
  }, [revised, revisedDetection]);

  const copy = useCallback(async () => {
    if (!revised) {
      toast.error("No Content to Revise", "Please generate revised text first");
      return;
    }
    await copyToClipboard(revised.draft, { success: "Revised text copied to the clipboard" });
  }, [revised]);

  /** Close: clears the revised text (and what was built on it). */
  const closeRevised = useCallback(() => {
    epoch.current++;
    window.clearTimeout(timer.current);
    setBusy(null);
    setRevised(null);
    setEnhanced(null);
    revisedDetection.clear();
    enhancedDetection.clear();
    setUrlDocument(null);
  }, [revisedDetection, enhancedDetection, setUrlDocument]);

  /** Close on the Final Enhanced Text block. */
  const closeEnhanced = useCallback(() => {
    setEnhanced(null);
    enhancedDetection.clear();
  }, [enhancedDetection]);

  const clear = useCallback(() => {
    closeRevised();
    setText("");
    setProvider("openai");
  }, [closeRevised]);

  return {
    text,
    setText,
    provider,
    setProvider,
    revised,
    enhanced,
    busy,
    revisedDetection,
    enhancedDetection,
    revise,
    enhance,
    analyze,
    copy,
    closeRevised,
    closeEnhanced,
    clear,
  };
}

export type ReviseTextTool = ReturnType<typeof useReviseTextTool>;
