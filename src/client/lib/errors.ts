// One parseError: any failed call → the spec §8 toast title and message.
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

export function parseError(err: unknown): ParsedError {
  const status = err instanceof ApiError ? err.status : undefined;
  const raw = err instanceof ApiError ? err.body : err instanceof Error ? err.message : String(err ?? "");
  const text = err instanceof ApiError ? (serverMessage(err.body) ?? undefined) : serverMessage(raw);
  if (text === undefined) {
    return { title: "Request Failed", message: raw || "Unknown error occurred", kind: "unknown", status };
  }
  const lower = text.toLowerCase();
  if (lower.includes("insufficient credits"))
    return { title: "Insufficient Credits", message: text, kind: "insufficient-credits", status };
  if (lower.includes("overloaded"))
    return {
      title: "Servers Overloaded",
      message: "The AI provider's servers are under high demand. Please wait 2-3 minutes and try again.",
      kind: "overloaded",
      status,
    };
  if (lower.includes("temporarily unavailable"))
    return {
      title: "Service Unavailable",
      message: "The AI service is temporarily down. Please try again in a moment.",
      kind: "unavailable",
      status,
    };
  if (lower.includes("authentication"))
    return {
      title: "Authentication Error",
      message: "API key issue detected. Please check the configuration.",
      kind: "authentication",
      status,
    };
  if (lower.includes("credit balance is too low"))
    return {
      title: "Credit Balance Too Low",
      message: "The AI provider account has insufficient credits. Please add credits to continue.",
      kind: "provider-credit",
      status,
    };
  return { title: "API Error", message: text || "Please try again", kind: "api", status };
}
