// A paid endpoint under load: POST /api/detect-ai with a 500-word text at 50 connections, several
// users each with enough credits, on PGlite and on PostgreSQL (a fresh database, dropped afterwards),
// against the built-in detector scoring the same text in this process (its own rate: 1 ÷ the median
// time of one detection, measured just before and just after each round, so a shared machine's load
// moves both alike). Goal: ≥ 0.5× the detector's own rate, p99 under 1 s.
//
// Each round sends a fixed number of requests (not a duration: every request then gets its answer or
// its timeout), and afterwards the charges are counted: every 1-credit usage row must belong to a
// 200 answer — a client timeout must not leave a charge without a result.
// The server is the built one as it ships (node dist/server/main.js, built first when missing or
// stale), in its own process; the detector's own rate is measured in this process; the load
// generator (autocannon) runs in a third (bench/_autocannon.mjs). Charges are read through the API
// (each user's used credits), the ledger's invariants from the database once the server has stopped.
//   npx tsx bench/detect-load.ts   (BENCH_DB=pglite,pg BENCH_REQUESTS=3000 BENCH_ROUNDS=3 BENCH_CONNECTIONS=50
//                                   BENCH_USERS=20 BENCH_WORDS=500; TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres;
//                                   BENCH_PORT=<first port to use>; BENCH_PROFILE=<dir>: a CPU profile of the
//                                   server; any other env, e.g. DETECT_INLINE_MAX_CHARS, reaches the server's config)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MissingDataError, readTrainingTexts } from "../scripts/detector/dataset";
import { openDatabase } from "../src/server/db/client";
import { detectBuiltin } from "../src/server/detection/builtin";
import { ledgerViolations } from "../src/server/testing/ledger-invariants";
import { createFreshDatabase } from "../src/server/testing/test-app";
import { countWords } from "../src/shared/text";
import { autocannon, type BuiltServer, ensureBuilt, signUpUsers, startBuiltServer } from "./_harness";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const USERS = Number(process.env.BENCH_USERS ?? 20);
const WORDS = Number(process.env.BENCH_WORDS ?? 500);
const KINDS = (process.env.BENCH_DB ?? "pglite,pg").split(",");
const SERVER = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const GOAL_RATIO = 0.5;
const GOAL_P99_MS = 1000;

let paragraphs: string[];
try {
  paragraphs = readTrainingTexts().map((r) => r.text);
} catch (error) {
  if (error instanceof MissingDataError) {
    console.error(`bench/detect-load.ts: ${error.message}`);
    process.exit(1);
  }
  throw error;
}

/** About `target` words of real prose (the detector's training texts), in paragraphs. */
function buildText(target: number): string {
  const parts: string[] = [];
  for (let i = 0; countWords(parts.join("\n\n")) < target; i++) parts.push(paragraphs[i % paragraphs.length] as string);
  const words = parts.join("\n\n").split(/(\s+)/);
  return words.slice(0, target * 2 - 1).join("");
}
const TEXT = buildText(WORDS);
if (!detectBuiltin(TEXT).success) throw new Error("the bench text is not one the detector scores");

/** The detector's own rate in this process: 1 ÷ the median of 100 detections of TEXT. */
function detectorRate(): number {
  const times: number[] = [];
  for (let i = 0; i < 100; i++) {
    const t0 = performance.now();
    detectBuiltin(TEXT);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return 1000 / (times[50] as number);
}

let loads = 0;
const load = (url: string, headerSets: Record<string, string>[], amount: number) =>
  autocannon(url, headerSets, {
    connections: CONNECTIONS,
    amount,
    method: "POST",
    // Each request a text of its own (numbered in its last sentence): a text checked again is free.
    body: JSON.stringify({ text: `${TEXT} Request ${++loads}.{{n}}.` }),
  });
type Load = Awaited<ReturnType<typeof load>>;

async function bench(kind: string) {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-detect-"));
  const fresh = kind === "pg" ? await createFreshDatabase(SERVER) : null;
  let server: BuiltServer | undefined;
  try {
    const profile = process.env.BENCH_PROFILE;
    server = await startBuiltServer(
      {
        DATA_DIR: dataDir,
        LOG_LEVEL: "silent",
        SIGN_UPS_PER_MINUTE: "1000",
        // Every user starts with enough credits for every round.
        WELCOME_BONUS_CREDITS: "1000000",
        ...(fresh ? { DATABASE_URL: fresh.url } : { DATABASE_URL: "" }),
      },
      profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : [],
    );
    const url = server.url;

    const users = await signUpUsers(url, USERS, "detect");
    const headerSets = users.map((user) => ({ authorization: user.authorization, "content-type": "application/json" }));

    const answered = { ok: 0, other: 0, timeouts: 0 };
    const tally = (r: Load) => {
      for (const [status, { count: n }] of Object.entries(r.statusCodeStats ?? {}))
        if (status === "200") answered.ok += n;
        else answered.other += n;
      answered.timeouts += r.timeouts;
    };
    for (let i = 0; i < 20; i++) detectBuiltin(TEXT); // the in-process detector's JIT
    tally(await load(`${url}/api/detect-ai`, headerSets, Math.min(500, REQUESTS))); // the server's JIT, the pool's workers

    // Credits used by all users, read through the API: one per detection paid for.
    const charges = async () => {
      let used = 0;
      for (const { authorization } of users) {
        const res = await fetch(`${url}/api/billing/credits`, { headers: { authorization } });
        used += ((await res.json()) as { usedCredits: number }).usedCredits;
      }
      return used;
    };
    // The rate counted is of detections done and paid for: a 200 that says success:false (a busy
    // pool, a time limit) is an answer, not a detection.
    const rounds: Array<Load & { detectorRate: number; detected: number; dps: number }> = [];
    for (let round = 0; round < ROUNDS; round++) {
      const chargedBefore = await charges();
      const before = detectorRate();
      const result = await load(`${url}/api/detect-ai`, headerSets, REQUESTS);
      const after = detectorRate();
      tally(result);
      const detected = (await charges()) - chargedBefore;
      rounds.push({ ...result, detectorRate: (before + after) / 2, detected, dps: detected / result.seconds });
    }
    const charged = await charges();
    await server.stop(); // PGlite's data dir is one process's: the server lets it go first
    const database = await openDatabase(fresh ? { databaseUrl: fresh.url } : { dataDir });
    const violations = await ledgerViolations(database.db).finally(() => database.close());

    const ratios = rounds.map((r) => r.dps / r.detectorRate);
    const best = rounds[ratios.indexOf(Math.max(...ratios))] as (typeof rounds)[number];
    const ratio = Math.max(...ratios);
    const p99s = rounds.map((r) => r.p99);
    const report = {
      bench: "detect-load",
      database: kind,
      words: countWords(TEXT),
      connections: CONNECTIONS,
      users: USERS,
      requestsPerRound: REQUESTS,
      rounds: rounds.map((r, i) => ({
        rps: Math.round(r.rps),
        detectionsPerSecond: Math.round(r.dps),
        detected: r.detected,
        p50: r.p50,
        p99: r.p99,
        timeouts: r.timeouts,
        non2xx: r.non2xx,
        detectorRate: Math.round(r.detectorRate),
        ratio: +(ratios[i] as number).toFixed(2),
      })),
      answered200: answered.ok,
      answeredOther: answered.other,
      timeouts: answered.timeouts,
      charged,
      ledgerViolations: violations.length,
      server: "dist/server/main.js",
    };
    console.log(JSON.stringify(report));
    const mark = (ok: boolean) => (ok ? "met" : "MISSED");
    const worstP99 = Math.max(...p99s);
    const unpaidOrUnanswered = Math.max(0, charged - answered.ok);
    console.log(
      `detect-load (${kind}): POST /api/detect-ai, ${report.words} words, ${CONNECTIONS} connections: ` +
        `${rounds.map((r) => Math.round(r.dps)).join("/")} detections/s (${rounds.map((r) => r.detected).join("/")} of ${REQUESTS} detected) vs the detector in-process ${rounds.map((r) => Math.round(r.detectorRate)).join("/")}/s: ` +
        `${ratios.map((x) => x.toFixed(2)).join("/")}× (best ${ratio.toFixed(2)}×, goal ≥ ${GOAL_RATIO}×, ${mark(ratio >= GOAL_RATIO)}); ` +
        `p99 ${p99s.join("/")} ms (goal < ${GOAL_P99_MS} ms, ${mark(best.p99 < GOAL_P99_MS)}); ` +
        `${answered.timeouts} timeouts, ${answered.other} non-200; charged ${charged} for ${answered.ok} answers ` +
        `(${unpaidOrUnanswered === 0 ? "no charge without an answer" : `${unpaidOrUnanswered} charges without an answer`}); ledger ${violations.length ? "BROKEN" : "consistent"}`,
    );
    if (worstP99 >= GOAL_P99_MS) console.log(`  (worst round's p99 ${worstP99} ms)`);
    if (unpaidOrUnanswered !== 0 || violations.length) process.exitCode = 1;
  } finally {
    await server?.stop();
    await fresh?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

ensureBuilt();
for (const kind of KINDS) await bench(kind);
process.exit(process.exitCode ?? 0);
