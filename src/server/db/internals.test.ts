// What db/client.ts relies on inside PGlite and drizzle-orm beyond their documented API. Both are
// pinned exactly in package.json; when an upgrade moves one of these, this file fails and says what
// to change, instead of the app quietly taking a slower path or reading values differently.
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { integer, pgTable, timestamp } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deferred } from "../testing/deferred";
import { DRIZZLE_TEXT_TYPES, installDrizzleParsers, pgliteExclusive } from "./client";

// One database for the file (a PGlite's first start is seconds of WASM); the last test wraps its query.
let client: PGlite;
beforeAll(async () => {
  client = new PGlite();
  await client.waitReady;
});
afterAll(() => client.close());

describe("PGlite internals (db/client.ts; @electric-sql/pglite pinned)", () => {
  it("still has the private locks preparedSelect runs under, and they wait for a running transaction", async () => {
    const exclusive = pgliteExclusive(client);
    expect(
      exclusive,
      "PGlite's private _runExclusiveTransaction/_runExclusiveQuery are gone: preparedSelect (db/client.ts) " +
        "would fall back to query(), correct but slower. Find their new names before raising the pin.",
    ).toBeTypeOf("function");
    const entered = deferred();
    const held = deferred();
    const order: string[] = [];
    const tx = client.transaction(async (t: Transaction) => {
      await t.query("SELECT 1");
      entered.resolve();
      await held.promise;
      order.push("transaction");
    });
    await entered.promise;
    const locked = exclusive?.(async () => {
      order.push("exclusive");
      return 42;
    });
    held.resolve();
    await tx;
    expect(await locked).toBe(42);
    expect(order, "the private locks no longer wait for another caller's transaction").toEqual([
      "transaction",
      "exclusive",
    ]);
  });
});

describe("drizzle-orm's PGlite session (installDrizzleParsers; drizzle-orm pinned)", () => {
  const probe = pgTable("probe", { n: integer("n").notNull(), at: timestamp("at", { mode: "string" }).notNull() });

  it("passes the parsers installDrizzleParsers installs once, for exactly those types, and none after", async () => {
    await client.exec(
      "CREATE TABLE probe (n integer NOT NULL, at timestamp NOT NULL); INSERT INTO probe VALUES (1, '2026-01-02 03:04:05')",
    );
    const given: (Record<number, unknown> | undefined)[] = [];
    const query = client.query.bind(client);
    client.query = ((text, params, options) => {
      given.push(options?.parsers);
      return query(text, params, options);
    }) as PGlite["query"];

    const db = drizzle({ client });
    await db.select().from(probe);
    await db.execute(sql`SELECT 1`);
    expect(given).toHaveLength(2);
    for (const parsers of given)
      expect(
        Object.keys(parsers ?? {})
          .map(Number)
          .sort((a, b) => a - b),
        "drizzle-orm's PGlite session reads other types as text now: update DRIZZLE_TEXT_TYPES (db/client.ts)",
      ).toEqual([...DRIZZLE_TEXT_TYPES].sort((a, b) => a - b));

    installDrizzleParsers(client);
    given.length = 0;
    const rows = await db.select().from(probe);
    expect(
      given,
      "drizzle-orm no longer reaches PGlite through client.query: installDrizzleParsers does nothing",
    ).toEqual([undefined]);
    expect(rows).toEqual([{ n: 1, at: "2026-01-02 03:04:05" }]);
  });
});
