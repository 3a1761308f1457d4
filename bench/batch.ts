// Batches on the queue (issue 27): 100 rows through the pipeline (draft by a fake model at a fixed
// latency → built-in detection) with 1, 2 and 4 worker processes (`src/server/worker.ts`) on one
// PostgreSQL. Reports wall time against the ideal (rows × per-row latency ÷ concurrency), the
// queue's overhead per job, throughput against 1 process, that every row was done exactly once and
// the ledger matches every balance, and a worker's RSS after each of 3 batches.
//
// The workers are the shipped bundle (dist/server/batch-worker.js, built first if stale).
//
//   npx tsx bench/batch.ts   (TEST_DATABASE_URL, default the local server; BENCH_LATENCY_MS=200,
//                             BENCH_ROWS=100, BENCH_PROCS=1,2,4, BENCH_CONCURRENCY=4, BENCH_BATCHES=3
//                             (batches run by the first count of processes, for the RSS);
//                             BENCH_WORKER_PROF=<dir>: CPU profiles of the workers;
//                             BENCH_SQL_COUNT=<dir>: the workers' round trips to PostgreSQL per row,
//                             by statement, during the first counted batch;
//                             BENCH_BEFORE_DIST=<dir>: another build's workers (e.g. the code before a
//                             change, its server built into <dir>/server), run before this build's in
//                             each round: before and after measured side by side)
import { type ChildProcess, execSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { startFakeProviders } from "../src/server/ai/testing/fake-providers";
import { createApp } from "../src/server/app";
import type { BatchService } from "../src/server/batches/batches.service";
import { ROW_QUEUE } from "../src/server/batches/queue";
import { startBatchRuntime } from "../src/server/batches/runtime";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { batches as batchesTable, batchRows, documentVersions } from "../src/server/db/schema";
import { seedOnce } from "../src/server/db/seed";
import { createDeps } from "../src/server/deps";
import { createLogger } from "../src/server/logger";
import { ledgerViolations } from "../src/server/testing/ledger-invariants";
import { createFreshDatabase } from "../src/server/testing/test-app";
import { listen, signUpUsers } from "./_harness";

const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 200);
const ROWS = Number(process.env.BENCH_ROWS ?? 100);
const PROCS = (process.env.BENCH_PROCS ?? "1,2,4").split(",").map(Number);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const USERS = 10;
const SERVER = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SQL_COUNT = process.env.BENCH_SQL_COUNT;
const SECRET = "bench-secret-bench-secret-bench-secret-0123456789";

const DRAFT = `# Pricing sourdough for a small bakery\n\n${[
  "Start with the flour you actually buy, by the sack, and write its price per kilogram on the wall.",
  "Weigh one loaf's dough and work out what its flour, salt and starter cost you this month.",
  "Add the oven's energy for one bake, shared over the loaves that go in together.",
  "Count your hands-on minutes per batch, not the hours the dough spends rising on its own.",
  "Then look at what the shop down the road charges, and decide whether you compete or stand apart.",
]
  .join(" ")
  .repeat(3)}\n`;

/** CPU time (user + system, ms) a process has used so far. */
const cpuOf = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in clock ticks of 10 ms
};

// A writer's own text of about 500 words, checked during the batch.
const DETECT_TEXT = DRAFT.replace(/^# .*\n\n/, "").repeat(2);

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

const rssOf = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Math.round(Number(m[1]) / 1024) : 0;
};

/** A process's threads: the CPU pool's detection threads (started on demand, stopped after a minute idle) among them. */
const threadsOf = (pid: number) =>
  Number(/Threads:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);

async function round(procs: number, batches: number, dist = "dist") {
  const fake = await startFakeProviders();
  fake.setDefault({ kind: "text", text: DRAFT, firstByteDelayMs: LATENCY_MS, chunkChars: 100_000 });
  const fresh = await createFreshDatabase(SERVER);
  const dataDir = mkdtempSync(join(tmpdir(), "draftsmith-bench-batch-"));
  const env = {
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    DATABASE_URL: fresh.url,
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: SECRET,
    OPENAI_API_KEY: "sk-bench",
    OPENAI_BASE_URL: fake.baseUrl,
    BATCH_CONCURRENCY: String(CONCURRENCY),
    // BENCH_USER_CONCURRENCY=0 measures the queue without the per-user limit's bookkeeping.
    BATCH_USER_CONCURRENCY: process.env.BENCH_USER_CONCURRENCY ?? "64",
  };
  const config = loadConfig(env);
  const database = await openDatabase({ databaseUrl: fresh.url });
  await seedOnce(database.db, { welcomeBonusCredits: 0 });
  const logger = createLogger("silent");
  const deps = createDeps(config, database, logger);
  // The web side: sends jobs, runs none.
  const web = await startBatchRuntime(database, deps.batches, logger, { ...config.batches, workers: false });
  // …and answers HTTP: a writer checking a text while the batch runs (issue 27: p99 under 1 s).
  const server = await listen(createApp(deps).fetch);
  const children: ChildProcess[] = [];
  try {
    for (let i = 0; i < procs; i++) {
      // The worker that ships (`npm run worker`), not the TypeScript source under tsx.
      const child = spawn(
        process.execPath,
        [
          ...(process.env.BENCH_WORKER_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_WORKER_PROF}`] : []),
          ...(SQL_COUNT ? ["--expose-gc", "--import", "./bench/_sql-count.mjs"] : []),
          join(dist, "server/batch-worker.js"),
        ],
        {
          env: { ...process.env, ...env, LOG_LEVEL: process.env.BENCH_WORKER_LOG ?? "silent", WORKER_READY_LINE: "1" },
          stdio: ["ignore", "pipe", "inherit"],
        },
      );
      children.push(child);
      if (process.env.BENCH_WORKER_LOG) child.stdout?.on("data", (d: Buffer) => process.stderr.write(d));
      await new Promise<void>((resolve, reject) => {
        child.stdout?.on("data", (d: Buffer) => d.toString().includes("worker ready") && resolve());
        child.once("exit", (code) => reject(new Error(`worker exited with ${code}`)));
      });
    }
    const users: string[] = [];
    for (let u = 0; u < USERS; u++) {
      const { userId } = await insertUser(deps, u);
      await deps.ledger.grant({ userId, amount: 100_000, type: "bonus", metadata: { reason: "bench" } });
      users.push(userId);
    }
    const [writer] = await signUpUsers(server.url, 1, `batch-${procs}-`);
    if (!writer) throw new Error("no writer signed up");
    await deps.ledger.grant({ userId: writer.id, amount: 100_000, type: "grant", metadata: { reason: "bench" } });
    const detectMs: number[] = [];
    const warm = await fetch(`${server.url}/api/detect-ai`, {
      method: "POST",
      headers: { authorization: writer.authorization, "content-type": "application/json" },
      body: JSON.stringify({ text: DETECT_TEXT }),
    });
    if (warm.status !== 200) throw new Error(`detect-ai answered ${warm.status}: ${await warm.text()}`);
    const results: { wallMs: number; rss: number[]; threads: number[]; cpuMs: number }[] = [];
    // Batch 0 warms the workers up (one row per user) and is not counted.
    let sqlBefore: Map<string, number> | undefined;
    let sqlCounts: Map<string, number> | undefined;
    const heapMB: number[] = [];
    for (let b = 0; b <= batches; b++) {
      if (b === 1 && SQL_COUNT) sqlBefore = await sqlSnapshot(children);
      const started = performance.now();
      const cpuBefore = children.reduce((sum, c) => sum + cpuOf(c.pid ?? 0), 0);
      const ids: { userId: string; id: string }[] = [];
      for (const [u, userId] of users.entries()) {
        const batch = await deps.batches.create(userId, {
          pipeline: { reviseRounds: 0, seo: false, platform: "wordpress" },
          defaults: { aiProvider: "openai", wordCount: 300 },
          rows: Array.from({ length: b === 0 ? 1 : ROWS / USERS }, (_, i) => ({ topic: `Bench ${b}-${u}-${i}` })),
          start: true,
        });
        ids.push({ userId, id: batch.id });
      }
      let running = true;
      // A check every quarter second, a new text each (a text already checked answers from its stored result).
      const interactive = (async () => {
        for (let n = 0; running && b > 0; n++) {
          const t0 = performance.now();
          const res = await fetch(`${server.url}/api/detect-ai`, {
            method: "POST",
            headers: { authorization: writer.authorization, "content-type": "application/json" },
            body: JSON.stringify({ text: `${DETECT_TEXT} Check ${b}-${n}.` }),
          });
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`detect-ai answered ${res.status}`);
          detectMs.push(performance.now() - t0);
          await new Promise((r) => setTimeout(r, 250)); // a writer's pace, not a load test
        }
      })();
      // One light query a tenth of a second: the bench's own polling must not load the database it measures.
      const batchIds = ids.map((x) => x.id);
      for (;;) {
        const [left] = await database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(batchesTable)
          .where(and(inArray(batchesTable.id, batchIds), ne(batchesTable.status, "done")));
        if (!left?.n) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      running = false;
      await interactive;
      if (b >= 1 && sqlBefore) {
        const after = await sqlSnapshot(children);
        if (b === 1) sqlCounts = new Map([...after].map(([k, v]) => [k, v - (sqlBefore?.get(k) ?? 0)]));
        heapMB.push(after.get("#heapMB") ?? 0);
      }
      if (b > 0)
        results.push({
          wallMs: performance.now() - started,
          rss: children.map((c) => rssOf(c.pid ?? 0)),
          threads: children.map((c) => threadsOf(c.pid ?? 0)),
          cpuMs: children.reduce((sum, c) => sum + cpuOf(c.pid ?? 0), 0) - cpuBefore,
        });
    }
    // Every row done once: one draft version per row's document, and the ledger matches every balance.
    const [dup] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(batchRows)
      .where(
        sql`(SELECT count(*) FROM ${documentVersions} WHERE ${documentVersions.documentId} = ${batchRows.documentId} AND ${documentVersions.kind} = 'draft') <> 1`,
      );
    const [done] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(batchRows)
      .where(and(eq(batchRows.status, "done")));
    const violations = await ledgerViolations(database.db);
    return {
      results,
      detectMs,
      sqlCounts,
      heapMB,
      done: done?.n ?? 0,
      twice: dup?.n ?? 0,
      violations: violations.length,
    };
  } finally {
    for (const c of children) c.kill("SIGTERM");
    await Promise.all(children.map((c) => new Promise((r) => (c.exitCode === null ? c.once("exit", r) : r(null)))));
    server.close();
    await web.stop();
    await deps.cpu.close();
    await database.close();
    await fake.close();
    await fresh.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The workers' round trips so far, by statement (bench/_sql-count.mjs writes them on SIGUSR2). */
async function sqlSnapshot(children: ChildProcess[]): Promise<Map<string, number>> {
  const dir = SQL_COUNT ?? "";
  const total = new Map<string, number>();
  for (const c of children) {
    const before = new Set(readdirSync(dir));
    c.kill("SIGUSR2");
    let file: string | undefined;
    while (!file) {
      await new Promise((r) => setTimeout(r, 20));
      file = readdirSync(dir).find((f) => f.startsWith(`${c.pid}-`) && !before.has(f));
    }
    await new Promise((r) => setTimeout(r, 20)); // written whole (a small file, one write)
    for (const [k, v] of Object.entries(JSON.parse(readFileSync(join(dir, file), "utf8")) as Record<string, number>))
      total.set(k, (total.get(k) ?? 0) + v);
  }
  return total;
}

async function insertUser(deps: ReturnType<typeof createDeps>, i: number) {
  const { users } = await import("../src/server/db/schema");
  const userId = `bench-${i}-${Date.now()}`;
  await deps.db.insert(users).values({ id: userId, name: userId, email: `${userId}@bench.test`, username: userId });
  await deps.ledger.ensureAccount(userId);
  return { userId };
}

/**
 * The queue alone: pg-boss started as the app starts it (`startBatchRuntime`: the same queue, worker
 * options and fetch-again-at-once), on a fresh PostgreSQL, every job a sleep of the model's latency
 * and nothing else. What it takes beyond the ideal is the queue's own overhead (fetch, complete,
 * the per-user group limit), apart from what a row's steps cost (the pipeline rounds above).
 */
async function queueAlone(): Promise<number> {
  const fresh = await createFreshDatabase(SERVER);
  const database = await openDatabase({ databaseUrl: fresh.url });
  let done = 0;
  let finished: () => void = () => {};
  const service = {
    runStep: async () => {
      await new Promise((r) => setTimeout(r, LATENCY_MS));
      done++;
      if (done === ROWS + CONCURRENCY) finished();
    },
    wakePaused: async () => 0,
  } as unknown as BatchService;
  const runtime = await startBatchRuntime(database, service, createLogger("silent"), {
    concurrency: CONCURRENCY,
    userConcurrency: Number(process.env.BENCH_USER_CONCURRENCY ?? 64),
    workers: true,
    heartbeatSeconds: 30,
  });
  const send = (n: number, tag: string) =>
    runtime.boss.insert(
      ROW_QUEUE,
      Array.from({ length: n }, (_, i) => ({ data: { rowId: `${tag}-${i}` }, group: { id: `user-${i % USERS}` } })),
    );
  try {
    // One job per slot first, to warm up, then the rows all at once (as a batch queues them).
    await send(CONCURRENCY, "warm");
    while (done < CONCURRENCY) await new Promise((r) => setTimeout(r, 10));
    const all = new Promise<void>((r) => {
      finished = r;
    });
    const started = performance.now();
    await send(ROWS, "row");
    await all;
    return performance.now() - started;
  } finally {
    await runtime.stop();
    await database.close();
    await fresh.drop();
  }
}

const jobsPerRow = 1; // one job per row: its steps (draft, detect) run in it
execSync("node scripts/ensure-build.mjs", { stdio: "inherit" });
if (SQL_COUNT) mkdirSync(SQL_COUNT, { recursive: true });
console.log(
  `batch: ${ROWS} rows, model latency ${LATENCY_MS} ms, ${CONCURRENCY} rows per worker process, PostgreSQL at ${new URL(SERVER).host}`,
);
{
  const wallMs = await queueAlone();
  const ideal = (ROWS * LATENCY_MS) / CONCURRENCY;
  console.log(
    `  the queue alone (each job a ${LATENCY_MS} ms sleep, ${CONCURRENCY} slots in one process): ${Math.round(wallMs)} ms vs ideal ${Math.round(ideal)} ms = ${(wallMs / ideal).toFixed(2)}×; ` +
      `overhead ${(((wallMs - ideal) * CONCURRENCY) / ROWS).toFixed(1)} ms per job (goal ≤ 20); load ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`,
  );
}
const BEFORE = process.env.BENCH_BEFORE_DIST;
const base = new Map<string, number>();
for (const procs of PROCS) {
  const batches = procs === PROCS[0] ? Number(process.env.BENCH_BATCHES ?? 3) : 1;
  for (const [label, dist] of BEFORE
    ? [["before", BEFORE] as const, ["after", "dist"] as const]
    : [["", "dist"] as const]) {
    const r = await round(procs, batches, dist);
    const first = r.results[0];
    if (!first) continue;
    const ideal = (ROWS * LATENCY_MS) / (CONCURRENCY * procs);
    const overheadPerJob = ((first.wallMs - ideal) * CONCURRENCY * procs) / (ROWS * jobsPerRow);
    const throughput = ROWS / (first.wallMs / 1000);
    if (procs === PROCS[0]) base.set(label, throughput);
    const cpuPerRow = first.cpuMs / ROWS;
    console.log(
      `  ${label ? `${label}: ` : ""}${procs} process${procs === 1 ? "" : "es"}: ${Math.round(first.wallMs)} ms vs ideal ${Math.round(ideal)} ms = ${(first.wallMs / ideal).toFixed(2)}×${procs === 1 ? " (goal ≤ 1.25×)" : ""}; ` +
        `${overheadPerJob.toFixed(1)} ms per job beyond the model call (the queue's own share: the line above; goal ≤ 20 for it); workers' CPU ${cpuPerRow.toFixed(1)} ms per row; ${throughput.toFixed(1)} rows/s = ${(throughput / (base.get(label) ?? throughput)).toFixed(2)}× of 1 process; ` +
        `rows done ${r.done}/${ROWS * r.results.length + USERS}, done twice ${r.twice}, ledger violations ${r.violations}; load ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`,
    );
    console.log(
      `    POST /api/detect-ai meanwhile (4 a second, ${r.detectMs.length} checks): p50 ${Math.round(percentile(r.detectMs, 50))} ms, p99 ${Math.round(percentile(r.detectMs, 99))} ms (goal p99 < 1,000 ms)`,
    );
    if (r.sqlCounts) {
      const trips = [...r.sqlCounts].filter(([k, n]) => n > 0 && k !== "#heapMB").sort((a, b) => b[1] - a[1]);
      const sum = trips.reduce((s, [, n]) => s + n, 0);
      console.log(
        `    workers' round trips to PostgreSQL: ${(sum / ROWS).toFixed(1)} per row (${sum} in the batch), by statement:`,
      );
      for (const [text, n] of trips) console.log(`      ${(n / ROWS).toFixed(2).padStart(6)}  ${text.slice(0, 160)}`);
    }
    if (r.results.length > 1)
      console.log(`    wall time of each batch: ${r.results.map((x) => `${Math.round(x.wallMs)} ms`).join(" → ")}`);
    if (r.heapMB.length > 1)
      console.log(`    workers' heap in use after a full GC, after each batch: ${r.heapMB.join(" → ")} MB`);
    if (r.results.length > 1)
      console.log(
        `    worker RSS after each batch: ${r.results.map((x) => `${x.rss.join("/")} MB`).join(" → ")} (threads ${r.results.map((x) => x.threads.join("/")).join(" → ")})`,
      );
  }
}
process.exit(0);
