// SpendBatcher on its own, with statements that record what they were sent: when spends go alone and
// when together, that a user's spends never share a statement, and that whatever a batch did not charge
// is sent alone (the ledger's own tests run it on PGlite and PostgreSQL: ledger.concurrency.test.ts).
import { describe, expect, it } from "vitest";
import { type Charged, SpendBatcher, type SpendStatements, type SpendValues } from "./spend-batch";

const spendOf = (userId: string, requestId: string, price = 1): SpendValues => ({
  userId,
  price,
  endpoint: "/api/detect-ai",
  aiProvider: null,
  requestId,
  apiKeyId: null,
});

/** Statements over an in-memory balance per user, each call recorded and answered on the next turn. */
function fakeStatements(balances: Record<string, number>, failMany = false) {
  const sent: string[][] = [];
  const charge = (v: SpendValues): number | null => {
    const left = balances[v.userId];
    if (left === undefined || left < v.price) return null;
    balances[v.userId] = left - v.price;
    return balances[v.userId]!;
  };
  const statements: SpendStatements = {
    one: async (v): Promise<Charged> => {
      sent.push([v.requestId]);
      await Promise.resolve();
      const available = charge(v);
      return available === null ? null : { available };
    },
    many: async (batch) => {
      sent.push(batch.map((v) => v.requestId));
      await Promise.resolve();
      if (failMany) throw new Error("deadlock detected");
      const charged = new Map<string, number>();
      for (const v of batch) {
        const available = charge(v);
        if (available !== null) charged.set(v.requestId, available);
      }
      return charged;
    },
  };
  return { statements, sent };
}

describe("SpendBatcher", () => {
  it("sends a spend alone, at once, when its lane is idle", async () => {
    const { statements, sent } = fakeStatements({ a: 5 });
    const batcher = new SpendBatcher(statements, { lanes: 1, slots: 1 });
    expect(await batcher.spend(spendOf("a", "r1"))).toEqual({ available: 4 });
    expect(await batcher.spend(spendOf("a", "r2"))).toEqual({ available: 3 });
    expect(sent).toEqual([["r1"], ["r2"]]);
    expect(batcher.stats).toMatchObject({ single: 2, batches: 0 });
  });

  it("sends spends alone while the lane has a free slot, and those that wait for one together", async () => {
    const { statements, sent } = fakeStatements({ a: 5, b: 5, c: 5, d: 5 });
    const batcher = new SpendBatcher(statements, { lanes: 1, slots: 2 });
    await Promise.all([
      batcher.spend(spendOf("a", "r1")),
      batcher.spend(spendOf("b", "r2")),
      batcher.spend(spendOf("c", "r3")),
      batcher.spend(spendOf("d", "r4")),
      // a's second spend waits for a's first, however free the lane is.
      batcher.spend(spendOf("a", "r5")),
    ]);
    expect(sent.slice(0, 2)).toEqual([["r1"], ["r2"]]);
    expect(sent.slice(2).flat().sort()).toEqual(["r3", "r4", "r5"]);
    expect(sent.some((s) => s.length > 1)).toBe(true);
  });

  it("sends the spends that arrive while one is in flight together, one per user", async () => {
    const { statements, sent } = fakeStatements({ a: 5, b: 5, c: 5 });
    const batcher = new SpendBatcher(statements, { lanes: 1, slots: 1 });
    const answers = await Promise.all([
      batcher.spend(spendOf("a", "r1")),
      batcher.spend(spendOf("b", "r2")),
      batcher.spend(spendOf("a", "r3")),
      batcher.spend(spendOf("c", "r4")),
      batcher.spend(spendOf("a", "r5")),
    ]);
    // r1 alone (the lane was idle); then b, a, c together; a's second waiting spend in the next statement.
    expect(sent).toEqual([["r1"], ["r2", "r3", "r4"], ["r5"]]);
    expect(answers).toEqual([{ available: 4 }, { available: 4 }, { available: 3 }, { available: 4 }, { available: 2 }]);
    expect(batcher.stats).toMatchObject({ single: 2, batches: 1, batchedSpends: 3, failedBatches: 0 });
  });

  it("sends a spend the batch did not charge alone, and passes on that answer", async () => {
    const { statements, sent } = fakeStatements({ a: 5, b: 0, c: 5 });
    const batcher = new SpendBatcher(statements, { lanes: 1, slots: 1 });
    const answers = await Promise.all([
      batcher.spend(spendOf("a", "r1")),
      batcher.spend(spendOf("b", "r2")),
      batcher.spend(spendOf("c", "r3")),
    ]);
    expect(sent).toEqual([["r1"], ["r2", "r3"], ["r2"]]);
    expect(answers).toEqual([{ available: 4 }, null, { available: 4 }]);
  });

  it("sends every spend of a batch that failed alone; each gets its own answer or error", async () => {
    const { statements, sent } = fakeStatements({ a: 5, b: 5, c: 5 }, true);
    const one = statements.one;
    statements.one = async (v) => {
      if (v.requestId === "r3") throw new Error("duplicate key value violates unique constraint");
      return one(v);
    };
    const batcher = new SpendBatcher(statements, { lanes: 1, slots: 1 });
    const answers = await Promise.allSettled([
      batcher.spend(spendOf("a", "r1")),
      batcher.spend(spendOf("b", "r2")),
      batcher.spend(spendOf("c", "r3")),
    ]);
    expect(sent).toEqual([["r1"], ["r2", "r3"], ["r2"]]);
    expect(answers.map((a) => a.status)).toEqual(["fulfilled", "fulfilled", "rejected"]);
    expect(answers[1]).toEqual({ status: "fulfilled", value: { available: 4 } });
    expect(batcher.stats).toMatchObject({ batches: 0, failedBatches: 1 });
  });

  it("keeps a user's spends in one lane, so spends of one user never run side by side", async () => {
    const inFlight = new Map<string, number>();
    let overlapped = false;
    const track = async (users: string[]) => {
      for (const u of users) {
        if (inFlight.get(u)) overlapped = true;
        inFlight.set(u, (inFlight.get(u) ?? 0) + 1);
      }
      await new Promise((r) => setTimeout(r, 1));
      for (const u of users) inFlight.set(u, inFlight.get(u)! - 1);
    };
    const batcher = new SpendBatcher(
      {
        one: async (v) => {
          await track([v.userId]);
          return { available: 0 };
        },
        many: async (batch) => {
          await track(batch.map((v) => v.userId));
          return new Map(batch.map((v) => [v.requestId, 0]));
        },
      },
      { lanes: 4, slots: 2 },
    );
    const users = Array.from({ length: 12 }, (_, i) => `user-${i}`);
    await Promise.all(Array.from({ length: 120 }, (_, i) => batcher.spend(spendOf(users[i % users.length]!, `r${i}`))));
    expect(overlapped).toBe(false);
    expect(batcher.stats.batches).toBeGreaterThan(0);
    expect(batcher.stats.single + batcher.stats.batchedSpends).toBe(120);
  });
});
