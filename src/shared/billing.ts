// Billing's requests, responses and texts (spec §3, §7, §8, §9), shared by the server and the screens.
import { z } from "zod";
import { int, timestamp } from "./api-schemas";
// The messages the server answers with and the screens show (billing-text.ts: no zod, for Billing's code).
import { BILLING_MESSAGES } from "./billing-text";
import { HISTORY_LIMIT } from "./limits";
import { countOf } from "./plural";

export { BILLING_MESSAGES };

export const tooManyCheckoutChecks = (seconds: number) =>
  `Too many payment checks. Try again in ${countOf(seconds, "second")}.`;

export const CheckoutRequest = z.object({
  packageId: z.coerce
    .number({ message: "packageId is required" })
    .int({ message: "packageId is required" })
    .positive({ message: "packageId is required" })
    .max(2_147_483_647, { message: BILLING_MESSAGES.packageUnavailable }),
  successUrl: z.string({ message: "successUrl is required" }).url({ message: "successUrl must be a full URL" }),
  cancelUrl: z.string({ message: "cancelUrl is required" }).url({ message: "cancelUrl must be a full URL" }),
});
export type CheckoutRequest = z.infer<typeof CheckoutRequest>;

/**
 * GET /api/billing/checkout/:sessionId — what the ledger says about one of the caller's checkouts:
 * 'credited' (the purchase is in the ledger), or 'pending' (the checkout is theirs but no credits
 * yet: unpaid, or the payment provider has not confirmed it). Anything else is a 404.
 */
export const CheckoutStatusResponseSchema = z.discriminatedUnion("status", [
  z.object({
    success: z.literal(true),
    status: z.literal("credited"),
    credits: int,
    packageName: z.string().nullable(),
    creditedAt: timestamp,
  }),
  z.object({ success: z.literal(true), status: z.literal("pending") }),
  /** Stripe closed the checkout unpaid (after 24 hours, or expired on purpose): nothing will come. */
  z.object({ success: z.literal(true), status: z.literal("expired") }),
]);
export type CheckoutStatusResponse = z.infer<typeof CheckoutStatusResponseSchema>;

/** A Stripe Checkout Session id: cs_ and letters, digits, underscores. */
export const CHECKOUT_SESSION_ID = /^cs_[A-Za-z0-9_]{1,255}$/;

export const ListQuery = z.object({
  limit: z.coerce
    .number({ message: BILLING_MESSAGES.badLimit })
    .int({ message: BILLING_MESSAGES.badLimit })
    .min(1, { message: BILLING_MESSAGES.badLimit })
    .max(100, { message: BILLING_MESSAGES.badLimit })
    .default(HISTORY_LIMIT),
});

/** GET /api/billing/credits */
export const CreditsResponseSchema = z.object({
  success: z.literal(true),
  availableCredits: int,
  /** "Total Purchased": credits bought, net of refunds and lost disputes. */
  totalCredits: int,
  usedCredits: int,
  bonusCredits: int,
});
export type CreditsResponse = z.infer<typeof CreditsResponseSchema>;

/** One entry of GET /api/billing/packages. */
const CreditPackageSchema = z.object({
  id: int,
  name: z.string(),
  credits: int,
  /** USD, e.g. 4.99. */
  price: z.number(),
  /** USD per credit, rounded to three decimals. */
  pricePerCredit: z.number(),
  estimatedGenerations: z.string(),
  description: z.string(),
  popular: z.boolean(),
});
export type CreditPackage = z.infer<typeof CreditPackageSchema>;

export const PackagesResponseSchema = z.object({ success: z.literal(true), packages: z.array(CreditPackageSchema) });
export type PackagesResponse = z.infer<typeof PackagesResponseSchema>;

export const BillingConfigResponseSchema = z.object({ purchasesEnabled: z.boolean() });
export type BillingConfigResponse = z.infer<typeof BillingConfigResponseSchema>;

export const CheckoutResponseSchema = z.object({
  success: z.literal(true),
  checkoutUrl: z.url(),
  sessionId: z.string(),
});
export type CheckoutResponse = z.infer<typeof CheckoutResponseSchema>;

const TransactionSchema = z.object({
  id: int,
  /** purchase, bonus, grant, usage, refund or reversal. */
  type: z.string(),
  /** Signed: + credits added, − credits spent or taken back. */
  amount: int,
  /** total + bonus − used after this entry (equals the available balance when no work is in flight). */
  balanceAfter: int,
  description: z.string(),
  createdAt: timestamp,
});
export type Transaction = z.infer<typeof TransactionSchema>;

export const TransactionsResponseSchema = z.object({
  success: z.literal(true),
  transactions: z.array(TransactionSchema),
});
export type TransactionsResponse = z.infer<typeof TransactionsResponseSchema>;

const UsageRecordSchema = z.object({
  id: int,
  endpoint: z.string(),
  aiProvider: z.string().nullable(),
  creditsUsed: int,
  requestTokens: int,
  responseTokens: int,
  /** The name of the API key that spent the credits; null when the app itself did. */
  apiKey: z.string().nullable().describe("The API key that spent the credits, by name; null: the app."),
  createdAt: timestamp,
});
export type UsageRecord = z.infer<typeof UsageRecordSchema>;

export const UsageResponseSchema = z.object({ success: z.literal(true), usage: z.array(UsageRecordSchema) });
export type UsageResponse = z.infer<typeof UsageResponseSchema>;

/** POST /api/billing/webhook: Stripe's event was received (once; a repeat says duplicate). */
export const WebhookOutcomeSchema = z.discriminatedUnion("duplicate", [
  z.object({ received: z.literal(true), duplicate: z.literal(true) }),
  z.object({
    received: z.literal(true),
    duplicate: z.literal(false),
    /** What was done: credited, refunded, ignored, … */
    handled: z.string(),
  }),
]);
export type WebhookOutcome = z.infer<typeof WebhookOutcomeSchema>;
