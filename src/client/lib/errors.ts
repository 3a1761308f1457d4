// One parseError: any failed call → the spec §8 toast title and message. The server's error text is
// matched by content, in the order of the spec's table.
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

/** Spec §8 "Generation errors": text contained (case-insensitive) → title and message; null keeps the server's text. */
const RULES: { match: string; kind: ParsedError["kind"]; title: string; message: string | null }[] = [
  { match: "insufficient credits", kind: "insufficient-credits", title: "Insufficient Credits", message: null },
  {
    match: "overloaded",
    kind: "overloaded",
    title: "Servers Overloaded",
    message: "The AI provider's servers are under high demand. Please wait 2-3 minutes and try again.",
  },
  {
    match: "temporarily unavailable",
    kind: "unavailable",
    title: "Service Unavailable",
    message: "The AI service is temporarily down. Please try again in a moment.",
  },
  {
    match: "authentication",
    kind: "authentication",
    title: "Authentication Error",
    message: "API key issue detected. Please check the configuration.",
  },
  {
    match: "credit balance is too low",
    kind: "provider-credit",
    title: "Credit Balance Too Low",
    message: "The AI provider account has insufficient credits. Please add credits to continue.",
  },
];

export function parseError(err: unknown): ParsedError {
  const status = err instanceof ApiError ? err.status : undefined;
  const raw = err instanceof ApiError ? err.body : err instanceof Error ? err.message : String(err ?? "");
  const text = serverMessage(raw);
  if (text === undefined)
    return { title: "Request Failed", message: raw || "Unknown error occurred", kind: "unknown", status };
  const lower = text.toLowerCase();
  const rule = RULES.find((r) => lower.includes(r.match));
  if (rule) return { title: rule.title, message: rule.message ?? text, kind: rule.kind, status };
  return { title: "API Error", message: text || "Please try again", kind: "api", status };
}
