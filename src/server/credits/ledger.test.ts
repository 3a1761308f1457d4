// The ledger's rules on a real database: holds, settlement, release, expiry, grants, reversals.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { creditHolds, creditTransactions, userCredits } from "../db/schema";
import { AppError } from "../errors";
import { describeEachDatabase } from "../testing/databases";
import { ledgerCheckedApp } from "../testing/route-suite";
import type { TestApp } from "../testing/test-app";
import { usageOfRequest } from "../testing/usage";
import { Ledger } from "./ledger";
import { describeTransaction } from "./transaction-text";

describeEachDatabase("Ledger", (kind) => {
  let t: TestApp;
  let ledger: Ledger;
  let n = 0;

  const app = ledgerCheckedApp(kind);
  beforeAll(() => {
    t = app.t;
    ledger = t.deps.ledger;
  });

  /** A signed-up user holding `credits` bonus credits. */
  async function userWith(credits: number): Promise<string> {
    n += 1;
    const { userId } = await t.signUp(`ledger${n}-${kind}@example.com`);
    if (credits > 0) await ledger.grant({ userId, amount: credits, type: "grant", metadata: { reason: "test" } });
    return userId;
  }

  it("grows a hold only as far as the available balance goes, and renews its expiry", async () => {
    const userId = await userWith(10);
    const requestId = randomUUID();
    await ledger.hold({ userId, amount: 4, requestId });
    expect(await ledger.topUp(requestId, 3)).toBe(3);
    expect(await ledger.topUp(requestId, 5)).toBe(3);
    expect(await ledger.topUp(requestId, 2)).toBe(0);
    expect(await ledger.balance(userId)).toMatchObject({ availableCredits: 0, heldCredits: 10 });
    const [hold] = await t.db.select().from(creditHolds).where(eq(creditHolds.requestId, requestId));
    expect(hold?.amount).toBe(10);
    await t.db.execute(
      sql`UPDATE credit_holds SET expires_at = now() - interval '1 second' WHERE request_id = ${requestId}`,
    );
    expect(await ledger.renew(requestId, 60)).toBe(true);
    expect(await ledger.releaseExpiredHolds()).toBe(0);
    await ledger.release(requestId);
    expect(await ledger.balance(userId)).toMatchObject({ availableCredits: 10, heldCredits: 0 });
    expect(await ledger.topUp(requestId, 1)).toBe(0);
    expect(await ledger.renew(requestId)).toBe(false);
  });

  it("opens an empty account for a new user", async () => {
    const userId = await userWith(0);
    expect(await ledger.balance(userId)).toEqual({
      availableCredits: 0,
      totalCredits: 0,
      usedCredits: 0,
      bonusCredits: 0,
      heldCredits: 0,
    });
  });

  it("holds credits without writing a transaction, then settles on the real usage", async () => {
    const userId = await userWith(10);
    const requestId = randomUUID();
    await ledger.hold({ userId, amount: 4, requestId });
    expect(await ledger.balance(userId)).toMatchObject({ availableCredits: 6, heldCredits: 4 });
    expect(await ledger.transactions(userId, 20)).toHaveLength(1);

    // 2,000 tokens × 1.25 / 1,000 = 2.5 → 3 credits; the remaining 1 held credit returns.
    const result = await ledger.settle({
      userId,
      requestId,
      endpoint: "/api/execute",
      aiProvider: "openai",
      requestTokens: 500,
      responseTokens: 1500,
    });
    expect(result).toEqual({ creditsUsed: 3, shortfall: 0, availableAfter: 7 });
    expect(await ledger.balance(userId)).toMatchObject({
      availableCredits: 7,
      heldCredits: 0,
      usedCredits: 3,
      bonusCredits: 10,
    });

    const [usageTx] = await ledger.transactions(userId, 1);
    expect(usageTx).toMatchObject({
      type: "usage",
      amount: -3,
      balanceAfter: 7,
      description: "Draft generation · 2,000 tokens",
    });
    const [usage] = await ledger.usage(userId, 20);
    expect(usage).toMatchObject({
      endpoint: "/api/execute",
      aiProvider: "openai",
      creditsUsed: 3,
      requestTokens: 500,
      responseTokens: 1500,
      requestId,
    });
  });

  it("refuses a hold the balance cannot cover with a 402 naming both amounts", async () => {
    const userId = await userWith(3);
    const err = await ledger.hold({ userId, amount: 5, requestId: randomUUID() }).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.status).toBe(402);
    expect(err.message).toContain("Insufficient credits");
    expect(err.message).toContain("5");
    expect(err.message).toContain("3");
    expect(err.details).toEqual({ required: 5, available: 3 });
    expect(await ledger.balance(userId)).toMatchObject({ availableCredits: 3, heldCredits: 0 });
    expect(await t.db.select().from(creditHolds).where(eq(creditHolds.userId, userId))).toHaveLength(0);
  });

  it("refuses a hold for a user without an account as 402 with 0 available", async () => {
    const userId = await userWith(0);
    await t.db.delete(userCredits).where(eq(userCredits.userId, userId));
    const err = await ledger.hold({ userId, amount: 1, requestId: randomUUID() }).catch((e) => e);
    expect(err.status).toBe(402);
    expect(err.details).toEqual({ required: 1, available: 0 });
  });

  it("refuses to hold the same request id twice", async () => {
    const userId = await userWith(10);
    const requestId = randomUUID();
    await ledger.hold({ userId, amount: 2, requestId });
    const err = await ledger.hold({ userId, amount: 2, requestId }).catch((e) => e);
    expect(err.status).toBe(409);
    expect(await ledger.balance(userId)).toMatchObject({ availableCredits: 8, heldCredits: 2 });
    await ledger.release(requestId);
  });

  it("refuses to hold a request id that was already settled", async () => {
    const userId = await userWith(10);
    const requestId = randomUUID();
    await ledger.hold({ userId, amount: 1, requestId });
    await ledger.settle({
      userId,
      requestId,
      endpoint: "detect",
      aiProvider: null,
      requestTokens: 0,
      responseTokens: 0,
      credits: 1,
    });
    const err = await ledger.hold({ userId, amount: 1, requestId }).catch((e) => e);
    expect(err.status).toBe(409);
    expect(await ledger.balance(userId)).toMatchObject({ availableCredits: 9, heldCredits: 0 });
  });

  it("takes usage beyond the hold from the balance, never below zero, and records the shortfall", async () => {
    const userId = await userWith(5);
    const requestId = randomUUID();
    await ledger.hold({ userId, amount: 2, requestId });
    // 8,000 tokens → 10 credits; only 5 exist.
    const result = await ledger.settle({
      userId,
      requestId,
      endpoint: "execute",
      aiProvider: "anthropic",
      requestTokens: 3000,
      responseTokens: 5000,
    });
    expect(result).toEqual({ creditsUsed: 5, shortfall: 5, availableAfter: 0 });
    expect(await ledger.balance(userId)).toMatchObject({ availableCredits: 0, heldCredits: 0, usedCredits: 5 });
    const [row] = await usageOfRequest(t.db, requestId);
    expect(row).toMatchObject({ creditsUsed: 5, shortfall: 5 });
    const [tx] = await t.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.userId, userId))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(tx).toMatchObject({ requestId, amount: -5, shortfall: 5, requestTokens: 3000, responseTokens: 5000 });
  });

  it("charges a fixed price (detection: 1 credit) when given", async () => {
    const userId = await userWith(2);
    const requestId = randomUUID();
    await ledger.hold({ userId, amount: 1, requestId });
    const result = await ledger.settle({
      userId,
      requestId,
      endpoint: "detect-ai",
      aiProvider: "builtin",
      requestTokens: 900,
      responseTokens: 0,
      credits: 1,
    });
    expect(result).toEqual({ creditsUsed: 1, shortfall: 0, availableAfter: 1 });
  });

  it("settles once: a second settle returns the first result and charges nothing", async () => {
    const userId = await userWith(10);
    const requestId = randomUUID();
    await ledger.hold({ userId, amount: 3, requestId });
    const input = {
      userId,
      requestId,
      endpoint: "execute",
      aiProvider: "openai",
      requestTokens: 1000,
      responseTokens: 1000,
    };
    // Whichever settle wins (3 credits, or the inflated one capped at 10), the others return its result.
    const results = await Promise.all([
      ledger.settle(input),
      ledger.settle(input),
      ledger.settle({ ...input, requestTokens: 99_000 }),
    ]);
    const charged = results[0]?.creditsUsed ?? -1;
    expect([3, 10]).toContain(charged);
    for (const r of results) expect(r.creditsUsed).toBe(charged);
    expect(await ledger.balance(userId)).toMatchObject({
      availableCredits: 10 - charged,
      usedCredits: charged,
      heldCredits: 0,
    });
    const again = await ledger.settle(input);
    expect(again.creditsUsed).toBe(charged);
    expect(await usageOfRequest(t.db, requestId)).toHaveLength(1);
  });

  it("appends nothing when the work cost nothing", async () => {
    const userId = await userWith(3);
    const requestId = randomUUID();
    await ledger.hold({ userId, amount: 2, requestId });
    const result = await ledger.settle({
      userId,
      requestId,
      endpoint: "execute",
      aiProvider: "openai",
      requestTokens: 0,
      responseTokens: 0,
    });
    expect(result).toEqual({ creditsUsed: 0, shortfall: 0, availableAfter: 3 });
    expect(await ledger.transactions(userId, 20)).toHaveLength(1);
  });

  it("settles without a hold (expired and swept) from the available balance", async () => {
    const userId = await userWith(4);
    const result = await ledger.settle({
      userId,
      requestId: randomUUID(),
      endpoint: "execute",
      aiProvider: "openai",
      requestTokens: 1600,
      responseTokens: 0,
    });
    expect(result).toEqual({ creditsUsed: 2, shortfall: 0, availableAfter: 2 });
  });

  it("releases a hold in full, idempotently", async () => {
    const userId = await userWith(6);
    const requestId = randomUUID();
    await ledger.hold({ userId, amount: 6, requestId });
    expect((await ledger.balance(userId)).availableCredits).toBe(0);
    await ledger.release(requestId);
    await ledger.release(requestId);
    await ledger.release("never-held");
    expect(await ledger.balance(userId)).toMatchObject({ availableCredits: 6, heldCredits: 0 });
  });

  it("releases only expired holds, each once, even with sweepers racing", async () => {
    const userId = await userWith(10);
    const expired = randomUUID();
    const live = randomUUID();
    await ledger.hold({ userId, amount: 3, requestId: expired });
    await ledger.hold({ userId, amount: 2, requestId: live });
    await t.db
      .update(creditHolds)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(creditHolds.requestId, expired));
    const released = await Promise.all([
      ledger.releaseExpiredHolds(),
      ledger.releaseExpiredHolds(),
      ledger.releaseExpiredHolds(),
    ]);
    expect(released.reduce((s, x) => s + x, 0)).toBe(1);
    expect(await ledger.balance(userId)).toMatchObject({ availableCredits: 8, heldCredits: 2 });
    await ledger.release(live);
  });

  it("gives a hold the ledger's TTL, or the one asked for", async () => {
    const userId = await userWith(2);
    const requestId = randomUUID();
    await ledger.hold({ userId, amount: 1, requestId, ttlSeconds: 60 });
    const [row] = await t.db
      .select({ seconds: sql<number>`extract(epoch from ${creditHolds.expiresAt} - now())`.mapWith(Number) })
      .from(creditHolds)
      .where(eq(creditHolds.requestId, requestId));
    expect(row?.seconds).toBeGreaterThan(50);
    expect(row?.seconds).toBeLessThanOrEqual(60);
    await ledger.release(requestId);
  });

  it("adds purchases to Total Purchased and bonus and grants to bonus", async () => {
    const userId = await userWith(0);
    await ledger.grant({
      userId,
      amount: 50,
      type: "purchase",
      stripeSessionId: `cs_${randomUUID()}`,
      metadata: { packageName: "Starter" },
    });
    await ledger.grant({ userId, amount: 20, type: "bonus", metadata: { campaignName: "Spring" } });
    await ledger.grant({ userId, amount: 5, type: "grant", metadata: { reason: "sorry" } });
    expect(await ledger.balance(userId)).toEqual({
      availableCredits: 75,
      totalCredits: 50,
      usedCredits: 0,
      bonusCredits: 25,
      heldCredits: 0,
    });
    const rows = await ledger.transactions(userId, 20);
    expect(rows.map((r) => [r.type, r.amount, r.balanceAfter, r.description])).toEqual([
      ["grant", 5, 75, "Granted: sorry"],
      ["bonus", 20, 70, "Bonus: Spring"],
      ["purchase", 50, 50, "Purchased Starter"],
    ]);
  });

  it("fulfils a Checkout Session once, however often it is granted", async () => {
    const userId = await userWith(0);
    const session = `cs_${randomUUID()}`;
    const results = await Promise.all(
      Array.from({ length: 8 }, () => ledger.grant({ userId, amount: 50, type: "purchase", stripeSessionId: session })),
    );
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect((await ledger.balance(userId)).totalCredits).toBe(50);
  });

  it("reverses no more than is available and records what could not be taken back", async () => {
    const userId = await userWith(0);
    await ledger.grant({ userId, amount: 100, type: "purchase", stripeSessionId: `cs_${randomUUID()}` });
    await ledger.settle({
      userId,
      requestId: randomUUID(),
      endpoint: "execute",
      aiProvider: "openai",
      requestTokens: 0,
      responseTokens: 0,
      credits: 70,
    });
    const held = randomUUID();
    await ledger.hold({ userId, amount: 10, requestId: held });
    const result = await ledger.reverse({ userId, amount: 100, type: "refund", metadata: { chargeId: "ch_1" } });
    expect(result).toMatchObject({ taken: 20, notRecovered: 80, balanceAfter: 10 });
    expect(await ledger.balance(userId)).toMatchObject({ availableCredits: 0, heldCredits: 10, totalCredits: 80 });
    const none = await ledger.reverse({ userId, amount: 5, type: "reversal" });
    expect(none).toMatchObject({ taken: 0, notRecovered: 5 });
    await ledger.release(held);
    expect((await ledger.balance(userId)).availableCredits).toBe(10);
  });

  it("takes a reversal from bonus credits once purchased credits run out", async () => {
    const userId = await userWith(30);
    await ledger.grant({ userId, amount: 10, type: "purchase", stripeSessionId: `cs_${randomUUID()}` });
    const result = await ledger.reverse({ userId, amount: 25, type: "reversal" });
    expect(result.taken).toBe(25);
    expect(await ledger.balance(userId)).toMatchObject({ totalCredits: 0, bonusCredits: 15, availableCredits: 15 });
  });

  it("rejects amounts that are not whole credits", async () => {
    const userId = await userWith(1);
    await expect(ledger.hold({ userId, amount: 1.5, requestId: randomUUID() })).rejects.toThrow(RangeError);
    await expect(ledger.hold({ userId, amount: -1, requestId: randomUUID() })).rejects.toThrow(RangeError);
    await expect(ledger.grant({ userId, amount: 0, type: "grant" })).rejects.toThrow(RangeError);
    await expect(ledger.grant({ userId, amount: 5, type: "purchase" })).rejects.toThrow(/stripeSessionId/);
  });

  it("lists newest first and honours the limit", async () => {
    const userId = await userWith(1);
    for (let i = 2; i <= 4; i++)
      await ledger.grant({ userId, amount: 1, type: "grant", metadata: { reason: `r${i}` } });
    const rows = await ledger.transactions(userId, 2);
    expect(rows.map((r) => r.balanceAfter)).toEqual([4, 3]);
  });

  it("keeps user_credits' CHECK as the last line of defence", async () => {
    const userId = await userWith(1);
    await expect(
      t.db.update(userCredits).set({ usedCredits: 5 }).where(eq(userCredits.userId, userId)),
    ).rejects.toThrow();
  });
});

describe("describeTransaction", () => {
  it("prefers the stored description and falls back by type", () => {
    expect(describeTransaction("grant", { description: "Custom" })).toBe("Custom");
    expect(describeTransaction("usage", { endpoint: "/api/seo-optimize", tokens: 1234 })).toBe(
      "SEO optimization · 1,234 tokens",
    );
    // Rows stored with the old internal names read the friendly way too.
    expect(describeTransaction("usage", { endpoint: "/api/detect-ai", tokens: 0, description: "detect-ai" })).toBe(
      "AI detection",
    );
    expect(describeTransaction("refund", {})).toBe("Refund");
    expect(describeTransaction("reversal", {})).toBe("Payment dispute lost");
    expect(describeTransaction("mystery", {})).toBe("mystery");
  });
});

it("constructs with a default hold TTL", () => {
  expect(new Ledger({} as never).holdTtlSeconds).toBe(900);
});
