// Purchases: packages, Stripe Checkout and the webhook that fulfils, refunds and reverses them.
// Credits come only from a verified webhook (never from the success page), and every webhook is
// handled in one database transaction together with the record of its event id, so a redelivery
// is a no-op and a failure leaves nothing half-done (Stripe retries it).
import { and, asc, eq, isNull } from "drizzle-orm";
import type Stripe from "stripe";
import { z } from "zod";
import {
  BILLING_MESSAGES,
  CHECKOUT_SESSION_ID,
  type CheckoutStatusResponse,
  type CreditPackage,
  type WebhookOutcome,
} from "../../shared/billing";
import { centsToUsd, pricePerCredit } from "../../shared/credits-math";
import { creditCount } from "../../shared/plural";
import type { Ledger } from "../credits/ledger";
import type { Db, Tx } from "../db/client";
import { creditPackages, creditTransactions, stripeCharges, stripeEvents, userCredits, users } from "../db/schema";
import { AppError } from "../errors";
import type { Logger } from "../logger";
import { idOf } from "./stripe";

export interface BillingServiceDeps {
  db: Db;
  ledger: Ledger;
  logger: Logger;
  /** Undefined when STRIPE_SECRET_KEY is not set: purchases are off. */
  /** The client is made at its first use (`stripeClient`). */
  stripe?: { client: () => Promise<Stripe>; webhookSecret: string };
}

export interface CheckoutInput {
  user: { id: string; email: string };
  packageId: number;
  successUrl: string;
  cancelUrl: string;
  /** Our own origin: PUBLIC_URL, or the origin the request came to. */
  origin: string;
}

type PackageRow = typeof creditPackages.$inferSelect;

export function toCreditPackage(p: PackageRow): CreditPackage {
  return {
    id: p.id,
    name: p.name,
    credits: p.credits,
    price: centsToUsd(p.priceCents),
    pricePerCredit: pricePerCredit(p.priceCents, p.credits),
    estimatedGenerations: p.estimatedGenerations,
    description: p.description,
    popular: p.popular,
  };
}

/** Same origin as ours, http(s) only: the checkout must never become an open redirect. */
export function isOwnUrl(url: string, origin: string): boolean {
  try {
    const u = new URL(url);
    return (u.protocol === "https:" || u.protocol === "http:") && u.origin === new URL(origin).origin;
  } catch {
    return false;
  }
}

export class BillingService {
  constructor(private readonly deps: BillingServiceDeps) {}

  get purchasesEnabled(): boolean {
    return Boolean(this.deps.stripe);
  }

  async listPackages(): Promise<CreditPackage[]> {
    const rows = await this.deps.db
      .select()
      .from(creditPackages)
      .where(eq(creditPackages.active, true))
      .orderBy(asc(creditPackages.sortOrder), asc(creditPackages.id));
    return rows.map(toCreditPackage);
  }

  /**
   * Validates, then opens a Stripe Checkout Session. No database transaction is open while Stripe
   * is called.
   */
  async createCheckout(input: CheckoutInput): Promise<{ checkoutUrl: string; sessionId: string }> {
    const { db, logger } = this.deps;
    const [pkg] = await db.select().from(creditPackages).where(eq(creditPackages.id, input.packageId));
    if (!pkg?.active) throw new AppError("VALIDATION", BILLING_MESSAGES.packageUnavailable);
    if (!isOwnUrl(input.successUrl, input.origin) || !isOwnUrl(input.cancelUrl, input.origin))
      throw new AppError("VALIDATION", BILLING_MESSAGES.foreignReturnUrl);
    const stripe = await this.deps.stripe?.client();
    if (!stripe) throw new AppError("PAYMENTS_DISABLED", BILLING_MESSAGES.purchasesDisabled);

    const metadata = { userId: input.user.id, packageId: String(pkg.id), credits: String(pkg.credits) };
    try {
      const customer = await this.customerFor(stripe, input.user);
      const session = await stripe.checkout.sessions.create({
        mode: "payment",
        customer,
        client_reference_id: input.user.id,
        line_items: [
          pkg.stripePriceId
            ? { price: pkg.stripePriceId, quantity: 1 }
            : {
                quantity: 1,
                price_data: {
                  currency: "usd",
                  unit_amount: pkg.priceCents,
                  product_data: {
                    name: `${pkg.name}: ${pkg.credits} Draftsmith credits`,
                    ...(pkg.description ? { description: pkg.description } : {}),
                  },
                },
              },
        ],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        metadata,
        payment_intent_data: { metadata },
      });
      if (!session.url) throw new Error(`Checkout Session ${session.id} has no url`);
      logger.info(
        { event: "billing.checkout.created", userId: input.user.id, packageId: pkg.id, sessionId: session.id },
        "checkout",
      );
      return { checkoutUrl: session.url, sessionId: session.id };
    } catch (err) {
      if (err instanceof AppError) throw err;
      logger.error(
        { event: "billing.checkout.failed", userId: input.user.id, packageId: pkg.id, err: describeStripeError(err) },
        "checkout failed",
      );
      throw new AppError("PROVIDER_ERROR", BILLING_MESSAGES.checkoutFailed);
    }
  }

  /**
   * What the ledger says about the caller's checkout `sessionId` (the /billing/success page): the
   * purchase row if it is credited; else, when Stripe says the session was made for this user,
   * 'pending' (or 'expired' once Stripe has closed it unpaid). Another user's session, an unknown id, or no Stripe: not found (the same 404, so
   * nobody learns whether someone else's id exists).
   */
  async checkoutStatus(userId: string, sessionId: string): Promise<CheckoutStatusResponse> {
    const notFound = new AppError("NOT_FOUND", BILLING_MESSAGES.checkoutNotFound);
    if (!CHECKOUT_SESSION_ID.test(sessionId)) throw notFound;
    const [row] = await this.deps.db
      .select({
        userId: creditTransactions.userId,
        amount: creditTransactions.amount,
        metadata: creditTransactions.metadata,
        createdAt: creditTransactions.createdAt,
      })
      .from(creditTransactions)
      .where(and(eq(creditTransactions.stripeSessionId, sessionId), eq(creditTransactions.type, "purchase")));
    if (row) {
      if (row.userId !== userId) throw notFound;
      const name = (row.metadata as Record<string, unknown> | null)?.packageName;
      return {
        success: true,
        status: "credited",
        credits: row.amount,
        packageName: typeof name === "string" ? name : null,
        creditedAt: new Date(row.createdAt).toISOString(),
      };
    }
    const stripe = await this.deps.stripe?.client();
    if (!stripe) throw notFound;
    let session: Stripe.Checkout.Session;
    try {
      session = await stripe.checkout.sessions.retrieve(sessionId);
    } catch (err) {
      this.deps.logger.warn(
        { event: "billing.checkout_status.lookup_failed", sessionId, err: describeStripeError(err) },
        "checkout lookup failed",
      );
      throw notFound;
    }
    if (session.metadata?.userId !== userId && session.client_reference_id !== userId) throw notFound;
    // Open, or complete and waiting for its webhook: credits may still come. Expired: they never will.
    return { success: true, status: session.status === "expired" ? "expired" : "pending" };
  }

  /** One Stripe customer per user, created once and kept in user_credits.stripe_customer_id. */
  private async customerFor(stripe: Stripe, user: { id: string; email: string }): Promise<string> {
    const { db } = this.deps;
    const current = await db
      .select({ id: userCredits.stripeCustomerId })
      .from(userCredits)
      .where(eq(userCredits.userId, user.id));
    if (current[0]?.id) return current[0].id;
    // The idempotency key makes concurrent checkouts of one user get the same customer from Stripe.
    const customer = await stripe.customers.create(
      { email: user.email, metadata: { userId: user.id } },
      { idempotencyKey: `draftsmith-customer-${user.id}` },
    );
    await this.deps.ledger.ensureAccount(user.id);
    await db
      .update(userCredits)
      .set({ stripeCustomerId: customer.id, updatedAt: new Date() })
      .where(and(eq(userCredits.userId, user.id), isNull(userCredits.stripeCustomerId)));
    // Whoever stored a customer first wins; every later checkout reuses it.
    const [kept] = await db
      .select({ id: userCredits.stripeCustomerId })
      .from(userCredits)
      .where(eq(userCredits.userId, user.id));
    return kept?.id ?? customer.id;
  }

  /** Verifies the signature on the raw body; throws a 400 AppError when it does not hold. */
  async verifyWebhook(rawBody: string, signature: string | undefined): Promise<Stripe.Event> {
    const stripe = this.deps.stripe;
    if (!stripe) throw new AppError("PAYMENTS_DISABLED", BILLING_MESSAGES.purchasesDisabled);
    if (!signature) throw new AppError("VALIDATION", BILLING_MESSAGES.missingSignature);
    // One timestamp only: with two (`t=<now>,t=<old>,v1=<old signature>`) our check read one and the
    // SDK verified the other, so a captured delivery could be replayed long after its five minutes.
    const stamps = [...signature.matchAll(/(?:^|,)\s*t=([^,]*)/g)].map((m) => m[1]);
    const signedAt = stamps.length === 1 && /^\d+$/.test(stamps[0]) ? Number(stamps[0]) : Number.NaN;
    if (!Number.isFinite(signedAt)) {
      this.deps.logger.warn(
        { event: "billing.webhook.bad_timestamp", stamps: stamps.length },
        "webhook timestamp refused",
      );
      throw new AppError("VALIDATION", WEBHOOK_TIMESTAMP_MESSAGE);
    }
    let event: Stripe.Event;
    try {
      // The SDK checks the signature and that it is at most five minutes old, on the timestamp it signed.
      event = await (await stripe.client()).webhooks.constructEventAsync(
        rawBody,
        signature,
        stripe.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      );
    } catch (err) {
      const tooOld = /timestamp outside the tolerance/i.test(String((err as Error)?.message));
      this.deps.logger.warn(
        {
          event: tooOld ? "billing.webhook.bad_timestamp" : "billing.webhook.bad_signature",
          err: describeStripeError(err),
        },
        "webhook signature refused",
      );
      throw new AppError("VALIDATION", tooOld ? WEBHOOK_TIMESTAMP_MESSAGE : BILLING_MESSAGES.badSignature);
    }
    // The SDK refuses old signatures only; one from the future is as much a replay risk.
    if (signedAt - Date.now() / 1000 > WEBHOOK_TOLERANCE_SECONDS) {
      this.deps.logger.warn({ event: "billing.webhook.bad_timestamp", signedAt }, "webhook timestamp refused");
      throw new AppError("VALIDATION", WEBHOOK_TIMESTAMP_MESSAGE);
    }
    return event;
  }

  /** Handles a verified event exactly once (its id is claimed in the same transaction). */
  async handleEvent(event: Stripe.Event): Promise<WebhookOutcome> {
    const log = this.deps.logger.child({ stripeEventId: event.id, stripeEventType: event.type });
    const malformed = malformedEvent(event);
    if (malformed) {
      log.warn({ event: "billing.webhook.malformed", problem: malformed }, "webhook event refused");
      throw new AppError("VALIDATION", `Webhook event ${String(event.id)} is malformed: ${malformed}`);
    }
    return this.deps.db.transaction(async (tx) => {
      const claimed = await tx
        .insert(stripeEvents)
        .values({ id: event.id, type: event.type })
        .onConflictDoNothing({ target: stripeEvents.id })
        .returning({ id: stripeEvents.id });
      if (claimed.length === 0) {
        log.info({ event: "billing.webhook.duplicate" }, "event already handled");
        return { received: true, duplicate: true } as const;
      }
      let handled = "ignored";
      switch (event.type) {
        case "checkout.session.completed":
          // Delayed methods (bank debits) complete unpaid and succeed later: fulfil only when paid.
          handled =
            event.data.object.payment_status === "paid"
              ? await this.fulfil(tx, event.data.object, log)
              : "awaiting_payment";
          break;
        case "checkout.session.async_payment_succeeded":
          handled = await this.fulfil(tx, event.data.object, log);
          break;
        case "charge.refunded":
          handled = await this.refund(tx, event.data.object, log);
          break;
        case "charge.dispute.closed":
          handled =
            event.data.object.status === "lost"
              ? await this.disputeLost(tx, event.data.object, log)
              : "dispute_not_lost";
          break;
      }
      log.info({ event: "billing.webhook.handled", handled }, "webhook");
      return { received: true, duplicate: false, handled } as const;
    });
  }

  private async fulfil(tx: Tx, session: Stripe.Checkout.Session, log: Logger): Promise<string> {
    const userId = session.metadata?.userId;
    const packageId = Number(session.metadata?.packageId);
    if (userId && Number.isInteger(packageId) && (packageId < 1 || packageId > MAX_PACKAGE_ID)) {
      // A package id no table row can have (1e20 overflowed the query: a 500 Stripe retried for days).
      log.warn({ event: "billing.fulfil.bad_package", sessionId: session.id }, "package id out of range");
      return "ignored";
    }
    if (!userId || !Number.isInteger(packageId)) {
      log.warn({ event: "billing.fulfil.not_ours", sessionId: session.id }, "session without our metadata");
      return "not_ours";
    }
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) {
      log.error(
        { event: "billing.fulfil.unknown_user", sessionId: session.id, userId },
        "paid session for a missing user",
      );
      return "unknown_user";
    }
    const [pkg] = await tx.select().from(creditPackages).where(eq(creditPackages.id, packageId));
    if (!pkg || pkg.credits <= 0) {
      log.error(
        { event: "billing.fulfil.unknown_package", sessionId: session.id, packageId },
        "paid session for an unknown package",
      );
      return "unknown_package";
    }
    // Credits follow what was paid: the package's price in USD, or nothing (an operator looks at it).
    if (session.amount_total !== pkg.priceCents || session.currency?.toLowerCase() !== PACKAGE_CURRENCY) {
      log.error(
        {
          event: "billing.fulfil.amount_mismatch",
          sessionId: session.id,
          packageId,
          expected: { amountTotal: pkg.priceCents, currency: PACKAGE_CURRENCY },
          paid: { amountTotal: session.amount_total, currency: session.currency },
        },
        "paid amount does not match the package: nothing credited",
      );
      return "amount_mismatch";
    }
    const credits = pkg.credits;
    const name = pkg.name;
    const result = await this.deps.ledger.grant({
      tx,
      userId,
      amount: credits,
      type: "purchase",
      stripeSessionId: session.id,
      stripePaymentIntentId: idOf(session.payment_intent),
      metadata: {
        packageId,
        packageName: name,
        amountTotal: session.amount_total,
        currency: session.currency,
        description: `Purchased ${name} (${creditCount(credits)})`,
      },
    });
    log.info(
      {
        event: result.applied ? "billing.fulfil.credited" : "billing.fulfil.already",
        sessionId: session.id,
        userId,
        credits,
      },
      "fulfil",
    );
    return result.applied ? "fulfilled" : "already_fulfilled";
  }

  /**
   * What a reversal of `credits` will take: the ledger takes no more than is available. The account
   * row is locked first (the ledger locks it again), so no spend can change that in between.
   */
  private async takeableCredits(tx: Tx, userId: string, credits: number): Promise<number> {
    await tx.select({ id: userCredits.userId }).from(userCredits).where(eq(userCredits.userId, userId)).for("update");
    const { availableCredits } = await this.deps.ledger.balance(userId, tx);
    return Math.max(0, Math.min(credits, availableCredits));
  }

  /** The purchase a payment intent paid for, if it was one of ours. */
  private async purchaseFor(tx: Tx, paymentIntentId: string | null) {
    if (!paymentIntentId) return undefined;
    const [row] = await tx
      .select({
        userId: creditTransactions.userId,
        credits: creditTransactions.amount,
        sessionId: creditTransactions.stripeSessionId,
        metadata: creditTransactions.metadata,
      })
      .from(creditTransactions)
      .where(
        and(eq(creditTransactions.type, "purchase"), eq(creditTransactions.stripePaymentIntentId, paymentIntentId)),
      );
    return row;
  }

  /** Locks (creating if needed) our record of a charge: what was refunded so far, whether a dispute was lost. */
  private async lockCharge(tx: Tx, chargeId: string, paymentIntentId: string | null) {
    await tx
      .insert(stripeCharges)
      .values({ id: chargeId, paymentIntentId })
      .onConflictDoNothing({ target: stripeCharges.id });
    const [row] = await tx.select().from(stripeCharges).where(eq(stripeCharges.id, chargeId)).for("update");
    if (!row) throw new Error(`stripe_charges row ${chargeId} vanished`);
    return row;
  }

  /** Reverses credits pro rata to the change in amount_refunded since the last refund event. */
  private async refund(tx: Tx, charge: Stripe.Charge, log: Logger): Promise<string> {
    const paymentIntentId = idOf(charge.payment_intent);
    const purchase = await this.purchaseFor(tx, paymentIntentId);
    if (!purchase) {
      log.warn(
        { event: "billing.refund.unmatched", chargeId: charge.id, paymentIntentId },
        "refund of a charge with no purchase",
      );
      return "unmatched";
    }
    const stored = await this.lockCharge(tx, charge.id, paymentIntentId);
    const refundedNow = Math.min(charge.amount_refunded, charge.amount);
    if (stored.disputeLost || refundedNow <= stored.amountRefunded) return "no_change";
    const credits = creditsFor(purchase.credits, stored.amountRefunded, refundedNow, charge.amount);
    await tx
      .update(stripeCharges)
      .set({ amountRefunded: refundedNow, updatedAt: new Date() })
      .where(eq(stripeCharges.id, charge.id));
    if (credits === 0) return "refund_below_one_credit";
    const taken = await this.takeableCredits(tx, purchase.userId, credits);
    const result = await this.deps.ledger.reverse({
      tx,
      userId: purchase.userId,
      amount: credits,
      type: "refund",
      stripePaymentIntentId: paymentIntentId,
      metadata: {
        chargeId: charge.id,
        sessionId: purchase.sessionId,
        amountRefunded: refundedNow,
        chargeAmount: charge.amount,
        description: describeTaken("Refund", taken, credits),
      },
    });
    log.info({ event: "billing.refund.reversed", chargeId: charge.id, userId: purchase.userId, ...result }, "refund");
    return "refunded";
  }

  /** A lost dispute takes back whatever of the purchase was not already refunded. */
  private async disputeLost(tx: Tx, dispute: Stripe.Dispute, log: Logger): Promise<string> {
    const chargeId = idOf(dispute.charge);
    if (!chargeId) return "no_charge";
    let paymentIntentId = idOf(dispute.payment_intent);
    if (!paymentIntentId) {
      const [known] = await tx
        .select({ pi: stripeCharges.paymentIntentId })
        .from(stripeCharges)
        .where(eq(stripeCharges.id, chargeId));
      paymentIntentId = known?.pi ?? null;
    }
    const purchase = await this.purchaseFor(tx, paymentIntentId);
    if (!purchase) {
      log.warn(
        { event: "billing.dispute.unmatched", chargeId, paymentIntentId },
        "dispute of a charge with no purchase",
      );
      return "unmatched";
    }
    const stored = await this.lockCharge(tx, chargeId, paymentIntentId);
    if (stored.disputeLost) return "no_change";
    await tx
      .update(stripeCharges)
      .set({ disputeLost: true, updatedAt: new Date() })
      .where(eq(stripeCharges.id, chargeId));
    // What refunds already took back is not taken twice.
    // The charge's amount: what the session took, else what is disputed plus what was refunded.
    const paid = Number(purchase.metadata?.amountTotal);
    const chargeAmount = paid > 0 ? paid : Math.max(dispute.amount + stored.amountRefunded, 1);
    const alreadyReversed = creditsFor(purchase.credits, 0, stored.amountRefunded, chargeAmount);
    const credits = purchase.credits - alreadyReversed;
    const taken = await this.takeableCredits(tx, purchase.userId, credits);
    const result = await this.deps.ledger.reverse({
      tx,
      userId: purchase.userId,
      amount: credits,
      type: "reversal",
      stripePaymentIntentId: paymentIntentId,
      metadata: {
        chargeId,
        disputeId: dispute.id,
        sessionId: purchase.sessionId,
        description: describeTaken("Payment dispute lost", taken, credits),
      },
    });
    log.info({ event: "billing.dispute.reversed", chargeId, userId: purchase.userId, ...result }, "dispute lost");
    return "reversed";
  }
}

/** Stripe signs each delivery with its time; one more than this away from our clock is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** credit_packages.id is a PostgreSQL integer. */
const MAX_PACKAGE_ID = 2_147_483_647;
export const WEBHOOK_TIMESTAMP_MESSAGE =
  "Stripe signature timestamp is more than 5 minutes away from the server's clock";
/** Packages are priced in US cents (credit_packages.price_cents). */
const PACKAGE_CURRENCY = "usd";

/** "Refund: 16 of 50 credits taken back (34 already spent)", or "Refund: 50 credits" when all were there. */
export function describeTaken(what: string, taken: number, requested: number): string {
  if (taken >= requested) return `${what}: ${creditCount(requested)}`;
  return `${what}: ${taken} of ${creditCount(requested)} taken back (${requested - taken} already spent or in use)`;
}

const count = z.number().int().nonnegative();
const sessionObject = z.looseObject({
  id: z.string().min(1),
  amount_total: count.nullable(),
  currency: z.string().nullable(),
  payment_status: z.string(),
  metadata: z.record(z.string(), z.string()).nullable().optional(),
});
const EVENT_OBJECTS: Record<string, z.ZodType> = {
  "checkout.session.completed": sessionObject,
  "checkout.session.async_payment_succeeded": sessionObject,
  "charge.refunded": z.looseObject({ id: z.string().min(1), amount: count, amount_refunded: count }),
  "charge.dispute.closed": z.looseObject({ id: z.string().min(1), amount: count, status: z.string() }),
};

/** Why a handled event's data.object cannot be what Stripe sends, or null. */
function malformedEvent(event: Stripe.Event): string | null {
  const schema = EVENT_OBJECTS[event.type];
  if (!schema) return null;
  const parsed = schema.safeParse((event as { data?: { object?: unknown } }).data?.object);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  return `data.object${issue?.path.length ? `.${issue.path.join(".")}` : ""}: ${issue?.message ?? "invalid"}`;
}

/**
 * Credits matching a refund that moved from `before` to `after` cents of a `chargeAmount` charge,
 * pro rata and cumulative (floor of the running total), so partial refunds add up to exactly the
 * purchase when everything is refunded.
 */
export function creditsFor(purchased: number, before: number, after: number, chargeAmount: number): number {
  if (chargeAmount <= 0) return 0;
  const upTo = (cents: number) => Math.floor((purchased * Math.min(Math.max(cents, 0), chargeAmount)) / chargeAmount);
  return Math.max(0, upTo(after) - upTo(before));
}

function describeStripeError(err: unknown): Record<string, unknown> {
  if (err && typeof err === "object") {
    const e = err as { type?: string; code?: string; message?: string; statusCode?: number };
    return { type: e.type, code: e.code, message: e.message, statusCode: e.statusCode };
  }
  return { message: String(err) };
}
