// Time from `npm start` to a healthy /api/health on a fresh PGlite data dir and on an existing one
// (median of BENCH_RUNS, default 3), against a bare Node HTTP server started with the same `node`
// binary (process.execPath, not `npx node`, whose own start-up is half a second) in the same run.
// Goals: ≤ 2 s on an existing dir, ≤ 3 s on a fresh one, on the machine as it is and beside two
// spinning processes (a busy 2-core machine; BENCH_STRESS=0,2 says how many).
// BENCH_BEFORE_DIST=<another build's dist> starts that build too, alternately with this one's, both as
// `node <dist>/server/main.js` (before/after in one run, without npm's own start-up in either).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const GOAL_EXISTING_S = 2;
const GOAL_FRESH_S = 3;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function timeToHealthy(cmd: string, args: string[], env: Record<string, string>, path: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(cmd, args, {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: "ignore",
    detached: true,
  });
  try {
    for (;;) {
      if (performance.now() - started > 60_000) throw new Error(`${cmd} not healthy in 60 s`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}${path}`);
        if (res.ok) return performance.now() - started;
      } catch {}
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    const exited = new Promise((r) => child.once("exit", r));
    try {
      process.kill(-(child.pid as number), "SIGTERM");
    } catch {}
    await exited; // the data dir's lock is free again for the next start
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const BEFORE_DIST = process.env.BENCH_BEFORE_DIST;
const bareServer = "require('node:http').createServer((q,s)=>s.end('ok')).listen(process.env.PORT,'127.0.0.1')";
const serverEnv = (dataDir: string) => ({ DATA_DIR: dataDir, NODE_ENV: "production", LOG_LEVEL: "warn" });
/** `npm start`, or, given a build's dist folder, its `node dist/server/main.js`. */
const start = (dataDir: string, dist?: string) =>
  dist
    ? timeToHealthy(process.execPath, [join(dist, "server", "main.js")], serverEnv(dataDir), "/api/health")
    : timeToHealthy("npm", ["start", "--silent"], serverEnv(dataDir), "/api/health");

/** `stress`-like load: processes that only spin, one per core asked for, until stopped. */
function burn(processes: number): () => Promise<void> {
  const burners = Array.from({ length: processes }, () =>
    spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }),
  );
  return async () => {
    await Promise.all(
      burners.map((b) => {
        const exited = new Promise((r) => b.once("exit", r));
        b.kill("SIGKILL");
        return exited;
      }),
    );
  };
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mark = (ok: boolean) => (ok ? "met" : "MISSED");
// Removed when the bench ends, not between starts: on a disk mounted with `discard` (this one), the
// blocks freed by deleting one run's 41 MB data dir are trimmed while the next run copies its own, and a
// fresh start then measured the deletion before it (1.7 s growing to 3.7 s over five runs; docs/decisions.md).
const dataDirs: string[] = [];
process.on("exit", () => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});
// 0: the machine as it is; 2: two spinning processes besides, a busy 2-core machine (BENCH_STRESS=0,2).
for (const stress of (process.env.BENCH_STRESS ?? "0,2").split(",").map(Number)) {
  const stop = burn(stress);
  const fresh: number[] = [];
  const existing: number[] = [];
  const bare: number[] = [];
  const before = { fresh: [] as number[], existing: [] as number[] };
  const ours = BEFORE_DIST ? "dist" : undefined;
  try {
    for (let i = 0; i < RUNS; i++) {
      for (const [dist, into] of [
        ...(BEFORE_DIST ? ([[BEFORE_DIST, before]] as const) : []),
        [ours, { fresh, existing }] as const,
      ]) {
        const dataDir = mkdtempSync(join(tmpdir(), "bench-startup-"));
        into.fresh.push(await start(dataDir, dist));
        into.existing.push(await start(dataDir, dist));
        dataDirs.push(dataDir);
      }
      bare.push(await timeToHealthy(process.execPath, ["-e", bareServer], {}, "/"));
    }
  } finally {
    await stop();
  }
  if (BEFORE_DIST)
    console.log(
      `startup${stress ? ` beside ${stress} spinning processes` : ""}, node <dist>/server/main.js alternated: ` +
        `existing dir ${s(median(before.existing))} before → ${s(median(existing))}, fresh ${s(median(before.fresh))} → ${s(median(fresh))} ` +
        `(runs: existing ${before.existing.map(s).join(", ")} → ${existing.map(s).join(", ")}; fresh ${before.fresh.map(s).join(", ")} → ${fresh.map(s).join(", ")})`,
    );
  const f = median(fresh);
  const e = median(existing);
  const b = median(bare);
  console.log(
    JSON.stringify({
      bench: "startup",
      stressProcesses: stress,
      runs: RUNS,
      freshMedianMs: Math.round(f),
      existingMedianMs: Math.round(e),
      bareNodeMedianMs: Math.round(b),
      freshRatio: +(f / b).toFixed(2),
      existingRatio: +(e / b).toFixed(2),
    }),
  );
  console.log(
    `startup${stress ? ` beside ${stress} spinning processes` : ""}: ${BEFORE_DIST ? "node dist/server/main.js" : "npm start"} → healthy in ${s(e)} median on an existing PGlite dir (goal ≤ ${GOAL_EXISTING_S} s: ${mark(e <= GOAL_EXISTING_S * 1000)}), ` +
      `${s(f)} on a fresh one (goal ≤ ${GOAL_FRESH_S} s: ${mark(f <= GOAL_FRESH_S * 1000)}); bare node server ${s(b)} (×${(e / b).toFixed(1)}, ×${(f / b).toFixed(1)})`,
  );
}
