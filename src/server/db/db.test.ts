import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { resolveAuthSecret } from "../auth/secret";
import { describeEachDatabase } from "../testing/databases";
import { createFreshDatabase } from "../testing/test-app";
import { DataDirLockedError, openDatabase } from "./client";
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
