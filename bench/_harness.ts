// What the in-process HTTP benches (api.ts, detect-load.ts) share: the app on a loopback port, the
// load generator in its own process (bench/_autocannon.mjs), and signed-up users to send as.
import { execFile } from "node:child_process";
import type { AddressInfo } from "node:net";
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

export const listen = (fetch: (req: Request) => Response | Promise<Response>) =>
  new Promise<{ url: string; close: () => void }>((resolve) => {
    const server = serve({ fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) =>
      resolve({ url: `http://127.0.0.1:${info.port}`, close: () => server.close() }),
    );
  });

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
