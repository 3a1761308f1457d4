// One AI analysis on a screen (the draft's, the revised text's, the final's…): its latest result,
// whether it is running, and its own failure title (spec §8 console toasts). Built on detection's
// useDetectAi, which charges, toasts, and reports 'AI Detection Unavailable'.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { DetectionResult } from "../../../../shared/detection";
import { useDetectAi } from "../../detection";
import type { DraftResult } from "../types";

/** What is analysed: the text, and the request and document version the result is stored on. */
export type DetectTarget = Pick<DraftResult, "draft" | "requestId" | "documentId" | "versionId">;

export interface DetectionSlot {
  result: DetectionResult | undefined;
  pending: boolean;
  /** Analyses a text; a later run or clear() cancels an earlier one. Resolves undefined on failure. */
  run: (target: DetectTarget) => Promise<DetectionResult | undefined>;
  /** Shows a result kept from before (a document reopened), or none. */
  set: (result: DetectionResult | undefined) => void;
  clear: () => void;
}

export function useDetectionSlot({ failureTitle }: { failureTitle: string }): DetectionSlot {
  const { mutateAsync } = useDetectAi({ failureTitle });
  const [result, setResult] = useState<DetectionResult>();
  const [pending, setPending] = useState(false);
  const current = useRef<AbortController | null>(null);

  useEffect(() => () => current.current?.abort(), []);

  const run = useCallback(
    async ({ draft: text, requestId, documentId, versionId }: DetectTarget) => {
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      setPending(true);
      setResult(undefined);
      try {
        const found = await mutateAsync({ text, requestId, documentId, versionId, signal: controller.signal });
        if (current.current !== controller) return undefined;
        setResult(found);
        return found;
      } catch {
        // useDetectAi has said what went wrong (toast, sign-in or credits dialog).
        return undefined;
      } finally {
        if (current.current === controller) {
          current.current = null;
          setPending(false);
        }
      }
    },
    [mutateAsync],
  );

  const clear = useCallback(() => {
    current.current?.abort();
    current.current = null;
    setPending(false);
    setResult(undefined);
  }, []);

  const set = useCallback((kept: DetectionResult | undefined) => {
    current.current?.abort();
    current.current = null;
    setPending(false);
    setResult(kept);
  }, []);

  return useMemo(() => ({ result, pending, run, set, clear }), [result, pending, run, set, clear]);
}
