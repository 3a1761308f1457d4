// The Results screen's generation (spec §4): one streamed POST /api/execute for the pending
// request, the simulated progress (0.5 every 100 ms, capped at 90 until the answer, then 100), the
// status text rotating every 2.5 s, and the draft revealed 0.8 s after completion.
//
// Exactly one request per pending request, even under React StrictMode (which mounts, unmounts and
// mounts again in development): the job lives in a ref, and the unmount's abort is deferred by a
// tick so that StrictMode's immediate re-mount cancels it. A real unmount aborts the stream, and the
// server then charges only what was written.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { PROGRESS } from "../../../../shared/limits";
import { refreshQueries } from "../../../lib/refresh";
import { useAuth } from "../../auth/auth-context";
import { HISTORY_KEY, isAbortError, type StreamStart, streamExecute, toDraftResult } from "../api";
import type { PendingRequest } from "../pending-request";
import { nextProgress } from "../progress";
import type { DraftResult } from "../types";

export type GenerationStatus = "running" | "complete" | "revealed" | "failed";

export interface DraftGeneration {
  status: GenerationStatus;
  /** 0–100, one decimal. */
  progress: number;
  /** Increments every 2.5 s while running: which status line to show. */
  rotation: number;
  /** The text written so far (refreshed with each progress tick). */
  streamed: string;
  /** Who is writing, once the server has said. */
  start: StreamStart | null;
  result: DraftResult | null;
}

export interface GenerationHandlers {
  /** The server has held the credits and named the document the draft is saved to. */
  onStart?: (start: StreamStart) => void;
  /** A draft arrived (not empty). */
  onComplete?: (result: DraftResult) => void;
  /** The draft is on screen: 0.8 s after completion. */
  onReveal?: (result: DraftResult) => void;
  /** The call failed, or returned no text (the error is then null). Never called for an abort. */
  onError: (err: unknown | null) => void;
}

/** The request the landing page's prompt becomes (spec §4): today, the prompt as the brief, prose2. */
export function executeRequestFor(pending: PendingRequest) {
  return {
    currentDate: localDate(),
    contentType: pending.text,
    targetAudience: "",
    wordCount: "",
    additionalContext: "",
    aiProvider: pending.aiProvider,
    writingStyle: "prose2" as const,
  };
}

/** Today as YYYY-MM-DD in the user's own time zone. */
export function localDate(d = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

interface Job {
  controller: AbortController;
  abortTimer?: number;
}

/**
 * Runs the pending request once. With `restored` (a result saved by an earlier visit of this tab)
 * nothing is requested and the result shows at once.
 */
export function useDraftGeneration(
  pending: PendingRequest | null,
  restored: DraftResult | null,
  handlers: GenerationHandlers,
): DraftGeneration {
  const queryClient = useQueryClient();
  const { refreshCredits } = useAuth();
  const [status, setStatus] = useState<GenerationStatus>(restored ? "revealed" : "running");
  const [progress, setProgress] = useState(restored ? 100 : 0);
  const [rotation, setRotation] = useState(0);
  const [streamed, setStreamed] = useState("");
  const [start, setStart] = useState<StreamStart | null>(null);
  const [result, setResult] = useState<DraftResult | null>(restored);

  const job = useRef<Job | null>(null);
  const text = useRef("");
  // The latest handlers and helpers, read by the one long-lived job without restarting it.
  const latest = useRef({ handlers, refreshCredits, queryClient });
  latest.current = { handlers, refreshCredits, queryClient };

  useEffect(() => {
    if (!pending || restored) return;
    let current = job.current;
    if (!current) {
      const controller = new AbortController();
      current = { controller };
      job.current = current;
      const { signal } = controller;
      streamExecute(executeRequestFor(pending), {
        signal,
        onStart: (s) => {
          setStart(s);
          latest.current.handlers.onStart?.(s);
        },
        onDelta: (_piece, soFar) => {
          text.current = soFar;
        },
      })
        .then((res) => {
          if (signal.aborted) return;
          const draft = toDraftResult(res);
          setStreamed(draft.draft);
          if (!draft.draft.trim()) {
            setStatus("failed");
            latest.current.handlers.onError(null);
            return;
          }
          setResult(draft);
          setProgress(100);
          setStatus("complete");
          latest.current.handlers.onComplete?.(draft);
          window.setTimeout(() => {
            if (signal.aborted) return;
            setStatus("revealed");
            latest.current.handlers.onReveal?.(draft);
          }, PROGRESS.draftRevealMs);
        })
        .catch((err: unknown) => {
          if (signal.aborted || isAbortError(err)) return;
          setStatus("failed");
          latest.current.handlers.onError(err);
        })
        .finally(() => {
          // Spent or released: the header's balance and the history change either way.
          void latest.current.refreshCredits();
          void refreshQueries(latest.current.queryClient, { queryKey: HISTORY_KEY });
        });
    }
    window.clearTimeout(current.abortTimer);
    const mine = current;
    return () => {
      mine.abortTimer = window.setTimeout(() => mine.controller.abort(), 0);
    };
  }, [pending, restored]);

  // The simulated progress and the streamed text's refresh share one 100 ms tick.
  useEffect(() => {
    if (status !== "running") return;
    const tick = window.setInterval(() => {
      setProgress(nextProgress);
      setStreamed((prev) => (prev === text.current ? prev : text.current));
    }, PROGRESS.tickMs);
    const rotate = window.setInterval(() => setRotation((r) => r + 1), PROGRESS.messageRotationMs);
    return () => {
      window.clearInterval(tick);
      window.clearInterval(rotate);
    };
  }, [status]);

  return { status, progress, rotation, streamed, start, result };
}
