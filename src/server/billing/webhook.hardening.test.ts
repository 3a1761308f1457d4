// Issue 16 #8, Stripe's webhook: a signature must be within 5 minutes of our clock either way, a paid
// session credits only when it paid the package's price, a malformed event is a 400 (not a 500)
// that records nothing, and a refund or a lost dispute says what it actually took back.
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../testing/databases";
import { closedDispute, paidSession, refundedCharge, signedDelivery, stripeEvent } from "../testing/fake-stripe";
import { assertLedgerInvariants } from "../testing/ledger-invariants";
import { type StripeTestApp, spendCredits, startStripeTestApp } from "../testing/stripe-app";
import type { SignedUpUser, TestApp } from "../testing/test-app";
import { describeTaken, WEBHOOK_TIMESTAMP_MESSAGE } from "./billing.service";

const WEBHOOK_SECRET = "whsec_test_draftsmith_hardening";

describeEachDatabase("Stripe webhook hardening", (kind) => {
  let app: StripeTestApp;
  let t: TestApp;
  let starter: StripeTestApp["starter"];
  let n = 0;

  beforeAll(async () => {
    app = await startStripeTestApp(kind, WEBHOOK_SECRET, { WELCOME_BONUS_CREDITS: "0" });
    ({ t, starter } = app);
  });
  afterEach(() => assertLedgerInvariants(t.db));
  afterAll(async () => {
    await app?.close();
  });

  const user = () => t.signUp(`hardened${++n}-${kind}@example.com`);
  const deliver = (event: Record<string, unknown>, timestamp?: number) => app.deliver(event, { timestamp });
  const balance = async (u: SignedUpUser) =>
    (
      (await (await t.app.request("/api/billing/credits", { headers: u.headers })).json()) as {
        availableCredits: number;
      }
    ).availableCredits;
  const latestDescription = async (u: SignedUpUser) => {
    const res = await t.app.request("/api/billing/history?limit=1", { headers: u.headers });
    return ((await res.json()) as { transactions: { description: string }[] }).transactions[0]?.description;
  };
  const starterSession = (u: SignedUpUser, extra: Record<string, unknown> = {}) => ({
    ...paidSession({
      userId: u.userId,
      packageId: starter.id,
      credits: starter.credits,
      amountTotal: starter.priceCents,
    }),
    ...extra,
  });

  it("refuses a signature from an hour ahead or six minutes ago, crediting nothing", async () => {
    const u = await user();
    const now = Math.floor(Date.now() / 1000);
    for (const timestamp of [now + 3600, now + 360, now - 360]) {
      const event = stripeEvent("checkout.session.completed", starterSession(u));
      const res = await deliver(event, timestamp);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe(WEBHOOK_TIMESTAMP_MESSAGE);
      expect(await app.recorded(event)).toHaveLength(0);
    }
    expect(await balance(u)).toBe(0);
    expect((await deliver(stripeEvent("checkout.session.completed", starterSession(u)), now + 60)).status).toBe(200);
    expect(await balance(u)).toBe(starter.credits);
  });

  // Issue 26: `t=<now>,t=<old>,v1=<old signature>` passed our own check (the first t) while the SDK
  // verified the old signature (the last t): a captured delivery could be replayed at any time.
  it("refuses a replayed old signature dressed with a second, fresh timestamp", async () => {
    const u = await user();
    const now = Math.floor(Date.now() / 1000);
    const event = stripeEvent("checkout.session.completed", starterSession(u));
    const old = signedDelivery(event, WEBHOOK_SECRET, now - 3600);
    const oldHeader = old.headers["stripe-signature"];
    for (const forged of [`t=${now},${oldHeader}`, `${oldHeader.replace(/,v1=/, `,t=${now},v1=`)}`]) {
      const res = await t.app.request("/api/billing/webhook", {
        method: "POST",
        headers: { ...old.headers, "stripe-signature": forged },
        body: old.body,
      });
      expect(res.status, forged).toBe(400);
      expect((await res.json()).error).toBe(WEBHOOK_TIMESTAMP_MESSAGE);
    }
    expect(await app.recorded(event)).toHaveLength(0);
    expect(await balance(u)).toBe(0);
  });

  it("answers a signed session whose package id no row can have (1e20) with 200, recorded as ignored", async () => {
    const u = await user();
    for (const packageId of ["1e20", "2147483648", "-1", "0"]) {
      const event = stripeEvent(
        "checkout.session.completed",
        starterSession(u, { metadata: { userId: u.userId, packageId, credits: "10" } }),
      );
      const res = await deliver(event);
      expect(res.status, packageId).toBe(200);
      expect(await res.json()).toMatchObject({ received: true, handled: "ignored" });
      expect(await app.recorded(event)).toHaveLength(1);
    }
    expect(await balance(u)).toBe(0);
  });

  it("credits only what was paid for: the package's price, in USD", async () => {
    const u = await user();
    const cheap = await deliver(stripeEvent("checkout.session.completed", starterSession(u, { amount_total: 1 })));
    expect(await cheap.json()).toMatchObject({ handled: "amount_mismatch" });
    const euros = await deliver(stripeEvent("checkout.session.completed", starterSession(u, { currency: "eur" })));
    expect(await euros.json()).toMatchObject({ handled: "amount_mismatch" });
    const inflated = starterSession(u, {
      metadata: { userId: u.userId, packageId: String(starter.id), credits: "10000" },
    });
    expect(await (await deliver(stripeEvent("checkout.session.completed", inflated))).json()).toMatchObject({
      handled: "fulfilled",
    });
    // The package's credits, whatever the session's metadata claims.
    expect(await balance(u)).toBe(starter.credits);
  });

  it("answers a charge.refunded without its charge (or with broken amounts) with 400, recording nothing", async () => {
    for (const object of [null, { id: "ch_1", amount: "499", amount_refunded: 499 }, { id: "ch_2" }]) {
      const event = stripeEvent("charge.refunded", object as unknown as Record<string, unknown>);
      const res = await deliver(event);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatch(/is malformed: data\.object/);
      expect(await app.recorded(event)).toHaveLength(0);
    }
  });

  it("describes a refund by the credits it took back, not the ones it asked for", async () => {
    const u = await user();
    const paymentIntentId = `pi_${randomUUID()}`;
    await deliver(stripeEvent("checkout.session.completed", starterSession(u, { payment_intent: paymentIntentId })));
    await spendCredits(t, u, 34);
    const refund = refundedCharge({ paymentIntentId, amount: starter.priceCents, amountRefunded: starter.priceCents });
    expect(await (await deliver(stripeEvent("charge.refunded", refund))).json()).toMatchObject({ handled: "refunded" });
    expect(await balance(u)).toBe(0);
    expect(await latestDescription(u)).toBe(describeTaken("Refund", starter.credits - 34, starter.credits));
    expect(await latestDescription(u)).toBe("Refund: 16 of 50 credits taken back (34 already spent or in use)");
  });

  it("describes a lost dispute the same way", async () => {
    const u = await user();
    const paymentIntentId = `pi_${randomUUID()}`;
    await deliver(stripeEvent("checkout.session.completed", starterSession(u, { payment_intent: paymentIntentId })));
    await spendCredits(t, u, 45);
    const dispute = closedDispute({
      chargeId: `ch_${randomUUID()}`,
      paymentIntentId,
      amount: starter.priceCents,
      status: "lost",
    });
    expect(await (await deliver(stripeEvent("charge.dispute.closed", dispute))).json()).toMatchObject({
      handled: "reversed",
    });
    expect(await latestDescription(u)).toBe(
      "Payment dispute lost: 5 of 50 credits taken back (45 already spent or in use)",
    );
  });
});
