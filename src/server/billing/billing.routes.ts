// /api/billing: packages (public), the caller's balance, history and usage, checkout, and Stripe's
// webhook (no session; it proves itself with a signature on the raw body).

import { Hono } from "hono";
import {
  type BillingConfigResponse,
  BillingConfigResponseSchema,
  CheckoutRequest,
  type CheckoutResponse,
  CheckoutResponseSchema,
  type CheckoutStatusResponse,
  CheckoutStatusResponseSchema,
  type CreditsResponse,
  CreditsResponseSchema,
  ListQuery,
  type PackagesResponse,
  PackagesResponseSchema,
  type TransactionsResponse,
  TransactionsResponseSchema,
  tooManyCheckoutChecks,
  type UsageResponse,
  UsageResponseSchema,
  type WebhookOutcome,
  WebhookOutcomeSchema,
} from "../../shared/billing";
import type { Ledger } from "../credits/ledger";
import { requireCaller, requireUser } from "../http/middleware";
import { doc } from "../http/openapi";
import { limitPerUser, type RateLimiter } from "../http/rate-limit";
import type { AppEnv } from "../http/types";
import { validate } from "../http/validate";
import type { BillingService } from "./billing.service";

/**
 * Checkout status checks per user and window: each one not yet credited asks Stripe. The success
 * page checks at most 6 times in its first minute, so 30 leaves room for reloads and "Check again".
 */
export const CHECKOUT_STATUS_CHECKS = { limit: 30, windowSeconds: 60 } as const;

export function billingRoutes({
  ledger,
  billing,
  limiter,
  publicUrl,
  checkoutStatusChecks = CHECKOUT_STATUS_CHECKS,
}: {
  ledger: Ledger;
  billing: BillingService;
  limiter: RateLimiter;
  publicUrl?: string;
  checkoutStatusChecks?: { limit: number; windowSeconds: number };
}) {
  const r = new Hono<AppEnv>();
  const limitedChecks = limitPerUser(limiter, "billing-checkout-status", checkoutStatusChecks, tooManyCheckoutChecks);

  r.get(
    "/config",
    doc({
      summary: "Whether purchases are on",
      tag: "Billing",
      caller: "public",
      response: BillingConfigResponseSchema,
    }),
    (c) => c.json<BillingConfigResponse>({ purchasesEnabled: billing.purchasesEnabled }),
  );

  r.get(
    "/packages",
    doc({ summary: "Credit packages for sale", tag: "Billing", caller: "public", response: PackagesResponseSchema }),
    async (c) => c.json<PackagesResponse>({ success: true, packages: await billing.listPackages() }),
  );

  r.get(
    "/credits",
    doc({ summary: "The credit balance", tag: "Billing", caller: "billing", response: CreditsResponseSchema }),
    requireCaller("billing"),
    async (c) => {
      const { availableCredits, totalCredits, usedCredits, bonusCredits } = await ledger.balance(c.get("user").id);
      return c.json<CreditsResponse>({ success: true, availableCredits, totalCredits, usedCredits, bonusCredits });
    },
  );

  r.get(
    "/history",
    doc({
      summary: "Credit transactions, newest first",
      tag: "Billing",
      caller: "billing",
      response: TransactionsResponseSchema,
    }),
    requireCaller("billing"),
    validate("query", ListQuery),
    async (c) => {
      const { limit } = c.req.valid("query");
      const rows = await ledger.transactions(c.get("user").id, limit);
      return c.json<TransactionsResponse>({
        success: true,
        transactions: rows.map(({ id, type, amount, balanceAfter, description, createdAt }) => ({
          id,
          type,
          amount,
          balanceAfter,
          description,
          createdAt,
        })),
      });
    },
  );

  r.get(
    "/usage",
    doc({
      summary: "Usage history: settled AI calls, newest first, with the API key that paid",
      tag: "Billing",
      caller: "billing",
      response: UsageResponseSchema,
    }),
    requireCaller("billing"),
    validate("query", ListQuery),
    async (c) => {
      const { limit } = c.req.valid("query");
      const rows = await ledger.usage(c.get("user").id, limit);
      return c.json<UsageResponse>({
        success: true,
        usage: rows.map(
          ({ id, endpoint, aiProvider, creditsUsed, requestTokens, responseTokens, apiKey, createdAt }) => ({
            id,
            endpoint,
            aiProvider,
            creditsUsed,
            requestTokens,
            responseTokens,
            apiKey,
            createdAt,
          }),
        ),
      });
    },
  );

  r.get(
    "/checkout/:sessionId",
    doc({
      summary: "A Checkout Session's status",
      tag: "Billing",
      caller: "session",
      response: CheckoutStatusResponseSchema,
      errors: ["NOT_FOUND", "PAYMENTS_DISABLED", "PROVIDER_ERROR"],
    }),
    requireUser,
    limitedChecks,
    async (c) =>
      c.json<CheckoutStatusResponse>(await billing.checkoutStatus(c.get("user").id, c.req.param("sessionId"))),
  );

  r.post(
    "/checkout",
    doc({
      summary: "Start a Stripe Checkout for a package",
      tag: "Billing",
      caller: "session",
      response: CheckoutResponseSchema,
      errors: ["PAYMENTS_DISABLED", "PROVIDER_ERROR"],
    }),
    requireUser,
    validate("json", CheckoutRequest),
    async (c) => {
      const user = c.get("user");
      const body = c.req.valid("json");
      const { checkoutUrl, sessionId } = await billing.createCheckout({
        user: { id: user.id, email: user.email },
        packageId: body.packageId,
        successUrl: body.successUrl,
        cancelUrl: body.cancelUrl,
        origin: publicUrl ?? new URL(c.req.url).origin,
      });
      return c.json<CheckoutResponse>({ success: true, checkoutUrl, sessionId });
    },
  );

  r.post(
    "/webhook",
    doc({
      summary: "Stripe's webhook (signed by Stripe)",
      tag: "Billing",
      caller: "public",
      response: WebhookOutcomeSchema,
      errors: ["PAYMENTS_DISABLED"],
    }),
    async (c) => {
      // The signature covers the exact bytes Stripe sent: read the raw body, never re-serialised JSON.
      const rawBody = await c.req.text();
      const event = await billing.verifyWebhook(rawBody, c.req.header("stripe-signature"));
      return c.json<WebhookOutcome>(await billing.handleEvent(event));
    },
  );

  return r;
}
