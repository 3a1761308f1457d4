// Migrations that move data: run the ones before on a database, write rows in the old shape, then
// run the rest and check what the rows became. On PGlite and on PostgreSQL.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterEach, expect, it } from "vitest";
import { Ledger } from "../credits/ledger";
import { usageRows } from "../credits/ledger-sql";
import { describeEachDatabase } from "../testing/databases";
import { ledgerViolations } from "../testing/ledger-invariants";
import { createFreshDatabase } from "../testing/test-app";
import type { Db } from "./client";
import * as schema from "./schema";

const MIGRATIONS = fileURLToPath(new URL("./migrations", import.meta.url));

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A copy of the migrations folder whose journal stops before the migration tagged `before`. */
function migrationsBefore(before: string): string {
  const dir = mkdtempSync(join(tmpdir(), "draftsmith-migrations-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalPath = join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
  const stop = journal.entries.findIndex((e) => e.tag === before);
  if (stop < 0) throw new Error(`no migration tagged ${before}`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, stop) }));
  return dir;
}

/** A database of this kind and a migrate(folder) that runs a migrations folder on it. */
async function openEmpty(kind: "pg" | "pglite"): Promise<{ db: Db; migrate: (folder: string) => Promise<void> }> {
  if (kind === "pg") {
    const fresh = await createFreshDatabase(process.env.TEST_DATABASE_URL as string);
    const pool = new pg.Pool({ connectionString: fresh.url, max: 2 });
    cleanups.push(fresh.drop, () => pool.end());
    const db = drizzleNodePg({ client: pool, schema });
    return { db: db as unknown as Db, migrate: (folder) => migrateNodePg(db, { migrationsFolder: folder }) };
  }
  const client = new PGlite();
  cleanups.push(() => client.close());
  const db = drizzlePglite({ client, schema });
  return { db: db as unknown as Db, migrate: (folder) => migratePglite(db, { migrationsFolder: folder }) };
}

describeEachDatabase("migration 0004: usage moves into its ledger row", (kind) => {
  it("copies charged usage into its ledger row and gives free usage a row of amount 0 at the balance it had", async () => {
    const { db, migrate } = await openEmpty(kind);
    await migrate(migrationsBefore("0004_usage_in_ledger"));
    // ada: a grant of 10, free work, 3 credits of paid work, free work again; bob: free work only.
    await db.execute(sql`
      INSERT INTO users (id, name, email, username) VALUES
        ('ada', 'Ada', 'ada@example.com', 'ada'), ('bob', 'Bob', 'bob@example.com', 'bob')`);
    await db.execute(sql`
      INSERT INTO user_credits (user_id, total_credits, used_credits) VALUES ('ada', 10, 3), ('bob', 0, 0)`);
    await db.execute(sql`
      INSERT INTO credit_transactions (user_id, type, amount, balance_after, metadata, created_at) VALUES
        ('ada', 'grant', 10, 10, '{"reason":"test"}', '2026-01-01T00:00:00Z'),
        ('ada', 'usage', -3, 7, '{"requestId":"r-paid","endpoint":"/api/execute","tokens":1500,"description":"Draft generation (1,500 tokens)"}', '2026-01-03T00:00:00Z')`);
    await db.execute(sql`
      INSERT INTO api_usage (user_id, endpoint, credits_used, request_tokens, response_tokens, ai_provider, request_id, shortfall, created_at) VALUES
        ('ada', '/api/execute', 0, 10, 20, 'offline', 'r-free-1', 0, '2026-01-02T00:00:00Z'),
        ('ada', '/api/execute', 3, 1000, 500, 'openai', 'r-paid', 1, '2026-01-03T00:00:00Z'),
        ('ada', '/api/detect-ai', 0, 0, 0, 'builtin', 'r-free-2', 0, '2026-01-04T00:00:00Z'),
        ('bob', '/api/execute', 0, 5, 5, 'offline', 'r-bob', 0, '2026-01-05T00:00:00Z')`);

    await migrate(MIGRATIONS);

    const ada = await usageRows(db, "ada", "asc");
    // Later migrations' columns (the API key that paid) are not this migration's concern.
    expect(ada.map(({ id: _, createdAt: __, apiKey: ___, apiKeyId: ____, ...u }) => u)).toEqual([
      {
        endpoint: "/api/execute",
        aiProvider: "offline",
        creditsUsed: 0,
        requestTokens: 10,
        responseTokens: 20,
        shortfall: 0,
        requestId: "r-free-1",
      },
      {
        endpoint: "/api/execute",
        aiProvider: "openai",
        creditsUsed: 3,
        requestTokens: 1000,
        responseTokens: 500,
        shortfall: 1,
        requestId: "r-paid",
      },
      {
        endpoint: "/api/detect-ai",
        aiProvider: "builtin",
        creditsUsed: 0,
        requestTokens: 0,
        responseTokens: 0,
        shortfall: 0,
        requestId: "r-free-2",
      },
    ]);
    expect(await usageRows(db, "bob", "asc")).toMatchObject([{ requestId: "r-bob", creditsUsed: 0 }]);

    // The free rows carry the balance of their moment; the invariants hold; nothing else was added.
    const rows = await db.execute(
      sql`SELECT user_id, type, amount, balance_after, request_id FROM credit_transactions ORDER BY created_at, id`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
      { user_id: "ada", type: "grant", amount: 10, balance_after: 10, request_id: null },
      { user_id: "ada", type: "usage", amount: 0, balance_after: 10, request_id: "r-free-1" },
      { user_id: "ada", type: "usage", amount: -3, balance_after: 7, request_id: "r-paid" },
      { user_id: "ada", type: "usage", amount: 0, balance_after: 7, request_id: "r-free-2" },
      { user_id: "bob", type: "usage", amount: 0, balance_after: 0, request_id: "r-bob" },
    ]);
    expect(await ledgerViolations(db)).toEqual([]);

    // The Transactions tab shows what moved the balance; api_usage is gone; a request settles once.
    const ledger = new Ledger(db);
    expect((await ledger.transactions("ada", 20)).map((t) => [t.type, t.amount, t.description])).toEqual([
      ["usage", -3, "Draft generation · 1,500 tokens"],
      ["grant", 10, "Granted: test"],
    ]);
    const gone = await db.execute(sql`SELECT to_regclass('api_usage') AS t`);
    expect((gone as unknown as { rows: Array<{ t: unknown }> }).rows[0]?.t).toBeNull();
    const again = await ledger.settle({
      userId: "ada",
      requestId: "r-paid",
      endpoint: "/api/execute",
      aiProvider: "openai",
      requestTokens: 1000,
      responseTokens: 500,
    });
    expect(again).toEqual({ creditsUsed: 3, shortfall: 1, availableAfter: 7 });
  });
});
