// Time from `npm start` to a healthy /api/health on a fresh PGlite (median of 5), against a bare
// Node HTTP server started the same way in the same run.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);

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
    try {
      process.kill(-(child.pid as number), "SIGTERM");
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const app: number[] = [];
const bare: number[] = [];
const bareServer = "require('node:http').createServer((q,s)=>s.end('ok')).listen(process.env.PORT,'127.0.0.1')";
for (let i = 0; i < RUNS; i++) {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-startup-"));
  app.push(
    await timeToHealthy(
      "npm",
      ["start", "--silent"],
      { DATA_DIR: dataDir, NODE_ENV: "production", LOG_LEVEL: "warn" },
      "/api/health",
    ),
  );
  rmSync(dataDir, { recursive: true, force: true });
  bare.push(await timeToHealthy("npx", ["node", "-e", bareServer], {}, "/"));
}
const a = median(app);
const b = median(bare);
console.log(
  JSON.stringify({
    bench: "startup",
    runs: RUNS,
    appMedianMs: Math.round(a),
    bareNodeMedianMs: Math.round(b),
    ratio: +(a / b).toFixed(2),
  }),
);
console.log(
  `startup: npm start → healthy in ${(a / 1000).toFixed(2)} s median on a fresh PGlite (bare node server ${(b / 1000).toFixed(2)} s, ×${(a / b).toFixed(1)})`,
);
