// The one charge path on a real database: hold → work → settle and save together, or release.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { apiRequests, creditHolds, creditTransactions, userCredits } from "../db/schema";
import { AppError } from "../errors";
import { createLogger } from "../logger";
import { describeEachDatabase } from "../testing/databases";
import { ledgerCheckedApp } from "../testing/route-suite";
import type { TestApp } from "../testing/test-app";
import { usageOfRequest } from "../testing/usage";
import { Charges, NotSaved, PartialWork, RequestCancelled } from "./charge";

/** A promise and the functions that settle it: the test decides when work finishes. */
function deferred<T = void>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Polls `check` until it holds (a generous ceiling: this waits on the database, not on a clock). */
async function until(check: () => Promise<boolean>, what: string, ceilingMs = 20_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ceilingMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describeEachDatabase("Charges", (kind) => {
  let t: TestApp;
  let charges: Charges;
  let n = 0;

  const app = ledgerCheckedApp(kind);
  beforeAll(() => {
    t = app.t;
    charges = t.deps.charges;
  });

  async function userWith(credits: number): Promise<string> {
    n += 1;
    const { userId } = await t.insertUser(`charge${n}-${kind}@example.com`);
    if (credits > 0)
      await t.deps.ledger.grant({ userId, amount: credits, type: "grant", metadata: { reason: "test" } });
    return userId;
  }
  const available = async (userId: string) => (await t.deps.ledger.balance(userId)).availableCredits;
  const usageOf = (requestId: string) => usageOfRequest(t.db, requestId);
  const holdOf = (requestId: string) => t.db.select().from(creditHolds).where(eq(creditHolds.requestId, requestId));
  const base = (userId: string) => ({ userId, endpoint: "/api/test", aiProvider: "openai" });

  it("settles on the usage the work reports and saves its result in the same transaction", async () => {
    const userId = await userWith(20);
    const charged = await charges.charge({
      ...base(userId),
      estimate: 5,
      work: async () => ({ value: "a draft", usage: { requestTokens: 1000, responseTokens: 1000 } }),
      save: async (tx, r) => {
        await tx.insert(apiRequests).values({ userId, requestId: r.requestId, creditsUsed: r.creditsUsed });
        return r.creditsUsed;
      },
    });
    // 2,000 tokens × 1.25 = 2.5 → 3 credits.
    expect(charged).toMatchObject({ value: "a draft", creditsUsed: 3, saved: 3 });
    expect(await available(userId)).toBe(17);
    const [row] = await t.db.select().from(apiRequests).where(eq(apiRequests.requestId, charged.requestId));
    expect(row?.creditsUsed).toBe(3);
    expect(await holdOf(charged.requestId)).toHaveLength(0);
  });

  // Issue 26: what reached the client is paid for, whatever fails after it. A save that fails undoes
  // its own writes; the charge then commits alone, the failure is logged with the request id, and the
  // caller gets "Saved nothing: …" (NotSaved) with what was produced.
  for (const [how, input] of [
    ["held and priced by usage", { estimate: 5 }],
    ["held at a fixed price", { estimate: 5, price: 4, metered: true }],
    ["a fixed price with no hold", { estimate: 4, price: 4 }],
  ] as const)
    it(`charges delivered work ${how} even when saving it fails, and saves nothing`, async () => {
      const userId = await userWith(20);
      const lines: Array<Record<string, unknown>> = [];
      const logger = createLogger("info", false, {
        destination: { write: (line: string) => void lines.push(JSON.parse(line)) },
      });
      const logged = new Charges(t.deps.ledger, logger);
      let requestId = "";
      const err = await logged
        .charge({
          ...base(userId),
          ...input,
          work: async () => ({ value: "paid work", usage: { requestTokens: 1600, responseTokens: 1600 } }),
          save: async (tx, r) => {
            requestId = r.requestId;
            await tx.insert(apiRequests).values({ userId, requestId: r.requestId, creditsUsed: r.creditsUsed });
            throw new Error("injected: the save failed after its first write");
          },
        })
        .catch((e: unknown) => e);
      // 3,200 tokens × 1.25 = 4 credits either way.
      expect(err).toBeInstanceOf(NotSaved);
      expect(err).toMatchObject({
        code: "NOT_SAVED",
        status: 500,
        requestId,
        creditsUsed: 4,
        value: "paid work",
        message: expect.stringMatching(/^Saved nothing: .*4 credits/),
      });
      expect(await available(userId)).toBe(16);
      expect(await usageOf(requestId)).toMatchObject([{ creditsUsed: 4 }]);
      // The save's own write was undone with it; no hold is left.
      expect(await t.db.select().from(apiRequests).where(eq(apiRequests.requestId, requestId))).toHaveLength(0);
      expect(await holdOf(requestId)).toHaveLength(0);
      expect(lines).toContainEqual(
        expect.objectContaining({
          event: "credits.save_failed",
          requestId,
          credits: 4,
          err: expect.objectContaining({ message: expect.stringMatching(/injected/) }),
        }),
      );
    });

  it("charges what a client that left was sent even when saving it fails, then reports the cancellation", async () => {
    const userId = await userWith(20);
    let requestId = "";
    const err = await charges
      .charge({
        ...base(userId),
        estimate: 5,
        metered: true,
        work: async () => {
          throw new PartialWork("half a draft", { requestTokens: 800, responseTokens: 800 });
        },
        save: async (_tx, r) => {
          requestId = r.requestId;
          throw new Error("injected: the save failed");
        },
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RequestCancelled);
    expect(await available(userId)).toBe(18);
    expect(await usageOf(requestId)).toMatchObject([{ creditsUsed: 2 }]);
    expect(await holdOf(requestId)).toHaveLength(0);
  });

  it("charges a fixed price whatever the work reports", async () => {
    const userId = await userWith(5);
    const charged = await charges.charge({
      ...base(userId),
      estimate: 1,
      price: 1,
      work: async () => ({ value: 42, usage: { requestTokens: 50_000, responseTokens: 0 } }),
    });
    expect(charged.creditsUsed).toBe(1);
    expect(await available(userId)).toBe(4);
  });

  it("records free work with a zero-credit usage row", async () => {
    const userId = await userWith(0);
    const charged = await charges.charge({
      ...base(userId),
      aiProvider: "offline",
      estimate: 0,
      price: 0,
      work: async () => ({ value: "sample" }),
    });
    expect(charged.creditsUsed).toBe(0);
    const [usage] = await usageOf(charged.requestId);
    expect(usage).toMatchObject({ creditsUsed: 0, aiProvider: "offline" });
  });

  it("refuses with a 402 before the work runs when the estimate is not there", async () => {
    const userId = await userWith(2);
    let ran = false;
    const err = await charges
      .charge({
        ...base(userId),
        estimate: 3,
        work: async () => {
          ran = true;
          return { value: 1 };
        },
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(402);
    expect((err as AppError).details).toEqual({ required: 3, available: 2 });
    expect(ran).toBe(false);
  });

  it("releases everything when the work fails", async () => {
    const userId = await userWith(10);
    const err = await charges
      .charge({
        ...base(userId),
        estimate: 6,
        work: async () => {
          throw new AppError("PROVIDER_UNAVAILABLE", "down");
        },
      })
      .catch((e: unknown) => e);
    expect((err as AppError).code).toBe("PROVIDER_UNAVAILABLE");
    expect(await available(userId)).toBe(10);
  });

  it("charges nothing and saves nothing for work that is not billable, but answers it", async () => {
    const userId = await userWith(3);
    let saved = false;
    const charged = await charges.charge({
      ...base(userId),
      estimate: 1,
      price: 1,
      work: async () => ({ value: { success: false }, billable: false }),
      save: async () => {
        saved = true;
      },
    });
    expect(charged).toMatchObject({ value: { success: false }, creditsUsed: 0 });
    expect(saved).toBe(false);
    expect(await available(userId)).toBe(3);
    expect(await usageOf(charged.requestId)).toHaveLength(0);
  });

  it("pays for and saves what was written when the client leaves, then reports the cancellation", async () => {
    const userId = await userWith(10);
    const saves: Array<{ value: string; partial: boolean }> = [];
    let requestId = "";
    const err = await charges
      .charge<string>({
        ...base(userId),
        estimate: 5,
        work: async () => {
          throw new PartialWork("half a draft", { requestTokens: 400, responseTokens: 400 });
        },
        save: async (_tx, r) => {
          requestId = r.requestId;
          saves.push({ value: r.value, partial: r.partial });
        },
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RequestCancelled);
    expect(saves).toEqual([{ value: "half a draft", partial: true }]);
    const [usage] = await usageOf(requestId);
    expect(usage?.creditsUsed).toBe(1); // 800 tokens × 1.25 → 1
    expect(await available(userId)).toBe(9);
  });

  it("charges nothing when the client leaves before anything was written", async () => {
    const userId = await userWith(10);
    const err = await charges
      .charge({
        ...base(userId),
        estimate: 5,
        work: async () => {
          throw new PartialWork(null, { requestTokens: 400, responseTokens: 0 });
        },
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RequestCancelled);
    expect(await available(userId)).toBe(10);
  });

  it("grows a metered hold ahead of the tokens written", async () => {
    const userId = await userWith(100);
    const held = await charges.hold({ ...base(userId), estimate: 2, metered: true });
    const charged = await held.run(async (meter) => {
      const holds: number[] = [];
      for (let tokens = 1000; tokens <= 20_000; tokens += 1000) {
        await meter.settled();
        expect(await meter.observe(tokens)).toBe(true);
        holds.push((await holdOf(held.requestId))[0]?.amount ?? 0);
      }
      return { value: holds, usage: { requestTokens: 0, responseTokens: 20_000 } };
    });
    // The hold grew from the 2-credit estimate and always covered what had been written.
    charged.value.forEach((amount, i) => {
      expect(amount).toBeGreaterThanOrEqual(Math.ceil(((i + 1) * 1000 * 1.25) / 1000));
    });
    // 20,000 tokens → 25 credits.
    expect(charged.creditsUsed).toBe(25);
    expect(charged.stopped).toBeUndefined();
    expect(await available(userId)).toBe(75);
  });

  it("stops metered work before it delivers what the balance can't cover, and settles the rest", async () => {
    const userId = await userWith(5);
    const held = await charges.hold({ ...base(userId), estimate: 2, metered: true });
    let delivered = 0;
    const charged = await held.run(async (meter) => {
      // A model that would write 50,000 tokens, a thousand at a time, until it is stopped.
      for (let tokens = 1000; tokens <= 50_000; tokens += 1000) {
        await meter.settled();
        if (!(await meter.observe(tokens))) break;
        delivered = tokens;
      }
      expect(meter.signal.aborted).toBe(true);
      throw new PartialWork(`${delivered} tokens of text`, { requestTokens: 0, responseTokens: delivered });
    });
    // Five credits cover 4,000 tokens (× 1.25 = 5); the 5,000th would have needed 7.
    expect(delivered).toBe(4000);
    expect(charged).toMatchObject({ stopped: "out_of_credits", value: "4000 tokens of text", creditsUsed: 5 });
    const [usage] = await usageOf(held.requestId);
    expect(usage?.shortfall).toBe(0);
    expect(await available(userId)).toBe(0);
  });

  it("stops two streams on one balance for lack of credits only when the balance can't cover the next step (issue 26)", async () => {
    // Before: a top-up that came back short marked the meter exhausted for good, so a stream that
    // had once met a tight balance stopped "out of credits" later although other work had settled
    // and left credits free.
    const userId = await userWith(10);
    const a = await charges.hold({ ...base(userId), estimate: 2, metered: true });
    const b = await charges.hold({ ...base(userId), estimate: 7, metered: true });
    const bMayFinish = deferred();
    const aWrote = deferred();
    const streamB = b.run(async () => {
      await bMayFinish.promise;
      return { value: "a short draft", usage: { requestTokens: 0, responseTokens: 1000 } };
    });
    const streamA = a.run(async (meter) => {
      // 1,000 tokens are covered by the 2 held; growing ahead (to 4) finds 1 credit free.
      expect(await meter.observe(1000)).toBe(true);
      await meter.settled();
      expect((await holdOf(a.requestId))[0]?.amount).toBe(3);
      aWrote.resolve();
      // The other stream settles at 2 credits, giving back 5 of its 7.
      await streamB;
      // 3,000 tokens need 4 credits: more than A holds, less than the balance has free.
      expect(await meter.observe(3000)).toBe(true);
      expect(await meter.observe(4000)).toBe(true);
      expect(meter.signal.aborted).toBe(false);
      return { value: "a longer draft", usage: { requestTokens: 0, responseTokens: 4000 } };
    });
    await aWrote.promise;
    bMayFinish.resolve();
    expect(await streamB).toMatchObject({ creditsUsed: 2 });
    const charged = await streamA;
    expect(charged.stopped).toBeUndefined();
    expect(charged.creditsUsed).toBe(5);
    expect(await available(userId)).toBe(3);
  });

  it("still stops a stream when the balance as it is now can't cover the next step", async () => {
    const userId = await userWith(6);
    const other = await charges.hold({ ...base(userId), estimate: 3 });
    const held = await charges.hold({ ...base(userId), estimate: 2, metered: true });
    const charged = await held.run(async (meter) => {
      expect(await meter.observe(1000)).toBe(true);
      await meter.settled();
      // 3,000 tokens need 4 credits; 2 held + 1 free.
      expect(await meter.observe(3000)).toBe(false);
      expect(meter.signal.aborted).toBe(true);
      throw new PartialWork("what was written", { requestTokens: 0, responseTokens: 1000 });
    });
    expect(charged).toMatchObject({ stopped: "out_of_credits", creditsUsed: 2 });
    await other.release();
    expect(await available(userId)).toBe(4);
  });

  it("keeps a hold alive while its work runs, past the hold's own lifetime", async () => {
    const userId = await userWith(10);
    const live = new Charges(t.deps.ledger, createLogger("silent"), { renewEveryMs: 50 });
    const finish = deferred();
    const held = await live.hold({ ...base(userId), estimate: 4 });
    // A hold that would expire in a second, renewed every 50 ms while the work runs.
    await t.db.execute(
      sql`UPDATE credit_holds SET expires_at = now() + interval '1 second' WHERE request_id = ${held.requestId}`,
    );
    const [before] = await holdOf(held.requestId);
    const running = held.run(async () => {
      await finish.promise;
      return { value: "done", usage: { requestTokens: 100, responseTokens: 100 } };
    });
    await until(async () => {
      const [h] = await holdOf(held.requestId);
      return h !== undefined && h.expiresAt.getTime() - before!.expiresAt.getTime() > 60_000;
    }, "the hold to be renewed");
    expect(await t.deps.ledger.releaseExpiredHolds()).toBe(0);
    finish.resolve();
    expect((await running).creditsUsed).toBe(1);
  });

  it("stops work that outlives the longest a hold may live", async () => {
    const userId = await userWith(10);
    const brief = new Charges(t.deps.ledger, createLogger("silent"), { renewEveryMs: 20, maxHoldMs: 100 });
    const charged = await brief.charge({
      ...base(userId),
      estimate: 4,
      metered: true,
      work: async (meter) => {
        await new Promise((resolve) => meter.signal.addEventListener("abort", resolve, { once: true }));
        throw new PartialWork("what was written", { requestTokens: 100, responseTokens: 300 });
      },
    });
    expect(charged.stopped).toBe("time_limit");
    expect(charged.creditsUsed).toBe(1);
  });

  describe("a price known up front: one conditional write after the work, no hold", () => {
    const transactionsOf = (userId: string) =>
      t.db.select().from(creditTransactions).where(eq(creditTransactions.userId, userId));

    it("holds nothing while the work runs, then charges the price, the usage row, the ledger row and the save together", async () => {
      const userId = await userWith(5);
      let holdsDuringWork = -1;
      const charged = await charges.charge({
        ...base(userId),
        aiProvider: "builtin",
        estimate: 1,
        price: 1,
        work: async () => {
          holdsDuringWork = (await t.db.select().from(creditHolds).where(eq(creditHolds.userId, userId))).length;
          expect(await available(userId)).toBe(5);
          return { value: "a verdict" };
        },
        save: async (tx, r) => {
          await tx.insert(apiRequests).values({ userId, requestId: r.requestId, creditsUsed: r.creditsUsed });
          return "saved";
        },
      });
      expect(holdsDuringWork).toBe(0);
      expect(charged).toMatchObject({ value: "a verdict", creditsUsed: 1, saved: "saved" });
      expect(await available(userId)).toBe(4);
      const [usage] = await usageOf(charged.requestId);
      expect(usage).toMatchObject({ creditsUsed: 1, aiProvider: "builtin", shortfall: 0 });
      const rows = await transactionsOf(userId);
      expect(rows.filter((r) => r.type === "usage").map((r) => [r.amount, r.balanceAfter])).toEqual([[-1, 4]]);
      expect(await t.db.select().from(apiRequests).where(eq(apiRequests.requestId, charged.requestId))).toHaveLength(1);
    });

    it("answers 402 with required/available before any work when the balance is short", async () => {
      const userId = await userWith(2);
      let ran = false;
      const err = await charges
        .charge({
          ...base(userId),
          estimate: 3,
          price: 3,
          work: async () => {
            ran = true;
            return { value: 1 };
          },
        })
        .catch((e: unknown) => e);
      expect((err as AppError).status).toBe(402);
      expect((err as AppError).details).toEqual({ required: 3, available: 2 });
      expect(ran).toBe(false);
      expect(await available(userId)).toBe(2);
    });

    it("needs no balance read after its own spend left enough; a stale answer costs work, never credits", async () => {
      const userId = await userWith(3);
      const reads = vi.spyOn(t.deps.ledger, "balance");
      onTestFinished(() => reads.mockRestore());
      let runs = 0;
      /** The balance reads one detection made. */
      const readsOf = async (detection: () => Promise<unknown>) => {
        const before = reads.mock.calls.length;
        const outcome = await detection().catch((e: unknown) => e);
        return { outcome, reads: reads.mock.calls.length - before };
      };
      const detect = () =>
        charges.charge({
          ...base(userId),
          estimate: 1,
          price: 1,
          work: async () => {
            runs++;
            return { value: "a verdict" };
          },
        });
      expect((await readsOf(detect)).reads).toBe(1); // nothing known yet: read
      expect((await readsOf(detect)).reads).toBe(0); // the first spend left 2: no read
      expect(await available(userId)).toBe(1);

      // Another process spends the last credit (its ledger's statement): this one still believes 1 is left.
      await t.db.execute(sql`
        WITH charged AS (
          UPDATE user_credits SET used_credits = used_credits + 1 WHERE user_id = ${userId}
          RETURNING total_credits + bonus_credits - used_credits AS balance
        )
        INSERT INTO credit_transactions (user_id, type, amount, balance_after, endpoint, request_id)
        SELECT ${userId}, 'usage', -1, balance, '/api/test', ${crypto.randomUUID()} FROM charged`);
      const { outcome: stale, reads: staleReads } = await readsOf(detect);
      expect(staleReads).toBe(0);
      expect(runs).toBe(3); // the work ran on the stale answer …
      expect((stale as AppError).status).toBe(402); // … and was refused by the spend itself
      expect((stale as AppError).details).toEqual({ required: 1, available: 0 });
      expect(await available(userId)).toBe(0);
      const spent = await t.db.select().from(creditTransactions).where(eq(creditTransactions.userId, userId));
      expect(spent.filter((r) => r.type === "usage")).toHaveLength(3); // two here, one elsewhere

      // The refusal is remembered as nothing: the next one reads and refuses before any work.
      const { outcome: early, reads: earlyReads } = await readsOf(detect);
      expect((early as AppError).status).toBe(402);
      expect(runs).toBe(3);
      expect(earlyReads).toBe(1);
    });

    it("forgets what a spend left once a hold, settlement or reversal of the same user moves the balance", async () => {
      const userId = await userWith(4);
      const ledger = t.deps.ledger;
      const spend = () =>
        ledger.spend({ userId, requestId: crypto.randomUUID(), endpoint: "/api/test", aiProvider: null, credits: 1 });
      await spend(); // leaves 3
      expect(await ledger.covers(userId, 3)).toEqual({ covered: true, available: 3 });
      await ledger.hold({ userId, amount: 2, requestId: crypto.randomUUID() });
      expect(await ledger.covers(userId, 3)).toEqual({ covered: false, available: 1 });
      await spend(); // leaves 0
      await ledger.reverse({ userId, amount: 0, type: "refund" });
      expect(await ledger.covers(userId, 1)).toEqual({ covered: false, available: 0 });
    });

    it("refuses with the same 402 and keeps nothing when the balance went elsewhere during the work", async () => {
      const userId = await userWith(1);
      let saved = false;
      const err = await charges
        .charge({
          ...base(userId),
          estimate: 1,
          price: 1,
          work: async () => {
            // Another spend takes the last credit while this work runs.
            await charges.charge({ ...base(userId), estimate: 1, price: 1, work: async () => ({ value: "first" }) });
            return { value: "second" };
          },
          save: async () => {
            saved = true;
          },
        })
        .catch((e: unknown) => e);
      expect((err as AppError).status).toBe(402);
      expect((err as AppError).details).toEqual({ required: 1, available: 0 });
      expect(saved).toBe(false);
      expect(await available(userId)).toBe(0);
      expect(await t.deps.ledger.usage(userId, 10)).toHaveLength(1);
    });

    it("lets exactly M of N concurrent spends through on a balance of M; the rest get 402", async () => {
      const userId = await userWith(7);
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, () =>
          charges.charge({
            ...base(userId),
            estimate: 1,
            price: 1,
            work: async () => ({ value: "ok" }),
            save: async (tx, r) => {
              await tx.insert(apiRequests).values({ userId, requestId: r.requestId, creditsUsed: r.creditsUsed });
            },
          }),
        ),
      );
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(7);
      const refused = outcomes.filter((o) => o.status === "rejected").map((o) => o.reason as AppError);
      expect(refused).toHaveLength(13);
      for (const e of refused) expect(e).toMatchObject({ status: 402, details: { required: 1, available: 0 } });
      expect(await t.deps.ledger.balance(userId)).toMatchObject({
        availableCredits: 0,
        heldCredits: 0,
        usedCredits: 7,
      });
      expect(await t.db.select().from(apiRequests).where(eq(apiRequests.userId, userId))).toHaveLength(7);
    });

    it("charges nothing for work that throws, and nothing when the caller left before the charge", async () => {
      const userId = await userWith(5);
      const failed = await charges
        .charge({
          ...base(userId),
          estimate: 1,
          price: 1,
          work: async () => {
            throw new Error("the detector crashed");
          },
        })
        .catch((e: unknown) => e);
      expect((failed as Error).message).toBe("the detector crashed");
      const left = new AbortController();
      const cancelled = await charges
        .charge({
          ...base(userId),
          estimate: 1,
          price: 1,
          signal: left.signal,
          work: async () => {
            left.abort();
            return { value: "nobody reads this" };
          },
        })
        .catch((e: unknown) => e);
      expect(cancelled).toBeInstanceOf(RequestCancelled);
      expect(await available(userId)).toBe(5);
      expect(await t.deps.ledger.usage(userId, 10)).toEqual([]);
    });

    it("rolls the charge and the save back when the caller leaves while the charge is being written", async () => {
      const userId = await userWith(5);
      const left = new AbortController();
      let requestId = "";
      const err = await charges
        .charge({
          ...base(userId),
          estimate: 1,
          price: 1,
          signal: left.signal,
          work: async () => ({ value: "a verdict" }),
          save: async (tx, r) => {
            requestId = r.requestId;
            await tx.insert(apiRequests).values({ userId, requestId: r.requestId, creditsUsed: r.creditsUsed });
            left.abort(); // the client times out after the charge's statement, before its commit
          },
        })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RequestCancelled);
      expect(await available(userId)).toBe(5);
      expect(await usageOf(requestId)).toHaveLength(0);
      expect(await t.db.select().from(apiRequests).where(eq(apiRequests.requestId, requestId))).toHaveLength(0);
    });

    it("opens the account of free work that has none", async () => {
      const userId = (await t.insertUser(`fixed-free-${kind}@example.com`)).userId;
      await t.db.delete(userCredits).where(eq(userCredits.userId, userId));
      const charged = await charges.charge({
        ...base(userId),
        estimate: 0,
        price: 0,
        work: async () => ({ value: "sample" }),
      });
      expect(charged.creditsUsed).toBe(0);
      expect(await usageOf(charged.requestId)).toMatchObject([{ creditsUsed: 0, endpoint: "/api/test" }]);
      // The usage row is the ledger's only row, of amount 0; the Transactions tab leaves it out.
      expect(await transactionsOf(userId)).toMatchObject([{ type: "usage", amount: 0, balanceAfter: 0 }]);
      expect(await t.deps.ledger.transactions(userId, 20)).toEqual([]);
    });

    it("a request id spent twice is charged once", async () => {
      const userId = await userWith(5);
      const requestId = crypto.randomUUID();
      const spend = () =>
        t.deps.ledger.spend({ userId, requestId, endpoint: "/api/test", aiProvider: null, credits: 2 });
      expect(await spend()).toMatchObject({ creditsUsed: 2, availableAfter: 3 });
      expect(await spend()).toMatchObject({ creditsUsed: 2, availableAfter: 3 });
      expect(await available(userId)).toBe(3);
    });
  });

  describe("release of a hold that never ran", () => {
    it("returns the estimate and makes run refuse", async () => {
      const userId = await userWith(10);
      const held = await charges.hold({ ...base(userId), estimate: 7 });
      expect(await available(userId)).toBe(3);
      await held.release();
      expect(await available(userId)).toBe(10);
      await held.release();
      expect(await available(userId)).toBe(10);
      expect(() => held.run(async () => ({ value: 1 }))).toThrow(/runs once/);
    });
  });
});
