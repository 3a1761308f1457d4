// The names people see for each paid action, on the Usage tab and in the ledger's descriptions
// alike (the server writes them into transaction rows, the client labels usage records with them).
import { formatNumber } from "./number-text";

export const ENDPOINT_LABELS: Record<string, string> = {
  "/api/execute": "Draft generation",
  "/api/detect-ai": "AI detection",
  "/api/final-rewrite": "Final rewrite",
  "/api/revise-text": "Text revision",
  "/api/seo-optimize": "SEO optimization",
  "/api/seo-produce-code": "SEO HTML",
  "/api/seo-revise-text": "SEO revision",
};

/** "Draft generation" for "/api/execute", "execute" or "api/execute"; an unknown endpoint as given. */
export const endpointLabel = (endpoint: string): string =>
  ENDPOINT_LABELS[endpoint] ?? ENDPOINT_LABELS[`/api/${endpoint.replace(/^\/?(api\/)?/, "")}`] ?? endpoint;

/** A ledger line for a paid call: "Draft generation · 2,240 tokens" (no tokens: the name alone). */
export function usageDescription(endpoint: string, tokens: number): string {
  const name = endpointLabel(endpoint);
  return tokens > 0 ? `${name} · ${formatNumber(tokens)} tokens` : name;
}
