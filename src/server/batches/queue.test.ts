// The queue's guarantees: a step run again is charged once (both databases); on PostgreSQL, two
// worker processes share one queue and each step is done once; a worker process killed mid-step
// (SIGKILL) leaves its job to another worker after the heartbeat lapses, with nothing lost or
// charged twice.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, like, sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { type FakeProviders, startFakeProviders } from "../ai/testing/fake-providers";
import { batches, batchRows, creditTransactions, documentVersions } from "../db/schema";
import { describeEachDatabase, describePostgresOnly } from "../testing/databases";
import { assertLedgerInvariants } from "../testing/ledger-invariants";
import { createTestApp, type TestApp } from "../testing/test-app";
import { type BatchTestApp, createBatchTestApp } from "./testing/batch-app";

const WAIT = { timeout: 90_000, interval: 100 };

describeEachDatabase("a batch step run again", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // No queue: the test runs the steps itself, as a worker would, and replays one.
    t = await createTestApp({ database: kind });
  }, 60_000);
  afterAll(async () => t?.close());

  it("finds its saved work and charges nothing more", async () => {
    const { userId } = await t.insertUser("replay@example.com");
    await t.deps.ledger.grant({ userId, amount: 20, type: "bonus", metadata: { reason: "test" } });
    const batch = await t.deps.batches.create(userId, {
      pipeline: { reviseRounds: 0, seo: true, platform: "shopify" },
      defaults: {},
      rows: [{ topic: "Replayed steps" }],
      start: true,
    });
    const [row] = await t.db.select().from(batchRows).where(eq(batchRows.batchId, batch.id));
    if (!row) throw new Error("no row");
    const run = () => t.deps.batches.runNextStep({ rowId: row.id });
    const rowNow = async () => (await t.db.select().from(batchRows).where(eq(batchRows.id, row.id)))[0];
    const usage = async () =>
      t.db
        .select({ amount: creditTransactions.amount })
        .from(creditTransactions)
        .where(and(eq(creditTransactions.userId, userId), like(creditTransactions.requestId, `batch-${row.id}-%`)));

    await run(); // draft
    expect((await rowNow())?.step).toBe("detect:0");
    for (const step of ["detect:0", "seo"]) {
      await run();
      const after = await rowNow();
      const charged = await usage();
      // A crash after the step's charge committed, before the row moved on: the same step again.
      await t.db.update(batchRows).set({ step, status: "queued" }).where(eq(batchRows.id, row.id));
      await t.db.update(batches).set({ status: "running" }).where(eq(batches.id, batch.id));
      await run();
      expect(await usage()).toEqual(charged);
      expect((await rowNow())?.step).toBe(after?.step);
    }
    const done = await rowNow();
    expect(done?.status).toBe("done");
    expect(done?.creditsSpent).toBe(3);
    const versions = await t.db
      .select({ kind: documentVersions.kind })
      .from(documentVersions)
      .where(eq(documentVersions.documentId, done?.documentId ?? ""));
    expect(versions.map((v) => v.kind)).toEqual(["draft", "seo"]);
    expect((await t.deps.ledger.balance(userId)).availableCredits).toBe(17);
    await assertLedgerInvariants(t.db);
  });
});

describeEachDatabase("a batch row's job", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ database: kind });
  }, 60_000);
  afterAll(async () => t?.close());

  it("runs every step of the row, one after another, without another trip through the queue", async () => {
    const { userId } = await t.insertUser("one-job@example.com");
    await t.deps.ledger.grant({ userId, amount: 20, type: "bonus", metadata: { reason: "test" } });
    const batch = await t.deps.batches.create(userId, {
      pipeline: { reviseRounds: 0, seo: true, platform: "wordpress" },
      defaults: {},
      rows: [{ topic: "All in one job" }],
      start: true,
    });
    const [row] = await t.db.select().from(batchRows).where(eq(batchRows.batchId, batch.id));
    if (!row) throw new Error("no row");
    await t.deps.batches.runStep({ rowId: row.id });
    const [done] = await t.db.select().from(batchRows).where(eq(batchRows.id, row.id));
    expect(done).toMatchObject({ status: "done", step: "done", creditsSpent: 3 });
    const versions = await t.db
      .select({ kind: documentVersions.kind })
      .from(documentVersions)
      .where(eq(documentVersions.documentId, done?.documentId ?? ""));
    expect(versions.map((v) => v.kind)).toEqual(["draft", "seo"]);
    await assertLedgerInvariants(t.db);
  });

  it("started while the queue is still starting (the server answers first), has its rows sent once it is up", async () => {
    const { userId } = await t.insertUser("queue-starting@example.com");
    await t.deps.ledger.grant({ userId, amount: 20, type: "bonus", metadata: { reason: "test" } });
    const sent: { data: unknown }[] = [];
    const queue = { insert: async (_name: string, jobs: { data: unknown }[]) => void sent.push(...jobs) };
    let up: (boss: PgBoss) => void = () => {};
    t.deps.batches.queueStarting(new Promise<PgBoss>((resolve) => (up = resolve)));
    const creating = t.deps.batches.create(userId, {
      pipeline: { reviseRounds: 0, seo: false, platform: "wordpress" },
      defaults: {},
      rows: [{ topic: "Sent after start-up" }],
      start: true,
    });
    up(queue as unknown as PgBoss);
    const batch = await creating;
    t.deps.batches.boss = undefined;
    const [row] = await t.db.select().from(batchRows).where(eq(batchRows.batchId, batch.id));
    expect(sent).toEqual([expect.objectContaining({ data: { rowId: row?.id } })]);
  });
});

describePostgresOnly("batch workers sharing one PostgreSQL", () => {
  let first: BatchTestApp;
  let second: BatchTestApp;
  beforeAll(async () => {
    first = await createBatchTestApp({ database: "pg", runtime: { concurrency: 1, userConcurrency: 4 } });
    second = await createBatchTestApp({
      databaseUrl: first.databaseUrl,
      runtime: { concurrency: 1, userConcurrency: 4 },
    });
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("run every row once between them", async () => {
    const ran = new Map<BatchTestApp, number>();
    for (const app of [first, second]) {
      const runStep = app.deps.batches.runStep.bind(app.deps.batches);
      app.deps.batches.runStep = async (job, signal) => {
        ran.set(app, (ran.get(app) ?? 0) + 1);
        return runStep(job, signal);
      };
    }
    const { userId } = await first.insertUser("shared@example.com");
    await first.deps.ledger.grant({ userId, amount: 100, type: "bonus", metadata: { reason: "test" } });
    const batch = await first.deps.batches.create(userId, {
      pipeline: { reviseRounds: 0, seo: true, platform: "wordpress" },
      defaults: {},
      rows: Array.from({ length: 6 }, (_, i) => ({ topic: `Shared topic ${i + 1}` })),
      start: true,
    });
    await vi.waitFor(
      async () => expect((await first.deps.batches.summary(userId, batch.id)).status).toBe("done"),
      WAIT,
    );
    const { rows, batch: summary } = await first.deps.batches.get(userId, batch.id);
    expect(summary.counts.done).toBe(6);
    for (const r of rows) {
      const drafts = await first.db
        .select({ n: sql<number>`count(*)::int` })
        .from(documentVersions)
        .where(and(eq(documentVersions.documentId, r.documentId ?? ""), eq(documentVersions.kind, "draft")));
      expect(drafts[0]?.n).toBe(1);
      expect(r.creditsSpent).toBe(3);
    }
    expect((await first.deps.ledger.balance(userId)).availableCredits).toBe(100 - 18);
    expect(ran.get(first)).toBeGreaterThan(0);
    expect(ran.get(second)).toBeGreaterThan(0);
    await assertLedgerInvariants(first.db);
  }, 120_000);
});

describePostgresOnly("a batch worker process killed mid-step", () => {
  let fake: FakeProviders;
  let web: BatchTestApp;
  let child: ChildProcess | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), "draftsmith-worker-"));
  const longText = `# Killed mid-step\n\n${"The worker writes this sentence slowly. ".repeat(60)}`;

  beforeAll(async () => {
    fake = await startFakeProviders();
    // Slow enough that the child is surely mid-draft when it is killed.
    fake.setDefault({ kind: "text", text: longText, chunkDelayMs: 100, chunkChars: 40 });
    const env = { OPENAI_API_KEY: "sk-test-openai-key", OPENAI_BASE_URL: fake.baseUrl };
    // The web side only: no workers here until the child is gone.
    web = await createBatchTestApp({ database: "pg", env, runtime: { workers: false } });
  }, 120_000);
  afterAll(async () => {
    if (child?.exitCode === null) child.kill("SIGKILL");
    await web?.close();
    await fake?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("leaves its job to another worker: the row is done once, charged once, nothing held", async () => {
    const { userId } = await web.insertUser("killed@example.com");
    await web.deps.ledger.grant({ userId, amount: 200, type: "bonus", metadata: { reason: "test" } });
    child = spawn(process.execPath, ["--import", "tsx", "src/server/worker.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
        DATABASE_URL: web.databaseUrl,
        DATA_DIR: dataDir,
        BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
        OPENAI_API_KEY: "sk-test-openai-key",
        OPENAI_BASE_URL: fake.baseUrl,
        BATCH_HEARTBEAT_SECONDS: "10",
        WORKER_READY_LINE: "1",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const batch = await web.deps.batches.create(userId, {
      pipeline: { reviseRounds: 0, seo: false, platform: "wordpress" },
      defaults: { aiProvider: "openai", wordCount: 200 },
      rows: [{ topic: "Killed worker row" }],
      start: true,
    });
    // The child has taken the row and its model is writing.
    await vi.waitFor(() => expect(fake.calls.length).toBeGreaterThan(0), WAIT);
    const held = await web.deps.ledger.balance(userId);
    expect(held.heldCredits).toBeGreaterThan(0);
    child.kill("SIGKILL");
    await new Promise((resolve) => child?.once("exit", resolve));
    fake.setDefault({ kind: "text", text: longText, chunkChars: 4000 });

    // Another worker (this process) takes the job once the dead one's heartbeat lapses.
    const rescuer = await createBatchTestApp({
      databaseUrl: web.databaseUrl,
      env: { OPENAI_API_KEY: "sk-test-openai-key", OPENAI_BASE_URL: fake.baseUrl },
    });
    try {
      await vi.waitFor(
        async () => expect((await web.deps.batches.summary(userId, batch.id)).status).toBe("done"),
        WAIT,
      );
    } finally {
      await rescuer.close();
    }
    const { rows } = await web.deps.batches.get(userId, batch.id);
    const drafts = await web.db
      .select({ n: sql<number>`count(*)::int` })
      .from(documentVersions)
      .where(and(eq(documentVersions.documentId, rows[0]?.documentId ?? ""), eq(documentVersions.kind, "draft")));
    expect(drafts[0]?.n).toBe(1);
    const usage = await web.db
      .select({ amount: creditTransactions.amount })
      .from(creditTransactions)
      .where(like(creditTransactions.requestId, `batch-${rows[0]?.id}-%`));
    // The draft (one usage row) and one detection: each charged once.
    expect(usage).toHaveLength(2);
    const after = await web.deps.ledger.balance(userId);
    expect(after.heldCredits).toBe(0);
    expect(200 - after.availableCredits).toBe(rows[0]?.creditsSpent);
    await assertLedgerInvariants(web.db);
  }, 180_000);
});
