// The built server under the worst SEO inputs that fit its limits, with /api/health probed all the
// while: the health endpoint's latency (p50/p99/max) idle and under that load, each worst input's
// own time, and the answers' status counts (no 5xx expected). The server runs as its own process
// (node dist/server/main.js, the production bundle with its CPU worker); this process only sends.
// Bounded in time and count, loopback only.   Run: npm run build && npx tsx bench/load.ts [seconds]
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { RICH_MD } from "../src/server/seo/fixtures";
import { SEO_CONTENT_MAX } from "../src/shared/seo";

const SECONDS = Number(process.argv[2] ?? process.env.BENCH_SECONDS ?? 20);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 4);
const PROBE_EVERY_MS = 25;
const DIST = process.env.DIST_DIR ?? "dist";

const filled = (unit: string, prefix = "") =>
  prefix + unit.repeat(Math.floor((SEO_CONTENT_MAX - prefix.length) / unit.length));
/** The shapes that were super-linear before issue 16, each as long as the endpoint accepts. */
const WORST: Record<string, string> = {
  "emphasis run (**_)": filled("**_", "# T\n\n"),
  "link opens + emphasis closes ([ a_)": filled("[ a_"),
  "nested emphasis (*a **a)": `${"*a **a ".repeat(7000)}b${" a** a*".repeat(7000)}`,
  "unclosed links ([a](b)": filled("[a](b"),
  "www stretch (www.a_)": filled("www.a_", "see "),
  "opening brackets ([)": filled("["),
  "a real post, repeated": filled(RICH_MD).slice(0, SEO_CONTENT_MAX),
};

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}
const summary = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return {
    n: s.length,
    p50: +quantile(s, 0.5).toFixed(1),
    p99: +quantile(s, 0.99).toFixed(1),
    max: +(s[s.length - 1] ?? Number.NaN).toFixed(1),
  };
};

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function startServer(): Promise<{ url: string; child: ChildProcess; dataDir: string }> {
  if (!existsSync(`${DIST}/server/main.js`)) throw new Error(`${DIST}/server/main.js is missing: run npm run build`);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "bench-load-"));
  const child = spawn(process.execPath, [`${DIST}/server/main.js`], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      WELCOME_BONUS_CREDITS: "1000000",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child, dataDir };
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGKILL");
  throw new Error("the server did not become healthy within 180 s");
}

async function timed(fn: () => Promise<Response>): Promise<{ ms: number; status: number }> {
  const t = performance.now();
  const res = await fn();
  await res.arrayBuffer();
  return { ms: performance.now() - t, status: res.status };
}

const { url, child, dataDir } = await startServer();
try {
  const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email: "load@example.com", password: "bench-password-1" }),
  });
  const token = signUp.headers.get("set-auth-token");
  if (!token) throw new Error(`sign-up failed: ${signUp.status}`);
  const produce = (content: string) =>
    fetch(`${url}/api/seo-produce-code`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ content, platform: "wordpress" }),
    });
  const health = () => fetch(`${url}/api/health`);

  // Idle: the health endpoint alone.
  const idle: number[] = [];
  for (let i = 0; i < 200; i++) idle.push((await timed(health)).ms);

  // Each worst input alone (the first call also starts the CPU worker: warm up first).
  await timed(() => produce("# Warm-up\n\nA short post."));
  const alone: Record<string, { ms: number; status: number }> = {};
  for (const [name, content] of Object.entries(WORST)) alone[name] = await timed(() => produce(content));

  // Under load: CLIENTS loops of worst inputs for SECONDS, /api/health probed every PROBE_EVERY_MS.
  const statuses: Record<number, number> = {};
  const produceMs: number[] = [];
  const healthMs: number[] = [];
  const inputs = Object.values(WORST);
  const stopAt = Date.now() + SECONDS * 1000;
  const client = async (k: number) => {
    for (let i = k; Date.now() < stopAt; i++) {
      const r = await timed(() => produce(inputs[i % inputs.length]));
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      produceMs.push(r.ms);
    }
  };
  const prober = async () => {
    while (Date.now() < stopAt) {
      const r = await timed(health);
      healthMs.push(r.ms);
      if (r.status !== 200) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      await new Promise((res) => setTimeout(res, PROBE_EVERY_MS));
    }
  };
  await Promise.all([prober(), ...Array.from({ length: CLIENTS }, (_, k) => client(k))]);

  const serverErrors = Object.entries(statuses)
    .filter(([s]) => Number(s) >= 500)
    .reduce((n, [, c]) => n + c, 0);
  const worst = Object.entries(alone).sort((a, b) => b[1].ms - a[1].ms)[0];
  const report = {
    bench: "load",
    seconds: SECONDS,
    clients: CLIENTS,
    healthIdleMs: summary(idle),
    healthUnderLoadMs: summary(healthMs),
    produceUnderLoadMs: summary(produceMs),
    worstAloneMs: Object.fromEntries(Object.entries(alone).map(([k, v]) => [k, `${Math.round(v.ms)} (${v.status})`])),
    statuses,
    serverErrors,
  };
  console.log(JSON.stringify(report));
  console.log(
    `load: worst SEO input alone ${Math.round(worst[1].ms)} ms (${worst[0]}, ${worst[1].status}); ` +
      `/api/health p99 ${report.healthUnderLoadMs.p99} ms under ${CLIENTS} clients of worst inputs ` +
      `(idle p99 ${report.healthIdleMs.p99} ms); ${produceMs.length} SEO calls, ${serverErrors} × 5xx`,
  );
  if (serverErrors > 0) process.exitCode = 1;
} finally {
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}
