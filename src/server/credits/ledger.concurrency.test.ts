// The ledger under concurrency: many spends on one balance, two app instances on one PostgreSQL,
// and a process killed with SIGKILL while holding credits.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { creditHolds } from "../db/schema";
import { onError } from "../http/errors";
import { describeEachDatabase, describePostgresOnly } from "../testing/databases";
import { assertLedgerInvariants } from "../testing/ledger-invariants";
import { createTestApp, type TestApp } from "../testing/test-app";
import { Ledger } from "./ledger";

/**
 * An endpoint shaped like AI work: hold, await the "model", settle on the real usage. The app's own
 * onError turns the ledger's AppError into the 402 a client sees.
 */
function spendApp(ledger: Ledger) {
  const app = new Hono();
  app.onError(onError as never);
  app.post("/spend/:userId", async (c) => {
    const userId = c.req.param("userId");
    const requestId = randomUUID();
    await ledger.hold({ userId, amount: 1, requestId });
    try {
      await new Promise((r) => setTimeout(r, Math.random() * 5));
      const result = await ledger.settle({
        userId,
        requestId,
        endpoint: "/spend",
        aiProvider: "test",
        requestTokens: 0,
        responseTokens: 0,
        credits: 1,
      });
      return c.json(result);
    } catch (err) {
      await ledger.release(requestId);
      throw err;
    }
  });
  return app;
}

async function spendConcurrently(apps: Array<ReturnType<typeof spendApp>>, userId: string, count: number) {
  const responses = await Promise.all(
    Array.from({ length: count }, (_, i) => apps[i % apps.length]!.request(`/spend/${userId}`, { method: "POST" })),
  );
  const bodies = await Promise.all(responses.map((r) => r.json() as Promise<Record<string, unknown>>));
  return { statuses: responses.map((r) => r.status), bodies };
}

describeEachDatabase("Ledger under concurrency", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ database: kind, env: { WELCOME_BONUS_CREDITS: "0" } });
  });
  afterEach(async () => {
    await assertLedgerInvariants(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lets exactly 20 of 50 concurrent 1-credit spends through on a balance of 20; the rest get 402", async () => {
    const { userId } = await t.signUp(`race-${kind}@example.com`);
    await t.deps.ledger.grant({ userId, amount: 20, type: "grant", metadata: { reason: "race" } });
    const { statuses, bodies } = await spendConcurrently([spendApp(t.deps.ledger)], userId, 50);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 402)).toHaveLength(30);
    for (const body of bodies.filter((b) => typeof b.error === "string")) {
      expect(body.error).toContain("Insufficient credits");
      expect(body).toMatchObject({ code: "INSUFFICIENT_CREDITS", required: 1, available: 0 });
    }
    expect(await t.deps.ledger.balance(userId)).toEqual({
      availableCredits: 0,
      totalCredits: 0,
      bonusCredits: 20,
      usedCredits: 20,
      heldCredits: 0,
    });
    expect(await t.deps.ledger.usage(userId, 100)).toHaveLength(20);
  });

  it("keeps grants, holds, settles and releases on one balance consistent when interleaved", async () => {
    const { userId } = await t.signUp(`mixed-${kind}@example.com`);
    const ledger = t.deps.ledger;
    await ledger.grant({ userId, amount: 10, type: "grant" });
    const work = Array.from({ length: 30 }, async (_, i) => {
      if (i % 5 === 0) return ledger.grant({ userId, amount: 2, type: "bonus" });
      const requestId = randomUUID();
      try {
        await ledger.hold({ userId, amount: 3, requestId });
      } catch {
        return;
      }
      if (i % 3 === 0) return ledger.release(requestId);
      return ledger.settle({
        userId,
        requestId,
        endpoint: "mixed",
        aiProvider: null,
        requestTokens: 0,
        responseTokens: 0,
        credits: 1 + (i % 5),
      });
    });
    await Promise.all(work);
    const balance = await ledger.balance(userId);
    expect(balance.heldCredits).toBe(0);
    expect(balance.availableCredits).toBeGreaterThanOrEqual(0);
  });

  it("grows holds while other holds are taken and settled on the same balance, and never fails a top-up", async () => {
    // Metered work grows its hold as the model writes. A top-up priced from a stale balance broke
    // the balance's CHECK under this load (PostgreSQL), and the meter then stopped the work as if
    // the credits had run out.
    const { userId } = await t.signUp(`topup-${kind}@example.com`);
    const ledger = t.deps.ledger;
    // Enough for the holds to leave some to grow into, not enough for every top-up.
    await ledger.grant({ userId, amount: 100, type: "grant" });
    const failures: unknown[] = [];
    let grown = 0;
    const work = Array.from({ length: 60 }, async (_, i) => {
      const requestId = randomUUID();
      try {
        await ledger.hold({ userId, amount: 1, requestId });
      } catch {
        return; // 402: the balance is held or spent
      }
      for (let k = 0; k < 5; k++) {
        const added = await ledger.topUp(requestId, 3).catch((err: unknown) => {
          failures.push(err);
          return 0;
        });
        grown += added;
      }
      if (i % 3 === 0) return ledger.release(requestId);
      await ledger
        .settle({
          userId,
          requestId,
          endpoint: "metered",
          aiProvider: null,
          requestTokens: 0,
          responseTokens: 0,
          credits: 1 + (i % 7),
        })
        .catch((err) => failures.push(err));
    });
    await Promise.all(work);
    expect(failures.map((err) => String((err as Error).cause ?? err))).toEqual([]);
    expect(grown).toBeGreaterThan(0);
    const balance = await ledger.balance(userId);
    expect(balance.heldCredits).toBe(0);
    expect(balance.availableCredits).toBeGreaterThanOrEqual(0);
  });
});

describeEachDatabase("Fixed-price spends committed together", (kind) => {
  let t: TestApp;
  // One lane, one statement at a time: every spend that arrives while another is in flight waits for
  // it, and the next statement carries the waiting spends of distinct users together. (One ledger per database: the
  // statements it sends by name are prepared once per connection, and PGlite has one.)
  let ledger: Ledger;
  beforeAll(async () => {
    t = await createTestApp({ database: kind, env: { WELCOME_BONUS_CREDITS: "0" } });
    ledger = new Ledger(t.db, { holdTtlSeconds: 900, spendBatching: { lanes: 1, slots: 1 } });
  });
  afterEach(async () => {
    await assertLedgerInvariants(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  const spendWith = (userId: string, requestId = randomUUID()) =>
    ledger.spend({ userId, requestId, endpoint: "/api/detect-ai", aiProvider: null, credits: 1 });

  it("charges each of many users' concurrent spends once, and only while the balance covers it", async () => {
    const users = await Promise.all(Array.from({ length: 12 }, (_, i) => t.signUp(`batch-${kind}-${i}@example.com`)));
    for (const { userId } of users) await ledger.grant({ userId, amount: 3, type: "grant" });
    const attempts = users.flatMap(({ userId }) => Array.from({ length: 5 }, () => userId));
    const results = await Promise.allSettled(attempts.map((userId) => spendWith(userId)));

    expect(ledger.spends.stats.batches).toBeGreaterThan(0);
    expect(ledger.spends.stats.batchedSpends).toBeGreaterThan(0);
    for (const { userId } of users) {
      const own = results.filter((_, i) => attempts[i] === userId);
      expect(own.filter((r) => r.status === "fulfilled")).toHaveLength(3);
      for (const r of own.filter((r) => r.status === "rejected"))
        expect((r as PromiseRejectedResult).reason).toMatchObject({ code: "INSUFFICIENT_CREDITS" });
      expect(await ledger.balance(userId)).toMatchObject({ availableCredits: 0, usedCredits: 3 });
      expect(await ledger.usage(userId, 100)).toHaveLength(3);
    }
  });

  it("sends each spend of a batch that failed (a request id spent before) alone: the retry charges nothing again", async () => {
    const [a, b, c] = await Promise.all(["a", "b", "c"].map((n) => t.signUp(`retry-${kind}-${n}@example.com`)));
    for (const { userId } of [a, b, c]) await ledger.grant({ userId, amount: 5, type: "grant" });
    const first = randomUUID();
    await spendWith(a.userId, first);
    const before = { ...ledger.spends.stats };
    // c's spend goes alone (the lane is idle); b's and a's retry wait for it and go together. The
    // retry's request id is taken, so that statement fails whole; both are then sent alone.
    const [, fromB, retried] = await Promise.all([
      spendWith(c.userId),
      spendWith(b.userId),
      spendWith(a.userId, first),
    ]);
    expect(ledger.spends.stats.failedBatches - before.failedBatches).toBe(1);
    expect(ledger.spends.stats.batches - before.batches).toBe(0);
    expect(fromB).toMatchObject({ creditsUsed: 1, availableAfter: 4 });
    expect(retried).toMatchObject({ creditsUsed: 1, shortfall: 0, availableAfter: 4 });
    for (const { userId } of [a, b, c]) {
      expect(await ledger.balance(userId)).toMatchObject({ availableCredits: 4, usedCredits: 1 });
      expect(await ledger.usage(userId, 100)).toHaveLength(1);
    }
  });
});

describePostgresOnly("Ledger across processes", () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp({ database: "pg", env: { WELCOME_BONUS_CREDITS: "0" } });
    second = await createTestApp({ databaseUrl: first.databaseUrl, env: { WELCOME_BONUS_CREDITS: "0" } });
  });
  afterEach(async () => {
    await assertLedgerInvariants(first.db);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("lets exactly 20 of 50 spends through across two app instances on one database", async () => {
    const { userId } = await first.signUp("two-apps@example.com");
    await first.deps.ledger.grant({ userId, amount: 20, type: "grant" });
    const { statuses } = await spendConcurrently(
      [spendApp(first.deps.ledger), spendApp(second.deps.ledger)],
      userId,
      50,
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 402)).toHaveLength(30);
    expect((await second.deps.ledger.balance(userId)).availableCredits).toBe(0);
    expect((await first.deps.ledger.balance(userId)).usedCredits).toBe(20);
  });

  it("sees a user signed up on one instance spend on the other, and sweeps from both at once", async () => {
    const { userId } = await second.signUp("sweep-two@example.com");
    await second.deps.ledger.grant({ userId, amount: 9, type: "grant" });
    const ids = Array.from({ length: 6 }, () => randomUUID());
    for (const requestId of ids) await first.deps.ledger.hold({ userId, amount: 1, requestId });
    await first.db
      .update(creditHolds)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(creditHolds.userId, userId));
    const [a, b] = await Promise.all([
      first.deps.ledger.releaseExpiredHolds(),
      second.deps.ledger.releaseExpiredHolds(),
    ]);
    expect((a ?? 0) + (b ?? 0)).toBe(6);
    expect(await second.deps.ledger.balance(userId)).toMatchObject({ availableCredits: 9, heldCredits: 0 });
  });

  it("loses no credit when a process holding credits is killed with SIGKILL and the hold expires", async () => {
    const { userId } = await first.signUp("crash@example.com");
    await first.deps.ledger.grant({ userId, amount: 10, type: "grant" });
    const requestId = randomUUID();
    const script = fileURLToPath(new URL("./testing/hold-and-hang.ts", import.meta.url));
    // The process itself (node with tsx's loader), not a wrapper: SIGKILL must hit the one holding credits.
    const child = spawn(
      process.execPath,
      ["--import", "tsx", script, String(first.databaseUrl), userId, "7", requestId, "3600"],
      {
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...process.env, NODE_OPTIONS: "" },
      },
    );
    let stderr = "";
    child.stderr.on("data", (d) => {
      stderr += String(d);
    });
    await new Promise<void>((resolve, reject) => {
      // A generous ceiling: starting node with tsx's loader takes seconds, a minute on a busy machine.
      const timer = setTimeout(() => reject(new Error(`child never held credits: ${stderr}`)), 150_000);
      child.stdout.on("data", (d) => {
        if (String(d).includes("held")) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.on("exit", (code) => reject(new Error(`child exited ${code}: ${stderr}`)));
    });
    expect(await first.deps.ledger.balance(userId)).toMatchObject({ availableCredits: 3, heldCredits: 7 });

    const exited = new Promise((r) => child.once("exit", (_code, signal) => r(signal)));
    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");
    expect(() => process.kill(child.pid as number, 0)).toThrow(); // gone, not orphaned
    // Before expiry the sweep leaves the hold alone: the work might still be running.
    expect(await first.deps.ledger.releaseExpiredHolds()).toBe(0);
    // Once it expires (moved into the past here rather than waited for), any process's sweep releases it.
    await first.db
      .update(creditHolds)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(creditHolds.requestId, requestId));
    expect(await second.deps.ledger.releaseExpiredHolds()).toBe(1);
    expect(await first.deps.ledger.balance(userId)).toMatchObject({
      availableCredits: 10,
      heldCredits: 0,
      usedCredits: 0,
    });
  }, 180_000);
});
