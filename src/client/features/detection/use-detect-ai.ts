// useDetectAi(): POST /api/detect-ai as a TanStack mutation with the console's toasts (spec §8):
// 'AI Detection Failed' ('Could not analyze content') on a failed call, a warning 'AI Detection
// Unavailable' (the detector's error, or a default) when the result says success:false, the
// Insufficient Credits dialog on a 402 and the sign-in dialog on a 401. The balance is refreshed after
// every call (a check costs 1 credit; a refusal or a failure costs nothing). Titles can be changed
// per hook ('Revised AI Detection Failed', 'Final Rewrite AI Detection Failed', …) or per call.
import { useMutation } from "@tanstack/react-query";
import type { DetectionResult } from "../../../shared/detection";
import { ApiError } from "../../lib/api";
import { errorText } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { useAuth } from "../auth/auth-context";
import { useInsufficientCredits } from "../credits/insufficient-credits-dialog";
import { detectAi } from "./api";

export const DETECTION_TOASTS = {
  failureTitle: "AI Detection Failed",
  failureMessage: "Could not analyze content",
  unavailableTitle: "AI Detection Unavailable",
  unavailableMessage: "The AI detector could not check this text.",
} as const;

export interface DetectionToastOptions {
  /** Title of the destructive toast when the call fails. Default 'AI Detection Failed'. */
  failureTitle?: string;
  /** Its message when the server gives none. Default 'Could not analyze content'. */
  failureMessage?: string;
  /** Title of the warning when the result says success:false. Default 'AI Detection Unavailable'. */
  unavailableTitle?: string;
  /** Its message when the result carries no error. */
  unavailableMessage?: string;
}

export interface UseDetectAiOptions extends DetectionToastOptions {
  /** Runs after every answer, success:false included. */
  onResult?: (result: DetectionResult) => void;
}

export interface DetectAiVariables extends DetectionToastOptions {
  text: string;
  /** Attach the result to this request of the caller's (api_requests id or uuid). */
  requestId?: number | string;
  /** Store the result on this version of the caller's document. */
  documentId?: string;
  versionId?: string;
  signal?: AbortSignal;
}

const isAbort = (err: unknown) => err instanceof DOMException && err.name === "AbortError";

export function useDetectAi(options: UseDetectAiOptions = {}) {
  const { refreshCredits, openSignIn } = useAuth();
  const insufficient = useInsufficientCredits();
  const pick = <K extends keyof DetectionToastOptions>(vars: DetectAiVariables, key: K) =>
    vars[key] ?? options[key] ?? DETECTION_TOASTS[key];

  return useMutation<DetectionResult, unknown, DetectAiVariables>({
    mutationFn: ({ text, requestId, documentId, versionId, signal }) =>
      detectAi(text, { requestId, documentId, versionId, signal }),
    onSuccess: (result, vars) => {
      if (!result.success)
        toast.warning(pick(vars, "unavailableTitle"), result.error || pick(vars, "unavailableMessage"));
      options.onResult?.(result);
    },
    onError: (err, vars) => {
      if (isAbort(err)) return;
      if (insufficient.openFromError(err)) return;
      if (err instanceof ApiError && err.status === 401) {
        openSignIn("signin");
        return;
      }
      toast.error(pick(vars, "failureTitle"), errorText(err, pick(vars, "failureMessage")));
    },
    onSettled: () => {
      void refreshCredits();
    },
  });
}
