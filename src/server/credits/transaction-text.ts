// The words a ledger row is shown with (GET /api/billing/history's `description`): the reason
// stored when the row was written, else one made from its type; a paid call reads as the Usage tab
// names it (shared/endpoint-labels.ts).
import { usageDescription } from "../../shared/endpoint-labels";
import type { creditTransactions } from "../db/schema";

/** A usage row's own columns read as the metadata older rows carried (describeTransaction reads either). */
export function usageMetadata(r: typeof creditTransactions.$inferSelect): Record<string, unknown> {
  const metadata = r.metadata ?? {};
  if (r.type !== "usage" || r.endpoint === null) return metadata;
  return { ...metadata, endpoint: r.endpoint, tokens: r.requestTokens + r.responseTokens };
}

/** A human line for a ledger row: the reason stored at write time, else one derived from its type. */
export function describeTransaction(type: string, metadata: Record<string, unknown>): string {
  // A paid call reads as the Usage tab names it, also on rows written before the names were friendly.
  if (type === "usage" && typeof metadata.endpoint === "string")
    return usageDescription(metadata.endpoint, Number(metadata.tokens) || 0);
  if (typeof metadata.description === "string" && metadata.description) return metadata.description;
  switch (type) {
    case "purchase":
      return typeof metadata.packageName === "string" ? `Purchased ${metadata.packageName}` : "Credit purchase";
    case "bonus":
      return typeof metadata.campaignName === "string" ? `Bonus: ${metadata.campaignName}` : "Bonus credits";
    case "grant":
      return typeof metadata.reason === "string" ? `Granted: ${metadata.reason}` : "Credits granted";
    case "usage":
      return typeof metadata.endpoint === "string"
        ? usageDescription(metadata.endpoint, Number(metadata.tokens) || 0)
        : "AI usage";
    case "refund":
      return "Refund";
    case "reversal":
      return "Payment dispute lost";
    default:
      return type;
  }
}
