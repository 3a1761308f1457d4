// The API's one error contract (issue 28): every error answer is `{ "error": <message>, "code": <code> }`
// plus the fields its code names (`retryAfter`, `required`/`available`, `text`, `scope`); a streamed
// call's `error` event carries the same body with its `status`. Every code is listed here once, with
// its HTTP status: the server throws them (server/errors.ts), the OpenAPI document lists them, and the
// client decides by them, never by a message's words.

export const ERROR_CODES = {
  /** The request's input is invalid (the message names the field). */
  VALIDATION: 400,
  /** One image URL of an SEO request is not an http(s) address (the message says which). */
  INVALID_IMAGE_URL: 400,
  MALFORMED_JSON: 400,
  /** Not signed in (or the session ended). */
  UNAUTHENTICATED: 401,
  /** The API key is unknown, revoked or expired. */
  INVALID_API_KEY: 401,
  /** Credits are needed: `required` and `available` say how many. */
  INSUFFICIENT_CREDITS: 402,
  FORBIDDEN: 403,
  /** An API key on a route no key may use (account, keys, admin, sign-in): sign in instead. */
  KEY_NOT_ALLOWED: 403,
  /** The API key lacks the route's scope (`scope` names it). */
  KEY_SCOPE: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_COMPLEX: 422,
  /** Too many requests: `retryAfter` seconds (also the Retry-After header). */
  RATE_LIMITED: 429,
  /** Saved nothing: the text delivered and charged is in `text` (500). */
  NOT_SAVED: 500,
  INTERNAL: 500,
  /** The AI model provider refused our credentials. */
  PROVIDER_AUTH: 502,
  /** The AI model provider's own credit balance is too low. */
  PROVIDER_CREDIT: 502,
  PROVIDER_ERROR: 502,
  /** A connected site (WordPress, Shopify) refused the saved connection while publishing. */
  CONNECTION_REFUSED: 502,
  /** The AI model provider is overloaded. */
  PROVIDER_OVERLOADED: 503,
  /** The AI service is temporarily unavailable. */
  PROVIDER_UNAVAILABLE: 503,
  /** Busy with other long work, or restarting. */
  SERVER_BUSY: 503,
  PAYMENTS_DISABLED: 503,
  /** No writing model is configured (and the offline writer is off). */
  NO_MODEL: 503,
  DATABASE_UNREACHABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/**
 * The sign-in, sign-up and password endpoints' codes (spec §8, the identity client's names), which
 * the server gives Better Auth's refusals; any other refusal there gets the code of its status.
 */
export const AUTH_ERROR_CODES = [
  "invalid-credential",
  "email-already-in-use",
  "password-does-not-meet-requirements",
  "invalid-email",
  "wrong-password",
  "invalid-token",
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

export interface ErrorBody {
  error: string;
  code: ErrorCode | AuthErrorCode;
  /** RATE_LIMITED: seconds to wait (the Retry-After header says the same). */
  retryAfter?: number;
  /** INSUFFICIENT_CREDITS */
  required?: number;
  available?: number;
  /** NOT_SAVED: what was delivered and charged. */
  text?: string;
  /** KEY_SCOPE: the scope the route needs. */
  scope?: string;
}

/** The code a status stands for when nothing more precise is known (Hono's own refusals, proxies). */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return "VALIDATION";
    case 401:
      return "UNAUTHENTICATED";
    case 402:
      return "INSUFFICIENT_CREDITS";
    case 403:
      return "FORBIDDEN";
    case 404:
      return "NOT_FOUND";
    case 409:
      return "CONFLICT";
    case 413:
      return "PAYLOAD_TOO_LARGE";
    case 422:
      return "TOO_COMPLEX";
    case 429:
      return "RATE_LIMITED";
    case 502:
      return "PROVIDER_ERROR";
    case 503:
      return "SERVER_BUSY";
    default:
      return "INTERNAL";
  }
}

/** The code of an error body (JSON text), or undefined when it has none. */
export function errorCodeOf(body: string): string | undefined {
  try {
    const json = JSON.parse(body) as { code?: unknown };
    return typeof json.code === "string" ? json.code : undefined;
  } catch {
    return undefined;
  }
}
