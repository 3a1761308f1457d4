import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count, eq, sql } from "drizzle-orm";
import { extract } from "tar";
import { afterEach, describe, expect, it } from "vitest";
import { resolveAuthSecret } from "../auth/secret";
import { operatorMessage } from "../boot";
import { describeEachDatabase } from "../testing/databases";
import { deferred } from "../testing/deferred";
import { createFreshDatabase, migratedSnapshot } from "../testing/test-app";
import { DataDirLockedError, DataDirUnusableError, openDatabase, preparedSelect } from "./client";
import { bonusCreditCampaigns, creditPackages } from "./schema";
import { SEED_PACKAGES, seedOnce } from "./seed";

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), "draftsmith-db-"));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A migrated data dir, as the build ships it (scripts/build-server.mjs unpacks PGlite's dump the same way). */
async function templateDir(): Promise<string> {
  const tarball = join(tempDir(), "template.tar");
  writeFileSync(tarball, Buffer.from(await (await migratedSnapshot()).arrayBuffer()));
  const dir = tempDir();
  extract({ file: tarball, cwd: dir, sync: true });
  return dir;
}

describe("the embedded database", () => {
  it("lets only one process open DATA_DIR, and reopens after a clean close", async () => {
    const dir = tempDir();
    const first = await openDatabase({ dataDir: dir });
    // Another process holds the lock: simulate it with our parent's pid, which is alive.
    await first.close();
    const lockFile = join(dir, "draftsmith.lock");
    const { writeFileSync } = await import("node:fs");
    writeFileSync(lockFile, String(process.ppid));
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/in use by another Draftsmith process/);
    // A lock left by a dead process is taken over.
    writeFileSync(lockFile, "999999");
    const again = await openDatabase({ dataDir: dir });
    expect(readFileSync(lockFile, "utf8")).toBe(String(process.pid));
    await again.close();
    expect(existsSync(lockFile)).toBe(false);
  });

  it("starts a fresh DATA_DIR from the migrated template, copied whole, and reopens it as it left it", async () => {
    const dir = tempDir();
    const template = await templateDir();
    const first = await openDatabase({ dataDir: dir, template });
    // Migrated without running a migration: the tables are there and the seed can write.
    await seedOnce(first.db, { welcomeBonusCredits: 50 });
    const seeded = await first.db.select({ n: count() }).from(creditPackages);
    expect(seeded[0]?.n).toBe(SEED_PACKAGES.length);
    // With the small buffer pool (PGLITE_START_PARAMS), whose filling was half of PGlite's start.
    const pool = (await first.db.execute(sql`show shared_buffers`)) as unknown as {
      rows: { shared_buffers: string }[];
    };
    expect(pool.rows[0]?.shared_buffers).toBe("16MB");
    await first.close();
    expect(readdirSync(dir).sort()).toEqual(["pglite"]); // no copying folder left beside it
    expect(existsSync(join(dir, "pglite", "PG_VERSION"))).toBe(true);
    // An existing dir is opened as it is, not unpacked over.
    const again = await openDatabase({ dataDir: dir, template });
    const kept = await again.db.select({ n: count() }).from(creditPackages);
    expect(kept[0]?.n).toBe(SEED_PACKAGES.length);
    await again.close();
  });

  it("refuses a damaged template and leaves no half a database behind", async () => {
    const dir = tempDir();
    const template = await templateDir();
    // A file that cannot be copied, found after the folders and many files are.
    symlinkSync(join(template, "no-such-file"), join(template, "base", "zz-dangling"));
    const refusal = await openDatabase({ dataDir: dir, template }).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(DataDirUnusableError);
    expect(operatorMessage(refusal)).toMatch(
      /could not be copied \(base\/zz-dangling is not a file\): build the app again/,
    );
    expect(readdirSync(dir)).toEqual([]); // neither the database nor the copying folder, and unlocked
    // A template without PG_VERSION is no database.
    rmSync(join(template, "PG_VERSION"));
    await expect(openDatabase({ dataDir: dir, template })).rejects.toThrow(/could not be copied \(no PG_VERSION\)/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("refuses to copy over a database folder that holds files but no database, and says so", async () => {
    const dir = tempDir();
    const template = await templateDir();
    mkdirSync(join(dir, "pglite"));
    writeFileSync(join(dir, "pglite", "notes.txt"), "not a database");
    const refusal = await openDatabase({ dataDir: dir, template }).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(DataDirUnusableError);
    // Said to the operator in one line, without a stack.
    expect(operatorMessage(refusal)).toMatch(/pglite holds files but no database \(no PG_VERSION\): move it away/);
    expect(readdirSync(join(dir, "pglite"))).toEqual(["notes.txt"]); // left as it was
    expect(readdirSync(dir).sort()).toEqual(["pglite"]); // no copying folder, and unlocked
  });

  it("generates the auth secret once and keeps it private", () => {
    const dir = tempDir();
    const a = resolveAuthSecret(undefined, dir);
    const b = resolveAuthSecret(undefined, dir);
    expect(a).toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(48);
    expect(statSync(join(dir, "auth-secret")).mode & 0o077).toBe(0);
    expect(resolveAuthSecret("x".repeat(40), dir)).toBe("x".repeat(40));
  });
});

describeEachDatabase("migrations and seed", (kind) => {
  it("migrate idempotently and seed packages and the welcome campaign only once", async () => {
    const fresh = kind === "pg" ? await createFreshDatabase(process.env.TEST_DATABASE_URL!) : undefined;
    const dir = tempDir();
    const open = () => (fresh ? openDatabase({ databaseUrl: fresh.url }) : openDatabase({ dataDir: dir }));
    try {
      let database = await open();
      expect(await seedOnce(database.db, { welcomeBonusCredits: 50 })).toBe(true);
      await database.close();
      database = await open(); // migrations run again: a no-op
      expect(await seedOnce(database.db, { welcomeBonusCredits: 50 })).toBe(false);
      const [{ n }] = await database.db.select({ n: count() }).from(creditPackages);
      expect(n).toBe(SEED_PACKAGES.length);
      const welcome = await database.db
        .select()
        .from(bonusCreditCampaigns)
        .where(eq(bonusCreditCampaigns.name, "Welcome bonus"));
      expect(welcome).toHaveLength(1);
      expect(welcome[0]).toMatchObject({ active: true, campaignType: "new_signups", creditAmount: 50 });
      await database.close();
    } finally {
      await fresh?.drop();
    }
  });
});

describeEachDatabase("a prepared SELECT", (kind) => {
  it("answers like a query, recovers from an error, and never runs inside another caller's transaction", async () => {
    const fresh = kind === "pg" ? await createFreshDatabase(process.env.TEST_DATABASE_URL!) : undefined;
    const database = fresh
      ? await openDatabase({ databaseUrl: fresh.url })
      : await openDatabase({ dataDir: tempDir() });
    try {
      const { db } = database;
      await db.execute(sql`CREATE TABLE prepared_probe (k text PRIMARY KEY, n integer NOT NULL)`);
      await db.execute(sql`INSERT INTO prepared_probe VALUES ('a', 1), ('b', 2)`);
      const select = preparedSelect(db, "probe_by_key", "SELECT k, n, n * 10 FROM prepared_probe WHERE k = $1");
      const plain = (rows: unknown[][]) => rows.map((r) => r.map(String));
      expect(plain(await select(["a"]))).toEqual([["a", "1", "10"]]);
      expect(await select(["nobody"])).toEqual([]);
      const cast = preparedSelect(db, "probe_cast", "SELECT n FROM prepared_probe WHERE n = $1::int");
      await expect(cast(["not a number"])).rejects.toThrow(/invalid input syntax/);
      expect(plain(await cast(["2"]))).toEqual([["2"]]); // the connection is usable again
      expect(plain(await select(["b"]))).toEqual([["b", "2", "20"]]);

      // Another caller's transaction changes a row and waits; a run meanwhile sees the committed
      // value (PGlite has one connection: a run inside that transaction would see 99).
      const entered = deferred();
      const held = deferred();
      const tx = db.transaction(async (t) => {
        await t.execute(sql`UPDATE prepared_probe SET n = 99 WHERE k = 'a'`);
        entered.resolve();
        await held.promise;
        throw new Error("rolled back");
      });
      await entered.promise;
      const during = select(["a"]);
      held.resolve();
      await expect(tx).rejects.toThrow("rolled back");
      expect(plain(await during)).toEqual([["a", "1", "10"]]);
      // Many at once, interleaved with queries: each gets its own row.
      const many = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          i % 3 ? select([i % 2 ? "a" : "b"]) : db.execute(sql`SELECT 1`).then(() => [[i % 2 ? "a" : "b"]]),
        ),
      );
      expect(many.map((rows) => String(rows[0][0]))).toEqual(many.map((_, i) => (i % 2 ? "a" : "b")));
    } finally {
      await database.close();
      await fresh?.drop();
    }
  });
});
