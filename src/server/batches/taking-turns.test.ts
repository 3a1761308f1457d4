// The queue's statements on PGlite wait for a turn of the event loop: a run of them (pg-boss's
// start) lets a request in between rather than holding it until the last.
import type { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { takingTurns } from "./queue";

/** Five awaited statements, as pg-boss runs them, and an event loop task queued as they begin. */
async function whenTheLoopGetsIn(client: Pick<PGlite, "query" | "exec">): Promise<number> {
  const done: string[] = [];
  setImmediate(() => done.push("request"));
  for (let i = 1; i <= 5; i++) {
    if (i % 2) await client.query(`select ${i}`);
    else await client.exec(`select ${i}`);
    done.push(`statement ${i}`);
  }
  await new Promise((resolve) => setImmediate(resolve));
  return done.indexOf("request");
}

// A stand-in that answers at once, as PGlite does once a statement has run on this thread.
const instant = {
  query: async () => ({ rows: [], fields: [] }),
  exec: async () => [],
  listen: async () => async () => {},
} as unknown as PGlite;

describe("the queue's statements on PGlite", () => {
  it("let the event loop in between them", async () => {
    // Straight through, the whole chain runs before the loop's next task.
    expect(await whenTheLoopGetsIn(instant)).toBe(5);
    // Taking turns, it gets in before the second statement.
    expect(await whenTheLoopGetsIn(takingTurns(instant) as unknown as PGlite)).toBeLessThanOrEqual(1);
  });

  it("pass statements and their answers through", async () => {
    const seen: string[] = [];
    const client = {
      query: async (q: string, p?: unknown[]) => {
        seen.push(`query ${q} ${JSON.stringify(p)}`);
        return { rows: [{ n: 1 }] };
      },
      exec: async (q: string) => {
        seen.push(`exec ${q}`);
        return [{ rows: [{ n: 2 }] }];
      },
      listen: async (channel: string) => {
        seen.push(`listen ${channel}`);
        return async () => {};
      },
    } as unknown as PGlite;
    const turns = takingTurns(client);
    expect((await turns.query("select $1", [1])).rows).toEqual([{ n: 1 }]);
    expect((await turns.exec("select 2"))[0]?.rows).toEqual([{ n: 2 }]);
    await turns.listen?.("jobs", () => {});
    expect(seen).toEqual(["query select $1 [1]", "exec select 2", "listen jobs"]);
  });
});
