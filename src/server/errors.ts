// One error type with a code (shared/errors.ts lists them with their statuses); app.onError answers
// it as {"error": "<message>", "code": "<code>", …details}.
import { ERROR_CODES, type ErrorCode } from "../shared/errors";
import { creditCount } from "../shared/plural";

export type { ErrorCode } from "../shared/errors";

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.status = ERROR_CODES[code];
  }
}

/** 429 with a Retry-After header (set by onError from `retryAfter`). */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError("RATE_LIMITED", message, { retryAfter: retryAfterSeconds });

export const insufficientCredits = (required: number, available: number) =>
  new AppError(
    "INSUFFICIENT_CREDITS",
    `Insufficient credits: this needs ${creditCount(required)} and you have ${available.toLocaleString("en-US")} available.`,
    { required, available },
  );
