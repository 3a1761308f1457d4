/**
 * Spends per second through the ledger on PostgreSQL, 50 concurrent clients:
 *   - on one balance (every spend contends for one user_credits row), and
 *   - on 50 balances (one client per user),
 * each spend in the two shapes the features use:
 *   - "fixed": a price known up front (detection, SEO HTML): `Charges.charge` with a price, i.e. a
 *     balance check, the (empty) work, then `Ledger.spend`: one conditional statement, one commit;
 *   - "hold+settle": metered AI work's shape: hold 1 credit, then settle it (two transactions).
 * Each scenario offers more spends than the balance covers, then checks that nothing was
 * overspent: exactly the balance succeeded, the rest were refused with 402, nothing is held,
 * and SUM(credit_transactions.amount) equals every balance.
 *
 *   npx tsx bench/ledger.ts        (bundled like dist/server into dist/bench/ledger.mjs and run on node;
 *                                   TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres;
 *                                   runs in a fresh database, dropped afterwards)
 * Anchor: pgbench (single-row UPDATE, BENCH_CLIENTS clients, same server and database), alternated
 * with each scenario's rounds (anchor, round, anchor, round, …, anchor: a shared machine's load moves);
 * each round's spends/s is a ratio of the mean of the anchor runs around it, and the median round's
 * ratio is the scenario's (goal ≥ 0.5×; 0.75× for fixed spends on 50 balances at pool 10).
 * Options (env): BENCH_ROUNDS=3 (rounds of each scenario, alternated with its anchor; the median counts)
 *                BENCH_CLIENTS=50  BENCH_POOL=10,50  BENCH_SPENDS=4000  PGBENCH_SECONDS=3  PGBENCH=<path>
 *                BENCH_SHAPES=fixed,hold+settle  BENCH_SCENARIOS=one,many (one balance, 50 balances)
 *                BENCH_BATCHING=<lanes>x<slots> (the spend batcher's shape, else the app's)
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { Charges } from "../src/server/credits/charge";
import { Ledger } from "../src/server/credits/ledger";
import type { Db } from "../src/server/db/client";
import * as schema from "../src/server/db/schema";
import { AppError } from "../src/server/errors";
import { createLogger } from "../src/server/logger";
import { ledgerViolations } from "../src/server/testing/ledger-invariants";
import { createFreshDatabase } from "../src/server/testing/test-app";
import { runAsShipped } from "./_harness";

const SERVER = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const CLIENTS = Number(process.env.BENCH_CLIENTS) || 50;
const POOLS = (process.env.BENCH_POOL ?? "10,50").split(",").map(Number).filter(Boolean);
const SPENDS = Number(process.env.BENCH_SPENDS) || 4000;
const ROUNDS = Number(process.env.BENCH_ROUNDS) || 3;
const PGBENCH_SECONDS = Number(process.env.PGBENCH_SECONDS) || 3;
const SCENARIOS = (process.env.BENCH_SCENARIOS ?? "one,many").split(",");
const SHAPES = (process.env.BENCH_SHAPES ?? "fixed,hold+settle").split(",") as Shape[];
const GOAL_RATIO = 0.5;
/** BENCH_BATCHING=lanes×slots (e.g. 4x1): the spend batcher's shape, else the app's. */
const BATCHING = (() => {
  const m = process.env.BENCH_BATCHING?.match(/^(\d+)x(\d+)$/);
  return m ? { lanes: Number(m[1]), slots: Number(m[2]) } : undefined;
})();
/** Issue 30: fixed-price spends on 50 balances at the app's pool (10). */
const GOAL_50_BALANCES = 0.75;
const goalOf = (r: { shape: Shape; scenario: string; pool: number }) =>
  r.shape === "fixed" && r.scenario !== "one balance" && r.pool === 10 ? GOAL_50_BALANCES : GOAL_RATIO;

type Shape = "fixed" | "hold+settle";
/** One 1-credit spend of `userId`, in the given shape; throws the 402 AppError when refused. */
type Spend = (userId: string) => Promise<unknown>;

function spender(shape: Shape, ledger: Ledger): Spend {
  if (shape === "fixed") {
    const charges = new Charges(ledger, createLogger("silent"));
    return (userId) =>
      charges.charge({
        userId,
        endpoint: "bench",
        aiProvider: null,
        estimate: 1,
        price: 1,
        work: async () => ({ value: true }),
      });
  }
  return async (userId) => {
    const requestId = randomUUID();
    await ledger.hold({ userId, amount: 1, requestId });
    await ledger.settle({
      userId,
      requestId,
      endpoint: "bench",
      aiProvider: null,
      requestTokens: 0,
      responseTokens: 0,
      credits: 1,
    });
  };
}
// From the project root (the bench runs there, bundled into dist/bench/ too).
const MIGRATIONS = resolve("src/server/db/migrations");

interface Result {
  shape: Shape;
  scenario: string;
  pool: number;
  /** Rounds alternate with the anchor (BENCH_ROUNDS); the goal reads the median round. */
  round: number;
  attempts: number;
  succeeded: number;
  refused: number;
  seconds: number;
  spendsPerSecond: number;
  p50ms: number;
  p99ms: number;
  /** The anchor around this scenario: pgbench before and after, and their mean. */
  pgbenchTps: number;
  pgbenchRange: number[];
  /** This process's CPU time per attempted spend (the client's own cost: Drizzle, pg, the charge code). */
  nodeCpuUsPerSpend: number;
  overspent: boolean;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0) : 0;
};

async function makeUsers(db: Db, ledger: Ledger, count: number, credits: number, tag: string): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, i) => `bench-${tag}-${i}-${randomUUID().slice(0, 6)}`);
  await db.insert(schema.users).values(ids.map((id) => ({ id, name: id, email: `${id}@bench.example`, username: id })));
  for (const id of ids)
    await ledger.grant({ userId: id, amount: credits, type: "grant", metadata: { reason: "bench" } });
  return ids;
}

/** `clients` loops, each taking spends from a shared budget of attempts and running them on `userFor(client)`. */
async function run(spend: Spend, clients: number, attempts: number, userFor: (client: number) => string) {
  let next = 0;
  let succeeded = 0;
  let refused = 0;
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      const userId = userFor(client);
      while (next < attempts) {
        next++;
        const t0 = performance.now();
        try {
          await spend(userId);
          succeeded++;
        } catch (err) {
          if (err instanceof AppError && err.status === 402) refused++;
          else throw err;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { succeeded, refused, seconds, latencies };
}

/**
 * The anchor: pgbench on the same server and database, CLIENTS clients, for PGBENCH_SECONDS, a
 * one-statement transaction updating one row (every client the same row, as every spend hits one
 * balance; then a row per client, as 50 balances do).
 */
async function pgbenchAnchors(
  url: string,
): Promise<{ oneRow: () => number; rowPerClient: () => number; done: () => void }> {
  const bin = [
    process.env.PGBENCH,
    ...["17", "16", "15", "14"].map((v) => `/usr/lib/postgresql/${v}/bin/pgbench`),
    "/usr/bin/pgbench",
  ]
    .filter((p): p is string => Boolean(p))
    .find((p) => existsSync(p));
  if (!bin)
    throw new Error(
      "pgbench is missing: install it (Debian: apt-get install postgresql-client or postgresql-contrib), or set PGBENCH",
    );
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("CREATE TABLE bench_rows (id int PRIMARY KEY, n bigint NOT NULL DEFAULT 0)");
  await client.query("INSERT INTO bench_rows (id) SELECT generate_series(0, $1::int)", [CLIENTS]);
  await client.end();
  const dir = mkdtempSync(join(tmpdir(), "bench-pgbench-"));
  const tps = (script: string) => {
    writeFileSync(join(dir, "script.sql"), script);
    const out = execFileSync(
      bin,
      [
        "-n",
        "-M",
        "prepared",
        "-c",
        String(CLIENTS),
        "-j",
        "2",
        "-T",
        String(PGBENCH_SECONDS),
        "-f",
        join(dir, "script.sql"),
        url,
      ],
      { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
    );
    const m = out.match(/tps = ([\d.]+)/);
    if (!m) throw new Error(`pgbench printed no tps:\n${out}`);
    return Number(m[1]);
  };
  return {
    oneRow: () => tps("UPDATE bench_rows SET n = n + 1 WHERE id = 0;\n"),
    rowPerClient: () => tps("UPDATE bench_rows SET n = n + 1 WHERE id = :client_id + 1;\n"),
    done: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Runs `scenario` between two runs of its pgbench anchor: on a shared machine the load changes from
 * one second to the next, so the ratio is taken against the anchor measured around it. `measured`: the
 * anchor's figure just measured (the previous round's "after"), so rounds alternate anchor, scenario,
 * anchor, scenario, anchor.
 */
async function anchored<T>(anchor: () => number, scenario: () => Promise<T>, measured?: number) {
  const before = measured ?? anchor();
  const cpu = process.cpuUsage();
  const result = await scenario();
  const { user, system } = process.cpuUsage(cpu);
  const after = anchor();
  return {
    result,
    after,
    cpuMs: (user + system) / 1000,
    anchorTps: Math.round((before + after) / 2),
    anchorRange: [Math.round(before), Math.round(after)],
  };
}

type Spent = Awaited<ReturnType<typeof run>>;

/**
 * BENCH_ROUNDS rounds of one scenario, alternated with its anchor: each round's users are made by
 * `setUp` (its balances are spent), then its spends run between two anchor runs (the one after a
 * round is the next round's before).
 */
async function rounds(
  shape: Shape,
  pool: number,
  scenario: string,
  anchor: () => number,
  attempts: number,
  setUp: (pass: number) => Promise<{ spend: () => Promise<Spent>; overspent: (spent: Spent) => Promise<boolean> }>,
): Promise<Result[]> {
  const out: Result[] = [];
  let anchorAfter: number | undefined;
  for (let pass = 1; pass <= ROUNDS; pass++) {
    const set = await setUp(pass);
    const measured = await anchored(anchor, set.spend, anchorAfter);
    anchorAfter = measured.after;
    const spent = measured.result;
    out.push({
      shape,
      scenario,
      pool,
      round: pass,
      attempts,
      succeeded: spent.succeeded,
      refused: spent.refused,
      seconds: round(spent.seconds),
      spendsPerSecond: Math.round(spent.succeeded / spent.seconds),
      p50ms: round(percentile(spent.latencies, 50)),
      p99ms: round(percentile(spent.latencies, 99)),
      pgbenchTps: measured.anchorTps,
      pgbenchRange: measured.anchorRange,
      nodeCpuUsPerSpend: Math.round((measured.cpuMs * 1000) / attempts),
      overspent: await set.overspent(spent),
    });
  }
  return out;
}

async function main() {
  const fresh = await createFreshDatabase(SERVER);
  const results: Result[] = [];
  try {
    {
      const pool = new pg.Pool({ connectionString: fresh.url, max: 2 });
      await migrate(drizzle({ client: pool, schema }), { migrationsFolder: MIGRATIONS });
      await pool.end();
    }
    const anchors = await pgbenchAnchors(fresh.url);
    for (const poolSize of POOLS) {
      const pool = new pg.Pool({ connectionString: fresh.url, max: poolSize });
      const db = drizzle({ client: pool, schema }) as unknown as Db;
      const ledger = new Ledger(db, { holdTtlSeconds: 900, spendBatching: BATCHING });

      for (const shape of SHAPES) {
        const spend = spender(shape, ledger);
        // One balance: 50 clients race for one row; the balance covers 80 % of the attempts.
        if (SCENARIOS.includes("one"))
          results.push(
            ...(await rounds(shape, poolSize, "one balance", anchors.oneRow, SPENDS, async (pass) => {
              const oneBalance = Math.floor(SPENDS * 0.8);
              const [solo] = await makeUsers(db, ledger, 1, oneBalance, `one-${shape}-${poolSize}-${pass}`);
              return {
                spend: () => run(spend, CLIENTS, SPENDS, () => solo as string),
                overspent: async (one) => {
                  const left = await ledger.balance(solo as string);
                  return one.succeeded !== oneBalance || left.availableCredits !== 0 || left.usedCredits !== oneBalance;
                },
              };
            })),
          );

        // 50 balances: client i spends from user i; each balance covers 80 % of its share.
        const perUser = Math.floor(SPENDS / CLIENTS);
        if (SCENARIOS.includes("many"))
          results.push(
            ...(await rounds(
              shape,
              poolSize,
              `${CLIENTS} balances`,
              anchors.rowPerClient,
              perUser * CLIENTS,
              async (pass) => {
                const perBalance = Math.floor(perUser * 0.8);
                const many = await makeUsers(db, ledger, CLIENTS, perBalance, `many-${shape}-${poolSize}-${pass}`);
                return {
                  spend: () => runPerUser(spend, many, perUser),
                  overspent: async (spread) => {
                    const balances = await Promise.all(many.map((id) => ledger.balance(id)));
                    if (process.env.BENCH_VERBOSE) console.error(JSON.stringify(ledger.spends.stats));
                    return (
                      spread.succeeded !== perBalance * CLIENTS ||
                      balances.some((b) => b.availableCredits !== 0 || b.heldCredits !== 0)
                    );
                  },
                };
              },
            )),
          );
      }

      const violations = await ledgerViolations(db);
      if (violations.length) throw new Error(`ledger invariants broken: ${JSON.stringify(violations.slice(0, 5))}`);
      await pool.end();
    }
    anchors.done();
  } finally {
    await fresh.drop();
  }

  for (const r of results) console.log(JSON.stringify({ bench: "ledger", ...r }));
  const groups = new Map<string, Result[]>();
  for (const r of results) {
    const key = `${r.shape}|${r.scenario}|${r.pool}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  for (const rounds of groups.values()) {
    const r = rounds[0] as Result;
    const ratios = rounds.map((x) => x.spendsPerSecond / x.pgbenchTps);
    const ratio = median(ratios);
    const goal = goalOf(r);
    console.log(
      `ledger (${r.shape}, ${r.scenario}, pool ${r.pool}): ${rounds.map((x) => x.spendsPerSecond).join(" / ")} spends/s vs pgbench single-row UPDATE ` +
        `${rounds.map((x) => x.pgbenchTps).join(" / ")} tps (${r.scenario === "one balance" ? "one row" : "a row per client"}, ${CLIENTS} clients, same server, ` +
        `measured before and after each round): ${ratios.map((x) => x.toFixed(2)).join(", ")}; median ${ratio.toFixed(2)}× (goal ≥ ${goal}×: ${ratio >= goal ? "met" : "MISSED"})`,
    );
  }
  console.log("\nshape        scenario        pool  round  spends/s  p50 ms  p99 ms  succeeded/attempts  overspent");
  for (const r of results)
    console.log(
      `${r.shape.padEnd(12)} ${r.scenario.padEnd(15)} ${String(r.pool).padStart(4)}  ${String(r.round).padStart(5)}  ${String(r.spendsPerSecond).padStart(8)}  ${String(r.p50ms).padStart(6)}  ${String(r.p99ms).padStart(6)}  ${`${r.succeeded}/${r.attempts}`.padStart(18)}  ${r.overspent ? "YES" : "no"}`,
    );
  if (results.some((r) => r.overspent)) {
    console.error("OVERSPENT: the ledger let more through than the balance");
    process.exit(1);
  }
}

/** Client i spends `attempts` times from user i. */
async function runPerUser(spend: Spend, userIds: string[], attempts: number) {
  let succeeded = 0;
  let refused = 0;
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    userIds.map(async (userId) => {
      for (let i = 0; i < attempts; i++) {
        const t0 = performance.now();
        try {
          await spend(userId);
          succeeded++;
        } catch (err) {
          if (err instanceof AppError && err.status === 402) refused++;
          else throw err;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { succeeded, refused, seconds: (performance.now() - started) / 1000, latencies };
}

const round = (x: number) => Math.round(x * 10) / 10;

// The ledger as it ships: this file bundled like dist/server and run on plain node (not tsx).
await runAsShipped(import.meta.url);
main().catch((err) => {
  console.error(err);
  process.exit(1);
});
