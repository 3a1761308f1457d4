// Property: any sequence of ledger operations keeps every invariant, and the balances match a
// plain in-memory model of the rules (docs/credits.md).
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { creditHolds, users } from "../db/schema";
import { AppError } from "../errors";
import { describeEachDatabase } from "../testing/databases";
import { assertLedgerInvariants } from "../testing/ledger-invariants";
import { createTestApp, type TestApp } from "../testing/test-app";
import type { Ledger } from "./ledger";

const RUNS = Number(process.env.LEDGER_PROPERTY_RUNS) || 50;

type Op =
  | { kind: "grant"; user: number; amount: number; type: "bonus" | "grant" }
  | { kind: "purchase"; user: number; amount: number; session: number }
  | { kind: "hold"; user: number; amount: number }
  | { kind: "settle"; hold: number; credits: number }
  | { kind: "settleFresh"; user: number; credits: number }
  | { kind: "release"; hold: number }
  | { kind: "expire"; hold: number }
  | { kind: "reverse"; user: number; amount: number; type: "refund" | "reversal" }
  | { kind: "race"; user: number; count: number; amount: number };

const user = fc.integer({ min: 0, max: 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant("grant" as const),
    user,
    amount: fc.integer({ min: 1, max: 40 }),
    type: fc.constantFrom("bonus" as const, "grant" as const),
  }),
  fc.record({
    kind: fc.constant("purchase" as const),
    user,
    amount: fc.integer({ min: 1, max: 60 }),
    session: fc.integer({ min: 0, max: 3 }),
  }),
  fc.record({ kind: fc.constant("hold" as const), user, amount: fc.integer({ min: 0, max: 30 }) }),
  fc.record({ kind: fc.constant("hold" as const), user, amount: fc.integer({ min: 0, max: 30 }) }),
  fc.record({ kind: fc.constant("settle" as const), hold: fc.nat(), credits: fc.integer({ min: 0, max: 40 }) }),
  fc.record({ kind: fc.constant("settle" as const), hold: fc.nat(), credits: fc.integer({ min: 0, max: 40 }) }),
  fc.record({ kind: fc.constant("settleFresh" as const), user, credits: fc.integer({ min: 0, max: 20 }) }),
  fc.record({ kind: fc.constant("release" as const), hold: fc.nat() }),
  fc.record({ kind: fc.constant("expire" as const), hold: fc.nat() }),
  fc.record({
    kind: fc.constant("reverse" as const),
    user,
    amount: fc.integer({ min: 0, max: 60 }),
    type: fc.constantFrom("refund" as const, "reversal" as const),
  }),
  fc.record({
    kind: fc.constant("race" as const),
    user,
    count: fc.integer({ min: 2, max: 8 }),
    amount: fc.integer({ min: 1, max: 6 }),
  }),
);

interface Account {
  total: number;
  bonus: number;
  used: number;
  held: number;
}
interface HoldModel {
  requestId: string;
  user: number;
  amount: number;
  active: boolean;
  settled?: { creditsUsed: number; shortfall: number };
}

const available = (a: Account) => a.total + a.bonus - a.used - a.held;

async function runSequence(t: TestApp, ledger: Ledger, ops: Op[]): Promise<void> {
  const run = randomUUID().slice(0, 8);
  const ids = [`prop-${run}-a`, `prop-${run}-b`];
  await t.db.insert(users).values(ids.map((id) => ({ id, name: id, email: `${id}@example.com`, username: id })));
  for (const id of ids) await ledger.ensureAccount(id);
  const accounts: Account[] = ids.map(() => ({ total: 0, bonus: 0, used: 0, held: 0 }));
  const holds: HoldModel[] = [];
  const sessions = new Set<number>();

  for (const o of ops) {
    switch (o.kind) {
      case "grant": {
        await ledger.grant({ userId: ids[o.user]!, amount: o.amount, type: o.type });
        accounts[o.user]!.bonus += o.amount;
        break;
      }
      case "purchase": {
        const r = await ledger.grant({
          userId: ids[o.user]!,
          amount: o.amount,
          type: "purchase",
          stripeSessionId: `cs_${run}_${o.session}`,
        });
        expect(r.applied).toBe(!sessions.has(o.session));
        if (r.applied) {
          sessions.add(o.session);
          accounts[o.user]!.total += o.amount;
        }
        break;
      }
      case "hold": {
        const requestId = randomUUID();
        const a = accounts[o.user]!;
        const ok = available(a) >= o.amount;
        const err = await ledger.hold({ userId: ids[o.user]!, amount: o.amount, requestId }).then(
          () => null,
          (e: unknown) => e,
        );
        if (ok) {
          expect(err).toBeNull();
          a.held += o.amount;
          holds.push({ requestId, user: o.user, amount: o.amount, active: true });
        } else {
          expect(err).toBeInstanceOf(AppError);
          expect((err as AppError).status).toBe(402);
        }
        break;
      }
      case "settle":
      case "settleFresh": {
        let h: HoldModel;
        if (o.kind === "settle" && holds.length > 0) h = holds[o.hold % holds.length]!;
        else {
          h = { requestId: randomUUID(), user: o.kind === "settleFresh" ? o.user : 0, amount: 0, active: false };
          holds.push(h);
        }
        const a = accounts[h.user]!;
        const r = await ledger.settle({
          userId: ids[h.user]!,
          requestId: h.requestId,
          endpoint: "prop",
          aiProvider: null,
          requestTokens: 0,
          responseTokens: 0,
          credits: o.credits,
        });
        if (h.settled) {
          expect(r.creditsUsed).toBe(h.settled.creditsUsed);
          expect(r.shortfall).toBe(h.settled.shortfall);
        } else {
          const hold = h.active ? h.amount : 0;
          const creditsUsed = Math.min(o.credits, hold + available(a));
          expect(r).toEqual({
            creditsUsed,
            shortfall: o.credits - creditsUsed,
            availableAfter: available(a) + hold - creditsUsed,
          });
          a.held -= hold;
          a.used += creditsUsed;
          h.active = false;
          h.settled = { creditsUsed, shortfall: o.credits - creditsUsed };
        }
        break;
      }
      case "release":
      case "expire": {
        if (holds.length === 0) break;
        const h = holds[o.hold % holds.length]!;
        if (o.kind === "release") await ledger.release(h.requestId);
        else {
          await t.db
            .update(creditHolds)
            .set({ expiresAt: sql`now() - interval '1 second'` })
            .where(eq(creditHolds.requestId, h.requestId));
          expect(await ledger.releaseExpiredHolds()).toBe(h.active ? 1 : 0);
        }
        if (h.active) {
          accounts[h.user]!.held -= h.amount;
          h.active = false;
        }
        break;
      }
      case "reverse": {
        const a = accounts[o.user]!;
        const r = await ledger.reverse({ userId: ids[o.user]!, amount: o.amount, type: o.type });
        const taken = Math.min(o.amount, available(a));
        expect(r).toMatchObject({ taken, notRecovered: o.amount - taken });
        const fromTotal = Math.min(taken, a.total);
        a.total -= fromTotal;
        a.bonus -= taken - fromTotal;
        break;
      }
      case "race": {
        const a = accounts[o.user]!;
        const expected = Math.min(o.count, Math.floor(available(a) / o.amount));
        const attempts = Array.from({ length: o.count }, (): string => randomUUID());
        const outcomes = await Promise.all(
          attempts.map((requestId) =>
            ledger.hold({ userId: ids[o.user]!, amount: o.amount, requestId }).then(
              () => requestId,
              (e: unknown) => {
                expect((e as AppError).status).toBe(402);
                return null;
              },
            ),
          ),
        );
        const won = outcomes.filter((x): x is string => x !== null);
        expect(won).toHaveLength(expected);
        for (const requestId of won) holds.push({ requestId, user: o.user, amount: o.amount, active: true });
        a.held += won.length * o.amount;
        break;
      }
    }
    for (const [i, id] of ids.entries()) {
      const m = accounts[i]!;
      expect(await ledger.balance(id)).toEqual({
        availableCredits: available(m),
        totalCredits: m.total,
        bonusCredits: m.bonus,
        usedCredits: m.used,
        heldCredits: m.held,
      });
    }
  }
  await assertLedgerInvariants(t.db);
}

describeEachDatabase("Ledger property", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ database: kind, seed: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("keeps every invariant and matches the model over random operation sequences", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 24 }), (ops) => runSequence(t, t.deps.ledger, ops)),
      { numRuns: kind === "pg" ? Math.ceil(RUNS / 2) : RUNS },
    );
  }, 120_000);
});
