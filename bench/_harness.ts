// What the HTTP benches (api.ts, detect-load.ts) share: the built server (dist/server/main.js, what
// `npm start` runs) in its own process on a loopback port, in-process anchors on another, the load
// generator in a third (bench/_autocannon.mjs), and signed-up users to send as.
import { type ChildProcess, execFile, execSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { serve } from "@hono/node-server";
import { ensureBenchTools } from "./_tools";

const run = promisify(execFile);

/** autocannon's figures for one measure, as bench/_autocannon.mjs prints them. */
export interface AutocannonResult {
  rps: number;
  seconds: number;
  total: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats?: Record<string, { count: number }>;
}

export interface LoadOptions {
  connections: number;
  /** Seconds, or a number of requests (`amount`). */
  duration?: number;
  amount?: number;
  method?: "GET" | "POST";
  body?: string;
}

/** Sends load from its own process, cycling through `headerSets` (one per user). */
export async function autocannon(
  url: string,
  headerSets: Record<string, string>[],
  options: LoadOptions,
): Promise<AutocannonResult> {
  ensureBenchTools(); // autocannon is a bench-only tool (bench/package.json)
  const { stdout } = await run(
    process.execPath,
    ["bench/_autocannon.mjs", JSON.stringify({ url, headerSets, ...options })],
    {
      maxBuffer: 1 << 20,
    },
  );
  return JSON.parse(stdout) as AutocannonResult;
}

export const listen = async (fetch: (req: Request) => Response | Promise<Response>) => {
  const port = await freePort();
  return new Promise<{ url: string; close: () => void }>((resolve) => {
    const server = serve({ fetch, port, hostname: "127.0.0.1" }, (info: AddressInfo) =>
      resolve({ url: `http://127.0.0.1:${info.port}`, close: () => server.close() }),
    );
  });
};

/** Signs up `count` users through the API; each one's bearer token and id. */
export async function signUpUsers(url: string, count: number, prefix: string) {
  const users: { authorization: string; id: string }[] = [];
  for (let i = 0; i < count; i++) {
    const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url },
      body: JSON.stringify({ email: `${prefix}${i}@example.com`, password: "bench-password-1" }),
    });
    const token = signUp.headers.get("set-auth-token");
    if (!token) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
    const { user } = (await signUp.json()) as { user: { id: string } };
    users.push({ authorization: `Bearer ${token}`, id: user.id });
  }
  return users;
}

const DIST = process.env.DIST_DIR ?? "dist";

/** Builds the app (`npm run build`) when dist is missing or older than the sources, as `npm start` does. */
export function ensureBuilt(): void {
  if (process.env.DIST_DIR) {
    if (!existsSync(`${DIST}/server/main.js`)) throw new Error(`${DIST}/server/main.js is missing: build it first`);
    return;
  }
  execSync("node scripts/ensure-build.mjs", { stdio: "inherit" });
}

/** A free loopback port, or BENCH_PORT (then BENCH_PORT + 1, …, one per call) when set. */
let nextPort = Number(process.env.BENCH_PORT) || 0;
export const freePort = () =>
  nextPort
    ? Promise.resolve(nextPort++)
    : new Promise<number>((resolve) => {
        const s = createServer();
        s.listen(0, "127.0.0.1", () => {
          const { port } = s.address() as AddressInfo;
          s.close(() => resolve(port));
        });
      });

export interface BuiltServer {
  url: string;
  pid: number;
  child: ChildProcess;
  /** CPU time (user + system, µs) the server process has used so far (all its threads). */
  cpuUs: () => number;
  /** Resident set size, MB. */
  rssMb: () => number;
  stop: () => Promise<void>;
}

const CLOCK_TICK_US = 10_000; // /proc/<pid>/stat counts in clock ticks of 10 ms (USER_HZ = 100)

/**
 * Starts `node dist/server/main.js` (the bundle `npm start` runs) with `env` on a loopback port, in
 * production mode with a fresh DATA_DIR unless given, and waits for /api/health.
 */
export async function startBuiltServer(
  env: Record<string, string>,
  nodeArgs: string[] = [],
  dist = DIST,
): Promise<BuiltServer> {
  const port = await freePort();
  const ownDataDir = env.DATA_DIR ? undefined : mkdtempSync(join(tmpdir(), "bench-server-"));
  const child = spawn(process.execPath, [...nodeArgs, `${dist}/server/main.js`], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
      ...env,
      PORT: String(port),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const pid = child.pid as number;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 180_000;
  while (Date.now() < until && child.exitCode === null) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) {
        const stat = () => readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
        return {
          url,
          pid,
          child,
          cpuUs: () => {
            const f = stat();
            return (Number(f[11]) + Number(f[12])) * CLOCK_TICK_US;
          },
          rssMb: () => {
            const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
            return m ? Math.round(Number(m[1]) / 1024) : 0;
          },
          stop,
        };
      }
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`${dist}/server/main.js did not become healthy within 180 s`);
}

/**
 * Runs the calling bench as the server ships: bundled by esbuild with dist/server's own options
 * (scripts/server-bundle.mjs) into dist/bench/, then on plain node instead of tsx. In the bundled
 * run it returns at once; the tsx run waits for it and exits with its code. For benches that drive
 * the server's modules directly (bench/ledger.ts: the ledger, no HTTP in between).
 */
export async function runAsShipped(entryUrl: string): Promise<void> {
  if (process.env.BENCH_AS_SHIPPED === "1") return;
  const { build } = await import("esbuild");
  const { SERVER_BUNDLE } = await import("../scripts/server-bundle.mjs");
  const entry = new URL(entryUrl).pathname;
  const outfile = `dist/bench/${entry.replace(/^.*\//, "").replace(/\.ts$/, ".mjs")}`;
  await build({ ...SERVER_BUNDLE, entryPoints: [entry], outfile });
  const child = spawn(process.execPath, [outfile, ...process.argv.slice(2)], {
    stdio: "inherit",
    env: { ...process.env, BENCH_AS_SHIPPED: "1" },
  });
  const code = await new Promise<number>((resolve) => child.once("exit", (c) => resolve(c ?? 1)));
  process.exit(code);
}
