// How the console words a failed step (spec §8 "Console failure toasts"): the step's own title,
// with the server's reason when there is one and the spec's default text when there is not.
import { ApiError } from "../../../lib/api";
import { parseError } from "../../../lib/errors";
import { toast } from "../../../lib/toast";

/** The reason to show under a step's title: the parsed §8 message, or `fallback` for an unreadable error. */
export function failureReason(err: unknown, fallback: string): string {
  const parsed = parseError(err);
  if (parsed.kind === "unknown") return fallback;
  return parsed.message || fallback;
}

/** A destructive toast titled for the step (e.g. 'Final Rewrite Failed'). */
export function toastStepFailure(err: unknown, title: string, fallback: string) {
  toast.error(title, failureReason(err, fallback));
}

/** True when the user's own session is gone (401): the screens open the sign-in dialog. */
export const isSignedOutError = (err: unknown) => err instanceof ApiError && err.status === 401;

/** A call that succeeded but brought back no text (spec §8: 'No content returned'). */
export class NoContentError extends Error {
  constructor() {
    super("The model answered without any text. Please try again.");
    this.name = "NoContentError";
  }
}

export function toastNoContent() {
  toast.error("No content returned", "The model answered without any text. Please try again.");
}
