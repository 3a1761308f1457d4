// The billing API through the real app on a real database, with the real `stripe` SDK talking to
// a loopback Stripe (fake-stripe.ts) and webhooks signed with stripe.webhooks.generateTestHeaderString.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BILLING_MESSAGES } from "../../shared/billing";
import { creditPackages, userCredits } from "../db/schema";
import { describeEachDatabase } from "../testing/databases";
import {
  closedDispute,
  type FakeStripe,
  paidSession,
  refundedCharge,
  signedDelivery,
  stripeEvent,
} from "../testing/fake-stripe";
import { assertLedgerInvariants } from "../testing/ledger-invariants";
import { type StripeTestApp, spendCredits, startStripeTestApp } from "../testing/stripe-app";
import { createTestApp, type SignedUpUser, type TestApp } from "../testing/test-app";
import { creditsFor, isOwnUrl } from "./billing.service";

const WEBHOOK_SECRET = "whsec_test_draftsmith_0123456789";
const ORIGIN = "http://localhost";

describeEachDatabase("Billing API", (kind) => {
  let app: StripeTestApp;
  let t: TestApp;
  let stripe: FakeStripe;
  let n = 0;
  let starter: StripeTestApp["starter"];

  beforeAll(async () => {
    app = await startStripeTestApp(kind, WEBHOOK_SECRET, { WELCOME_BONUS_CREDITS: "0" });
    ({ t, stripe, starter } = app);
  });
  afterEach(async () => {
    await assertLedgerInvariants(t.db);
  });
  afterAll(async () => {
    await app?.close();
  });

  const user = () => t.signUp(`buyer${++n}-${kind}@example.com`);
  const get = (path: string, u?: SignedUpUser) => t.app.request(path, { headers: u?.headers ?? {} });
  const post = (path: string, body: unknown, u?: SignedUpUser) =>
    t.app.request(path, {
      method: "POST",
      headers: { "content-type": "application/json", ...(u?.headers ?? {}) },
      body: JSON.stringify(body),
    });
  const deliver = (event: Record<string, unknown>, secret?: string) => app.deliver(event, { secret });
  const credits = async (u: SignedUpUser) =>
    (await (await get("/api/billing/credits", u)).json()) as Record<string, number>;
  /** A fulfilled Starter purchase: returns its payment intent. */
  async function buyStarter(u: SignedUpUser): Promise<{ paymentIntentId: string; sessionId: string }> {
    const paymentIntentId = `pi_${randomUUID()}`;
    const session = paidSession({
      userId: u.userId,
      packageId: starter.id,
      credits: starter.credits,
      amountTotal: starter.priceCents,
      paymentIntentId,
    });
    expect((await deliver(stripeEvent("checkout.session.completed", session))).status).toBe(200);
    return { paymentIntentId, sessionId: String(session.id) };
  }

  describe("packages and balance", () => {
    it("lists active packages publicly with USD prices and computed price per credit", async () => {
      const res = await get("/api/billing/packages");
      expect(res.status).toBe(200);
      const body = (await res.json()) as { success: boolean; packages: Array<Record<string, unknown>> };
      expect(body.success).toBe(true);
      expect(body.packages.map((p) => p.name)).toEqual(["Starter", "Creator", "Pro", "Agency"]);
      expect(body.packages[0]).toEqual({
        id: starter.id,
        name: "Starter",
        credits: 50,
        price: 4.99,
        pricePerCredit: 0.1,
        estimatedGenerations: "About 10–15 blog drafts",
        description: "Try the whole loop on a few posts.",
        popular: false,
      });
      expect(body.packages[1]).toMatchObject({ price: 12.99, pricePerCredit: 0.087, popular: true });
    });

    it("hides inactive packages", async () => {
      const [hidden] = await t.db
        .insert(creditPackages)
        .values({ name: "Retired", credits: 5, priceCents: 100, active: false })
        .returning();
      const body = (await (await get("/api/billing/packages")).json()) as { packages: Array<{ id: number }> };
      expect(body.packages.map((p) => p.id)).not.toContain(hidden?.id);
    });

    it("says purchases are enabled when Stripe is configured", async () => {
      expect(await (await get("/api/billing/config")).json()).toEqual({ purchasesEnabled: true });
    });

    it("asks a signed-out visitor to sign in for balance, history, usage and checkout", async () => {
      for (const path of ["/api/billing/credits", "/api/billing/history?limit=20", "/api/billing/usage?limit=20"]) {
        const res = await get(path);
        expect(res.status).toBe(401);
        expect(((await res.json()) as { error: string }).error).toBeTruthy();
      }
      expect(
        (
          await post("/api/billing/checkout", {
            packageId: starter.id,
            successUrl: `${ORIGIN}/billing/success`,
            cancelUrl: `${ORIGIN}/billing`,
          })
        ).status,
      ).toBe(401);
    });

    it("serves the balance as numbers, without the held amount", async () => {
      const u = await user();
      expect(await credits(u)).toEqual({
        success: true,
        availableCredits: 0,
        totalCredits: 0,
        usedCredits: 0,
        bonusCredits: 0,
      });
    });

    it("lists transactions and usage newest first, signed, limited", async () => {
      const u = await user();
      await buyStarter(u);
      for (let i = 0; i < 3; i++) {
        const requestId = randomUUID();
        await t.deps.ledger.hold({ userId: u.userId, amount: 2, requestId });
        await t.deps.ledger.settle({
          userId: u.userId,
          requestId,
          endpoint: "/api/execute",
          aiProvider: "openai",
          requestTokens: 400,
          responseTokens: 1200,
        });
      }
      const history = (await (await get("/api/billing/history?limit=2", u)).json()) as {
        success: boolean;
        transactions: Array<Record<string, unknown>>;
      };
      expect(history.success).toBe(true);
      expect(history.transactions).toHaveLength(2);
      expect(history.transactions[0]).toEqual({
        id: expect.any(Number),
        type: "usage",
        amount: -2,
        balanceAfter: 44,
        description: "Draft generation · 1,600 tokens",
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      const all = (await (await get("/api/billing/history", u)).json()) as {
        transactions: Array<{ type: string; amount: number; description: string }>;
      };
      expect(all.transactions.map((x) => x.amount)).toEqual([-2, -2, -2, 50]);
      expect(all.transactions[3]?.description).toBe("Purchased Starter (50 credits)");

      const usage = (await (await get("/api/billing/usage?limit=20", u)).json()) as {
        success: boolean;
        usage: Array<Record<string, unknown>>;
      };
      expect(usage.usage).toHaveLength(3);
      expect(usage.usage[0]).toEqual({
        id: expect.any(Number),
        endpoint: "/api/execute",
        aiProvider: "openai",
        creditsUsed: 2,
        requestTokens: 400,
        responseTokens: 1200,
        apiKey: null,
        createdAt: expect.any(String),
      });
      expect(await credits(u)).toMatchObject({ availableCredits: 44, totalCredits: 50, usedCredits: 6 });
    });

    it("refuses a bad limit with 400", async () => {
      const u = await user();
      for (const q of ["0", "abc", "101", "2.5"]) {
        const res = await get(`/api/billing/history?limit=${q}`, u);
        expect(res.status).toBe(400);
        expect(((await res.json()) as { error: string }).error).toBe(BILLING_MESSAGES.badLimit);
      }
    });

    it("shows each user only their own history", async () => {
      const a = await user();
      const b = await user();
      await buyStarter(a);
      const body = (await (await get("/api/billing/history", b)).json()) as { transactions: unknown[] };
      expect(body.transactions).toEqual([]);
    });
  });

  describe("checkout", () => {
    const urls = { successUrl: `${ORIGIN}/billing/success`, cancelUrl: `${ORIGIN}/billing` };

    it("creates a Checkout Session for the package with the user's id, reusing one customer", async () => {
      const u = await user();
      const before = stripe.requests.length;
      const res = await post("/api/billing/checkout", { packageId: starter.id, ...urls }, u);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { success: boolean; checkoutUrl: string; sessionId: string };
      expect(body.success).toBe(true);
      expect(body.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);

      const calls = stripe.requests.slice(before);
      expect(calls.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /v1/customers", "POST /v1/checkout/sessions"]);
      expect(calls[0]?.form).toMatchObject({ email: u.email, "metadata[userId]": u.userId });
      expect(calls[0]?.headers["idempotency-key"]).toBe(`draftsmith-customer-${u.userId}`);
      const customerId = [...stripe.customers.keys()].at(-1);
      expect(calls[1]?.form).toMatchObject({
        mode: "payment",
        customer: customerId,
        client_reference_id: u.userId,
        success_url: urls.successUrl,
        cancel_url: urls.cancelUrl,
        "metadata[userId]": u.userId,
        "metadata[packageId]": String(starter.id),
        "metadata[credits]": "50",
        "payment_intent_data[metadata][userId]": u.userId,
        "line_items[0][quantity]": "1",
        "line_items[0][price_data][currency]": "usd",
        "line_items[0][price_data][unit_amount]": "499",
      });
      const [account] = await t.db.select().from(userCredits).where(eq(userCredits.userId, u.userId));
      expect(account?.stripeCustomerId).toBe(customerId);

      const again = stripe.requests.length;
      expect((await post("/api/billing/checkout", { packageId: starter.id, ...urls }, u)).status).toBe(200);
      expect(stripe.requests.slice(again).map((r) => r.path)).toEqual(["/v1/checkout/sessions"]);
      expect(stripe.requests.at(-1)?.form.customer).toBe(customerId);
      // A checkout credits nothing: credits come only from the webhook.
      expect((await credits(u)).availableCredits).toBe(0);
    });

    it("uses the package's Stripe price when it has one", async () => {
      const [pkg] = await t.db
        .insert(creditPackages)
        .values({ name: "Priced", credits: 10, priceCents: 199, stripePriceId: `price_${kind}_1` })
        .returning();
      const u = await user();
      expect((await post("/api/billing/checkout", { packageId: pkg?.id, ...urls }, u)).status).toBe(200);
      const form = stripe.requests.at(-1)?.form ?? {};
      expect(form["line_items[0][price]"]).toBe(`price_${kind}_1`);
      expect(form["line_items[0][price_data][unit_amount]"]).toBeUndefined();
    });

    it("refuses unknown and inactive packages with 400 before calling Stripe", async () => {
      const u = await user();
      const [off] = await t.db
        .insert(creditPackages)
        .values({ name: "Off", credits: 5, priceCents: 100, active: false })
        .returning();
      const before = stripe.requests.length;
      for (const packageId of [999_999, off?.id]) {
        const res = await post("/api/billing/checkout", { packageId, ...urls }, u);
        expect(res.status).toBe(400);
        expect(((await res.json()) as { error: string }).error).toBe(BILLING_MESSAGES.packageUnavailable);
      }
      expect(stripe.requests.length).toBe(before);
    });

    it("refuses return addresses off this site (no open redirect)", async () => {
      const u = await user();
      for (const bad of [
        { successUrl: "https://evil.example/x", cancelUrl: urls.cancelUrl },
        { successUrl: urls.successUrl, cancelUrl: "https://evil.example/y" },
        { successUrl: "http://localhost.evil.example/x", cancelUrl: urls.cancelUrl },
        { successUrl: "javascript:alert(1)", cancelUrl: urls.cancelUrl },
      ]) {
        const res = await post("/api/billing/checkout", { packageId: starter.id, ...bad }, u);
        expect(res.status).toBe(400);
        expect(((await res.json()) as { error: string }).error).toBe(BILLING_MESSAGES.foreignReturnUrl);
      }
    });

    it("refuses a malformed body with 400", async () => {
      const u = await user();
      for (const body of [
        {},
        { packageId: "x", ...urls },
        { packageId: starter.id, successUrl: "nope", cancelUrl: urls.cancelUrl },
      ]) {
        expect((await post("/api/billing/checkout", body, u)).status).toBe(400);
      }
    });

    it("answers a Stripe failure with 502 and a clear message", async () => {
      const u = await user();
      stripe.failNext(400, { type: "invalid_request_error", message: "No such price" });
      const res = await post("/api/billing/checkout", { packageId: starter.id, ...urls }, u);
      expect(res.status).toBe(502);
      expect(((await res.json()) as { error: string }).error).toBe(BILLING_MESSAGES.checkoutFailed);
    });
  });

  describe("checkout status (/billing/success)", () => {
    const urls = { successUrl: `${ORIGIN}/billing/success`, cancelUrl: `${ORIGIN}/billing` };
    const status = (id: string, u?: SignedUpUser) => get(`/api/billing/checkout/${encodeURIComponent(id)}`, u);

    it("says pending for the owner's unpaid checkout, then credited once the webhook is in", async () => {
      const u = await user();
      const made = (await (await post("/api/billing/checkout", { packageId: starter.id, ...urls }, u)).json()) as {
        sessionId: string;
      };
      const pending = await status(made.sessionId, u);
      expect(pending.status).toBe(200);
      expect(await pending.json()).toEqual({ success: true, status: "pending" });

      const { sessionId } = await buyStarter(u);
      const credited = await status(sessionId, u);
      expect(credited.status).toBe(200);
      expect(await credited.json()).toEqual({
        success: true,
        status: "credited",
        credits: starter.credits,
        packageName: "Starter",
        creditedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    });

    it("says expired once Stripe has closed the checkout unpaid, and credits nothing", async () => {
      const u = await user();
      const made = (await (await post("/api/billing/checkout", { packageId: starter.id, ...urls }, u)).json()) as {
        sessionId: string;
      };
      const expired = await fetch(`${stripe.url}/v1/checkout/sessions/${made.sessionId}/expire`, {
        method: "POST",
        headers: { authorization: "Bearer sk_test_draftsmith" },
      });
      expect(expired.status).toBe(200);
      const res = await status(made.sessionId, u);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true, status: "expired" });
      const credits = (await (await get("/api/billing/credits", u)).json()) as { availableCredits: number };
      expect(credits.availableCredits).toBe(0);
    });

    it("limits how often one user can ask (each check may call Stripe): 429 with Retry-After past 30 a minute", async () => {
      const u = await user();
      const other = await user();
      const before = stripe.requests.length;
      for (let i = 0; i < 30; i++) expect((await status(`cs_test_unknown_${i}`, u)).status).toBe(404);
      expect(stripe.requests.length - before).toBe(30);
      const limited = await status("cs_test_unknown_31", u);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await limited.json()) as { error: string }).error).toMatch(
        /^Too many payment checks\. Try again in \d+ seconds?\.$/,
      );
      expect(stripe.requests.length - before).toBe(30);
      // Another user's checks are their own.
      expect((await status("cs_test_unknown_0", other)).status).toBe(404);
    });

    it("answers 404 for another user's checkout, paid or not, an unknown id and a malformed one", async () => {
      const owner = await user();
      const other = await user();
      const { sessionId } = await buyStarter(owner);
      const made = (await (await post("/api/billing/checkout", { packageId: starter.id, ...urls }, owner)).json()) as {
        sessionId: string;
      };
      for (const id of [
        sessionId,
        made.sessionId,
        "cs_test_unknown_session",
        "not-a-session",
        `cs_${"x".repeat(300)}`,
      ]) {
        const res = await status(id, other);
        expect(res.status, id).toBe(404);
        expect(await res.json()).toMatchObject({ error: BILLING_MESSAGES.checkoutNotFound });
      }
      expect((await status(sessionId)).status).toBe(401);
    });
  });

  describe("webhook", () => {
    it("credits a paid session once when the webhook repeats 20 times, in turn and at once", async () => {
      const u = await user();
      const session = paidSession({ userId: u.userId, packageId: starter.id, credits: 50, amountTotal: 499 });
      const event = stripeEvent("checkout.session.completed", session);
      for (let i = 0; i < 10; i++) expect((await deliver(event)).status).toBe(200);
      const concurrent = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
      expect(concurrent.every((r) => r.status === 200)).toBe(true);
      // The same session under twenty new event ids (Stripe may re-send as new events).
      const fresh = await Promise.all(
        Array.from({ length: 20 }, () => deliver(stripeEvent("checkout.session.completed", session))),
      );
      expect(fresh.every((r) => r.status === 200)).toBe(true);
      expect(await credits(u)).toMatchObject({ availableCredits: 50, totalCredits: 50 });
      const history = (await (await get("/api/billing/history", u)).json()) as { transactions: unknown[] };
      expect(history.transactions).toHaveLength(1);
    });

    it("says which deliveries were duplicates", async () => {
      const u = await user();
      const event = stripeEvent(
        "checkout.session.completed",
        paidSession({ userId: u.userId, packageId: starter.id, amountTotal: 499 }),
      );
      expect(await (await deliver(event)).json()).toEqual({ received: true, duplicate: false, handled: "fulfilled" });
      expect(await (await deliver(event)).json()).toEqual({ received: true, duplicate: true });
    });

    it("credits nothing for a bad, missing or foreign signature, or a tampered body", async () => {
      const u = await user();
      const event = stripeEvent(
        "checkout.session.completed",
        paidSession({ userId: u.userId, packageId: starter.id, amountTotal: 499 }),
      );
      const body = JSON.stringify(event);
      const attempts = [
        t.app.request("/api/billing/webhook", {
          method: "POST",
          headers: { "stripe-signature": "t=1,v1=deadbeef" },
          body,
        }),
        t.app.request("/api/billing/webhook", { method: "POST", body }),
        deliver(event, "whsec_someone_else"),
        (() => {
          const signed = signedDelivery(event, WEBHOOK_SECRET);
          return t.app.request("/api/billing/webhook", {
            method: "POST",
            headers: signed.headers,
            body: signed.body.replace('"paid"', '"paid" '),
          });
        })(),
      ];
      const results = await Promise.all(attempts);
      expect(results.map((r) => r.status)).toEqual([400, 400, 400, 400]);
      expect(((await results[0]!.json()) as { error: string }).error).toBe(BILLING_MESSAGES.badSignature);
      expect(((await results[1]!.json()) as { error: string }).error).toBe(BILLING_MESSAGES.missingSignature);
      expect((await credits(u)).availableCredits).toBe(0);
      expect(await app.recorded(event)).toHaveLength(0);
    });

    it("waits for delayed payments: unpaid completion credits nothing, async success credits once", async () => {
      const u = await user();
      const session = paidSession({
        userId: u.userId,
        packageId: starter.id,
        amountTotal: 499,
        paymentStatus: "unpaid",
      });
      expect(await (await deliver(stripeEvent("checkout.session.completed", session))).json()).toMatchObject({
        handled: "awaiting_payment",
      });
      expect((await credits(u)).availableCredits).toBe(0);
      const succeeded = stripeEvent("checkout.session.async_payment_succeeded", { ...session, payment_status: "paid" });
      await Promise.all([deliver(succeeded), deliver(succeeded)]);
      expect((await credits(u)).availableCredits).toBe(50);
    });

    it("uses the package's credits when the session carries none, and ignores sessions that are not ours", async () => {
      const u = await user();
      await deliver(
        stripeEvent(
          "checkout.session.completed",
          paidSession({ userId: u.userId, packageId: starter.id, amountTotal: 499 }),
        ),
      );
      expect((await credits(u)).totalCredits).toBe(50);
      const foreign = { ...paidSession({ userId: u.userId, packageId: 1, amountTotal: 100 }), metadata: {} };
      expect(await (await deliver(stripeEvent("checkout.session.completed", foreign))).json()).toMatchObject({
        handled: "not_ours",
      });
      const ghost = paidSession({ userId: "no-such-user", packageId: starter.id, amountTotal: 499 });
      expect(await (await deliver(stripeEvent("checkout.session.completed", ghost))).json()).toMatchObject({
        handled: "unknown_user",
      });
      expect((await credits(u)).totalCredits).toBe(50);
    });

    it("acknowledges event types it does not handle", async () => {
      const res = await deliver(stripeEvent("customer.created", { id: "cus_1", object: "customer" }));
      expect(await res.json()).toEqual({ received: true, duplicate: false, handled: "ignored" });
    });

    it("reverses a refund after partial spend as far as the balance allows and records the rest", async () => {
      const u = await user();
      const { paymentIntentId } = await buyStarter(u);
      await spendCredits(t, u, 40);

      const chargeId = `ch_${randomUUID()}`;
      const refund = stripeEvent(
        "charge.refunded",
        refundedCharge({ chargeId, paymentIntentId, amount: 499, amountRefunded: 499 }),
      );
      expect(await (await deliver(refund)).json()).toMatchObject({ handled: "refunded" });
      expect(await (await deliver(refund)).json()).toMatchObject({ duplicate: true });
      expect(await credits(u)).toMatchObject({ availableCredits: 0, totalCredits: 40, usedCredits: 40 });
      const [row] = (
        (await (await get("/api/billing/history", u)).json()) as { transactions: Array<Record<string, unknown>> }
      ).transactions;
      expect(row).toMatchObject({ type: "refund", amount: -10, balanceAfter: 0 });
      // The same refund state under a new event id changes nothing.
      expect(
        await (
          await deliver(
            stripeEvent(
              "charge.refunded",
              refundedCharge({ chargeId, paymentIntentId, amount: 499, amountRefunded: 499 }),
            ),
          )
        ).json(),
      ).toMatchObject({
        handled: "no_change",
      });
    });

    it("reverses partial refunds pro rata by the change in the refunded amount", async () => {
      const u = await user();
      const { paymentIntentId } = await buyStarter(u);
      const chargeId = `ch_${randomUUID()}`;
      const refundTo = (amountRefunded: number) =>
        deliver(
          stripeEvent("charge.refunded", refundedCharge({ chargeId, paymentIntentId, amount: 499, amountRefunded })),
        );
      await refundTo(100); // floor(50 × 100 / 499) = 10
      expect((await credits(u)).availableCredits).toBe(40);
      await refundTo(250); // floor(50 × 250 / 499) = 25 → 15 more
      expect((await credits(u)).availableCredits).toBe(25);
      await refundTo(250);
      await refundTo(499); // the rest
      expect(await credits(u)).toMatchObject({ availableCredits: 0, totalCredits: 0 });
    });

    it("takes back a lost dispute once, after what refunds already took, and nothing for a won one", async () => {
      const u = await user();
      const { paymentIntentId } = await buyStarter(u);
      const chargeId = `ch_${randomUUID()}`;
      await deliver(
        stripeEvent("charge.refunded", refundedCharge({ chargeId, paymentIntentId, amount: 499, amountRefunded: 200 })),
      ); // 20 credits
      expect((await credits(u)).availableCredits).toBe(30);

      const won = closedDispute({ chargeId, paymentIntentId, amount: 299, status: "won" });
      expect(await (await deliver(stripeEvent("charge.dispute.closed", won))).json()).toMatchObject({
        handled: "dispute_not_lost",
      });
      expect((await credits(u)).availableCredits).toBe(30);

      const lost = closedDispute({ chargeId, paymentIntentId: null, amount: 299, status: "lost" });
      expect(await (await deliver(stripeEvent("charge.dispute.closed", lost))).json()).toMatchObject({
        handled: "reversed",
      });
      expect(await (await deliver(stripeEvent("charge.dispute.closed", lost))).json()).toMatchObject({
        handled: "no_change",
      });
      expect(await credits(u)).toMatchObject({ availableCredits: 0, totalCredits: 0 });
      // A refund arriving after the lost dispute takes nothing more.
      await deliver(
        stripeEvent("charge.refunded", refundedCharge({ chargeId, paymentIntentId, amount: 499, amountRefunded: 499 })),
      );
      expect((await credits(u)).totalCredits).toBe(0);
    });

    it("never takes a lost dispute below zero, recording what was already spent", async () => {
      const u = await user();
      const { paymentIntentId } = await buyStarter(u);
      await t.deps.ledger.settle({
        userId: u.userId,
        requestId: randomUUID(),
        endpoint: "execute",
        aiProvider: "openai",
        requestTokens: 0,
        responseTokens: 0,
        credits: 45,
      });
      const lost = closedDispute({ chargeId: `ch_${randomUUID()}`, paymentIntentId, amount: 499, status: "lost" });
      await deliver(stripeEvent("charge.dispute.closed", lost));
      expect(await credits(u)).toMatchObject({ availableCredits: 0, usedCredits: 45 });
      const [row] = (
        (await (await get("/api/billing/history", u)).json()) as { transactions: Array<Record<string, unknown>> }
      ).transactions;
      expect(row).toMatchObject({
        type: "reversal",
        amount: -5,
        balanceAfter: 0,
        description: "Payment dispute lost: 5 of 50 credits taken back (45 already spent or in use)",
      });
    });

    it("ignores refunds of charges that bought nothing here", async () => {
      const res = await deliver(
        stripeEvent(
          "charge.refunded",
          refundedCharge({ paymentIntentId: "pi_elsewhere", amount: 1000, amountRefunded: 1000 }),
        ),
      );
      expect(await res.json()).toMatchObject({ handled: "unmatched" });
    });
  });
});

describe("Billing without Stripe keys", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lists packages, says purchases are off, and refuses checkout and webhooks with 503", async () => {
    expect(
      ((await (await t.app.request("/api/billing/packages")).json()) as { packages: unknown[] }).packages.length,
    ).toBe(4);
    expect(await (await t.app.request("/api/billing/config")).json()).toEqual({ purchasesEnabled: false });
    const u = await t.signUp("nostripe@example.com");
    const [pkg] = await t.db.select().from(creditPackages).limit(1);
    const res = await t.app.request("/api/billing/checkout", {
      method: "POST",
      headers: { "content-type": "application/json", ...u.headers },
      body: JSON.stringify({
        packageId: pkg?.id,
        successUrl: `${ORIGIN}/billing/success`,
        cancelUrl: `${ORIGIN}/billing`,
      }),
    });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: string }).error).toBe("Purchases are not configured on this server");
    const hook = await t.app.request("/api/billing/webhook", {
      method: "POST",
      headers: { "stripe-signature": "t=1,v1=x" },
      body: "{}",
    });
    expect(hook.status).toBe(503);
    // Without Stripe an id the ledger does not know is simply not found.
    const status = await t.app.request("/api/billing/checkout/cs_test_fake_session", { headers: u.headers });
    expect(status.status).toBe(404);
  });

  it("checks return addresses against PUBLIC_URL when it is set", async () => {
    expect(isOwnUrl("https://draftsmith.example/billing/success", "https://draftsmith.example")).toBe(true);
    expect(isOwnUrl("http://draftsmith.example/billing/success", "https://draftsmith.example")).toBe(false);
    expect(isOwnUrl("https://draftsmith.example:8443/x", "https://draftsmith.example")).toBe(false);
    expect(isOwnUrl("not a url", "https://draftsmith.example")).toBe(false);
  });
});

describe("creditsFor (pro-rata refunds)", () => {
  it("adds partial refunds up to exactly the purchase", () => {
    const steps = [0, 1, 100, 250, 251, 498, 499];
    let total = 0;
    for (let i = 1; i < steps.length; i++) total += creditsFor(50, steps[i - 1] ?? 0, steps[i] ?? 0, 499);
    expect(total).toBe(50);
    expect(creditsFor(50, 0, 499, 499)).toBe(50);
    expect(creditsFor(50, 0, 9, 499)).toBe(0);
    expect(creditsFor(50, 0, 10_000, 499)).toBe(50);
    expect(creditsFor(50, 0, 100, 0)).toBe(0);
  });
});
