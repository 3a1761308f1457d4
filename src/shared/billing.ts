// Billing's requests, responses and texts (spec §3, §7, §8, §9), shared by the server and the screens.
import { z } from "zod";
import { HISTORY_LIMIT } from "./limits";
import { countOf } from "./plural";

export const BILLING_MESSAGES = {
  purchasesDisabled: "Purchases are not configured on this server",
  packageUnavailable: "That credit package is not available",
  foreignReturnUrl: "Return addresses must be on this site",
  checkoutFailed: "Could not start the checkout. Please try again.",
  missingSignature: "Missing Stripe-Signature header",
  badSignature: "Invalid Stripe signature",
  badLimit: "limit must be a whole number from 1 to 100",
  checkoutNotFound: "No checkout with that id was found for your account",
} as const;

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
export type CheckoutStatusResponse =
  | { success: true; status: "credited"; credits: number; packageName: string | null; creditedAt: string }
  | { success: true; status: "pending" }
  /** Stripe closed the checkout unpaid (after 24 hours, or expired on purpose): nothing will come. */
  | { success: true; status: "expired" };

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
export interface CreditsResponse {
  success: true;
  availableCredits: number;
  /** "Total Purchased": credits bought, net of refunds and lost disputes. */
  totalCredits: number;
  usedCredits: number;
  bonusCredits: number;
}

/** One entry of GET /api/billing/packages. */
export interface CreditPackage {
  id: number;
  name: string;
  credits: number;
  /** USD, e.g. 4.99. */
  price: number;
  /** USD per credit, rounded to three decimals. */
  pricePerCredit: number;
  estimatedGenerations: string;
  description: string;
  popular: boolean;
}

export interface PackagesResponse {
  success: true;
  packages: CreditPackage[];
}

export interface BillingConfigResponse {
  purchasesEnabled: boolean;
}

export interface CheckoutResponse {
  success: true;
  checkoutUrl: string;
  sessionId: string;
}

export type TransactionType = "purchase" | "bonus" | "grant" | "usage" | "refund" | "reversal";

export interface Transaction {
  id: number;
  type: TransactionType | string;
  /** Signed: + credits added, − credits spent or taken back. */
  amount: number;
  /** total + bonus − used after this entry (equals the available balance when no work is in flight). */
  balanceAfter: number;
  description: string;
  createdAt: string;
}

export interface TransactionsResponse {
  success: true;
  transactions: Transaction[];
}

export interface UsageRecord {
  id: number;
  endpoint: string;
  aiProvider: string | null;
  creditsUsed: number;
  requestTokens: number;
  responseTokens: number;
  /** The name of the API key that spent the credits; null when the app itself did. */
  apiKey: string | null;
  createdAt: string;
}

export interface UsageResponse {
  success: true;
  usage: UsageRecord[];
}
