// The periodic sweep: expired holds come back, scheduled all_users campaigns are granted.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { creditHolds } from "../db/schema";
import { createLogger } from "../logger";
import { assertLedgerInvariants } from "../testing/ledger-invariants";
import { createTestApp, type TestApp } from "../testing/test-app";
import { startCreditSweeper } from "./sweeper";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { WELCOME_BONUS_CREDITS: "0" } });
});
afterAll(async () => {
  await t?.close();
});

it("releases expired holds on its timer and stops cleanly", async () => {
  const { userId } = await t.signUp("sweeper@example.com");
  await t.deps.ledger.grant({ userId, amount: 5, type: "grant" });
  const requestId = randomUUID();
  await t.deps.ledger.hold({ userId, amount: 5, requestId });
  await t.db
    .update(creditHolds)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(creditHolds.requestId, requestId));

  const sweeper = startCreditSweeper({
    ledger: t.deps.ledger,
    campaigns: t.deps.campaigns,
    logger: createLogger("silent"),
    intervalMs: 20,
  });
  await vi.waitFor(async () => expect((await t.deps.ledger.balance(userId)).heldCredits).toBe(0), {
    timeout: 60_000,
    interval: 20,
  });
  await sweeper.stop();
  expect(await t.deps.ledger.balance(userId)).toMatchObject({ availableCredits: 5, heldCredits: 0 });
  expect(await sweeper.runOnce()).toEqual({ releasedHolds: 0, campaignGrants: 0 });
  await assertLedgerInvariants(t.db);
});

it("shares one sweep between overlapping calls and survives a failing database call", async () => {
  const sweeper = startCreditSweeper({
    ledger: t.deps.ledger,
    campaigns: t.deps.campaigns,
    logger: createLogger("silent"),
    intervalMs: 60_000,
  });
  const [a, b] = [sweeper.runOnce(), sweeper.runOnce()];
  expect(a).toBe(b);
  await a;
  const broken = startCreditSweeper({
    ledger: { releaseExpiredHolds: () => Promise.reject(new Error("database down")) } as never,
    campaigns: t.deps.campaigns,
    logger: createLogger("silent"),
  });
  expect(await broken.runOnce()).toEqual({ releasedHolds: 0, campaignGrants: 0 });
  await broken.stop();
  await sweeper.stop();
});
