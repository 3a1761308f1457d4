// Requests per second of an authenticated GET /api/billing/credits against a bare Hono hello route
// served by the same process, same run, with autocannon. Reports the ratio.
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import autocannon from "autocannon";
import { Hono } from "hono";
import { createApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { seedOnce } from "../src/server/db/seed";
import { createDeps } from "../src/server/deps";
import { createLogger } from "../src/server/logger";

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const dataDir = mkdtempSync(join(tmpdir(), "bench-api-"));
const config = loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, LOG_LEVEL: "silent" });
const database = await openDatabase({ dataDir });
await seedOnce(database.db, { welcomeBonusCredits: config.welcomeBonusCredits });
const app = createApp(createDeps(config, database, createLogger("silent")));
const hello = new Hono().get("/hello", (c) => c.text("Hello Hono!"));

const listen = (fetch: (req: Request) => Response | Promise<Response>) =>
  new Promise<{ url: string; close: () => void }>((resolve) => {
    const server = serve({ fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) =>
      resolve({ url: `http://127.0.0.1:${info.port}`, close: () => server.close() }),
    );
  });
const appServer = await listen(app.fetch);
const helloServer = await listen(hello.fetch);

const signUp = await fetch(`${appServer.url}/api/auth/sign-up/email`, {
  method: "POST",
  headers: { "content-type": "application/json", origin: appServer.url },
  body: JSON.stringify({ email: "bench@example.com", password: "bench-password-1" }),
});
const token = signUp.headers.get("set-auth-token");
if (!token) throw new Error(`sign-up failed: ${signUp.status}`);

const run = (url: string, headers: Record<string, string> = {}) =>
  new Promise<autocannon.Result>((resolve, reject) =>
    autocannon({ url, connections: 10, duration: DURATION, headers }, (err, result) =>
      err ? reject(err) : resolve(result),
    ),
  );

await run(`${helloServer.url}/hello`); // warm-up of the JIT for both paths
const bare = await run(`${helloServer.url}/hello`);
const credits = await run(`${appServer.url}/api/billing/credits`, { authorization: `Bearer ${token}` });
if (credits.non2xx > 0) throw new Error(`${credits.non2xx} non-2xx answers from /api/billing/credits`);

const ratio = credits.requests.average / bare.requests.average;
console.log(
  JSON.stringify({
    bench: "api",
    seconds: DURATION,
    helloRps: Math.round(bare.requests.average),
    creditsRps: Math.round(credits.requests.average),
    creditsP99Ms: credits.latency.p99,
    ratio: +ratio.toFixed(3),
  }),
);
console.log(
  `api: authenticated GET /api/billing/credits ${Math.round(credits.requests.average)} req/s vs bare Hono hello ${Math.round(bare.requests.average)} req/s (ratio ${ratio.toFixed(3)}, PGlite)`,
);
appServer.close();
helloServer.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
