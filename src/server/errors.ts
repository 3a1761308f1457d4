// One error type with a code; app.onError maps it to a status and {"error": "<message>"}.
import { creditCount } from "../shared/plural";
export type ErrorCode =
  | "VALIDATION"
  | "MALFORMED_JSON"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "INVALID_API_KEY"
  | "KEY_NOT_ALLOWED"
  | "KEY_SCOPE"
  | "NOT_FOUND"
  | "CONFLICT"
  | "PAYLOAD_TOO_LARGE"
  | "TOO_COMPLEX"
  | "SERVER_BUSY"
  | "INSUFFICIENT_CREDITS"
  | "RATE_LIMITED"
  | "PAYMENTS_DISABLED"
  | "PROVIDER_OVERLOADED"
  | "PROVIDER_UNAVAILABLE"
  | "PROVIDER_AUTH"
  | "PROVIDER_CREDIT"
  | "PROVIDER_ERROR"
  | "NO_MODEL"
  | "NOT_SAVED"
  | "INTERNAL";

export const STATUS_OF: Record<ErrorCode, number> = {
  VALIDATION: 400,
  MALFORMED_JSON: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  INVALID_API_KEY: 401,
  KEY_NOT_ALLOWED: 403,
  KEY_SCOPE: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_COMPLEX: 422,
  SERVER_BUSY: 503,
  INSUFFICIENT_CREDITS: 402,
  RATE_LIMITED: 429,
  PAYMENTS_DISABLED: 503,
  PROVIDER_OVERLOADED: 503,
  PROVIDER_UNAVAILABLE: 503,
  PROVIDER_AUTH: 502,
  PROVIDER_CREDIT: 502,
  PROVIDER_ERROR: 502,
  NO_MODEL: 503,
  NOT_SAVED: 500,
  INTERNAL: 500,
};

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.status = STATUS_OF[code];
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
