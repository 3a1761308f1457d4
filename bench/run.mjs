// `npm run bench`: every benchmark in bench/, each printing its figures against a baseline
// measured in the same run, in a short version (fewer rounds and seconds: a first look, a few
// minutes in all); `npm run bench -- --full` runs each at its own defaults. Pass names to run
// some: npm run bench -- api seo. Any BENCH_* variable set in the environment wins over the short
// version's. The benches that run the server run the built one (built first when stale, as
// `npm start` does). At the end, every line that states a goal is repeated, with the machine's
// load average before and after (a shared machine's figures mean little without it).
import { execSync, spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { loadavg } from "node:os";

const args = process.argv.slice(2);
const full = args.includes("--full");
const wanted = args.filter((a) => a !== "--full");

/** The short version: each bench's knobs turned down (see each script's header for what they mean). */
const SHORT = {
  BENCH_SECONDS: "2", // api, load: seconds per measure
  BENCH_ROUNDS: "2", // api, detect-load: rounds
  BENCH_MEMORY_ROUNDS: "1", // api
  BENCH_REQUESTS: "1000", // detect-load: requests per round
  BENCH_ROWS: "20", // batch
  BENCH_PROCS: "1,2", // batch
};
/**
 * Knobs that mean something else in each bench, by script: BENCH_RUNS is seo's runs per measure but
 * signed-in's and long-tasks' passes and startup's and stream's runs (a global 15 made signed-in run
 * 105 Lighthouse passes and long-tasks outrun the sign-ups allowed per minute); those keep their defaults.
 * BENCH_ROUNDS is api's and detect-load's (2 in SHORT) and the ledger's (3 below).
 */
const SHORT_FOR = {
  "seo.ts": { BENCH_RUNS: "15" },
  // The goal's shape at the app's pool; three rounds alternated with pgbench (rounds of 2,000 spends
  // lasted a quarter of a second: the ratio swung with the machine).
  "ledger.ts": {
    BENCH_SPENDS: "5000",
    BENCH_ROUNDS: "3",
    PGBENCH_SECONDS: "2",
    BENCH_POOL: "10",
    BENCH_SHAPES: "fixed",
  },
};
const envFor = (file) => (full ? process.env : { ...SHORT, ...SHORT_FOR[file], ...process.env });

const scripts = readdirSync("bench")
  .filter((f) => /\.(ts|mjs)$/.test(f) && f !== "run.mjs" && f !== "lighthouse.ts" && !f.startsWith("_"))
  .filter((f) => !wanted.length || wanted.some((w) => f.startsWith(w)));

const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(", ");
const loadBefore = load();
execSync("node scripts/ensure-build.mjs", { stdio: "inherit" });

const goals = [];
let failed = 0;
for (const file of scripts) {
  console.log(`\n=== bench/${file} (load average ${load()})`);
  const code = await new Promise((resolve) => {
    const child = spawn("npx", ["tsx", `bench/${file}`], { stdio: ["ignore", "pipe", "inherit"], env: envFor(file) });
    let pending = "";
    child.stdout.on("data", (chunk) => {
      process.stdout.write(chunk);
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) if (/goal/i.test(line) && !line.startsWith("{")) goals.push(`${file}: ${line.trim()}`);
    });
    child.on("close", resolve);
  });
  if (code !== 0) {
    failed++;
    goals.push(`${file}: exited with ${code}`);
  }
}
console.log(`\n=== goals (${full ? "full" : "short"} run; load average ${loadBefore} before, ${load()} after)`);
for (const line of goals) console.log(line);
process.exit(failed ? 1 : 0);
