// Reading failed calls, in one place: parseError (any failure → the spec §8 toast title and message,
// chosen by the error's code, shared/errors.ts), errorText (the server's
// plain message for a toast) and errorFields (the other fields of an {"error": …} body, such as a
// 402's required and available).
import { type ErrorCode, errorCodeOf } from "../../shared/errors";
import { ApiError, serverMessage } from "./api";

export interface ParsedError {
  title: string;
  message: string;
  kind:
    | "insufficient-credits"
    | "overloaded"
    | "unavailable"
    | "authentication"
    | "provider-credit"
    | "api"
    | "unknown";
  status?: number;
}

/** Spec §8 "Generation errors": the error's code → title and message; null keeps the server's text. */
const RULES: Partial<Record<ErrorCode, { kind: ParsedError["kind"]; title: string; message: string | null }>> = {
  INSUFFICIENT_CREDITS: { kind: "insufficient-credits", title: "Insufficient Credits", message: null },
  PROVIDER_OVERLOADED: {
    kind: "overloaded",
    title: "Servers Overloaded",
    message: "The long-form provider's servers are under high demand; wait 2-3 minutes and try again.",
  },
  PROVIDER_UNAVAILABLE: {
    kind: "unavailable",
    title: "Service Unavailable",
    message: "The AI service is temporarily down. Please try again in a moment.",
  },
  PROVIDER_AUTH: {
    kind: "authentication",
    title: "Authentication Error",
    message: "API key issue detected. Please check the configuration.",
  },
  PROVIDER_CREDIT: {
    kind: "provider-credit",
    title: "Credit Balance Too Low",
    message: "The AI provider account has insufficient credits. Please add credits to continue.",
  },
};

/** The spec §8 title and message of a failed call, chosen by the error's code (never its words). */
export function parseError(err: unknown): ParsedError {
  const status = err instanceof ApiError ? err.status : undefined;
  const raw = err instanceof ApiError ? err.body : err instanceof Error ? err.message : String(err ?? "");
  const text = serverMessage(raw);
  if (text === undefined)
    return { title: "Request Failed", message: raw || "Unknown error occurred", kind: "unknown", status };
  const code = errorCodeOf(raw);
  const rule = code && code in RULES ? RULES[code as ErrorCode] : undefined;
  if (rule) return { title: rule.title, message: rule.message ?? text, kind: rule.kind, status };
  return { title: "API Error", message: text || "Please try again", kind: "api", status };
}

/** The server's {"error": …} text, else a fallback (never an HTML page or a stack). */
export function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    const text = err.serverMessage;
    if (text && !/^\s*</.test(text)) return text;
    return `${fallback} (${err.status})`;
  }
  return fallback;
}

/** The fields of a failed call's JSON body ({} when there is none). */
export function errorFields(err: unknown): Record<string, unknown> {
  if (!(err instanceof ApiError)) return {};
  try {
    const json = JSON.parse(err.body) as unknown;
    return json && typeof json === "object" && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
