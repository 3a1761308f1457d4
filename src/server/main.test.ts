// The process as an operator runs it: bad settings stop it with one line each, a second process
// on the same embedded database is refused, and SIGTERM drains and exits cleanly.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dataDir = mkdtempSync(join(tmpdir(), "draftsmith-main-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

function start(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "info", DATA_DIR: dataDir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d) => (out += d));
  child.stderr?.on("data", (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function healthy(port: number, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return true;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

describe("the server process", () => {
  it("stops at start-up with one clear line per bad setting", async () => {
    const p = start({ PORT: "not-a-port", DETECTOR: "magic" });
    expect(await p.exited).toBe(1);
    expect(p.output()).toMatch(/Invalid configuration:/);
    expect(p.output()).toMatch(/- PORT: PORT must be a number/);
    expect(p.output()).toMatch(/- DETECTOR: DETECTOR must be builtin, gptzero or sapling/);
    expect(p.output()).not.toMatch(/at .*\.ts:\d+/); // no stack
  });

  it("refuses a second process on the same DATA_DIR, logs with request ids, and drains on SIGTERM", async () => {
    const port = await freePort();
    const first = start({ PORT: String(port) });
    expect(await healthy(port)).toBe(true);
    expect(existsSync(join(dataDir, "draftsmith.lock"))).toBe(true);

    const second = start({ PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by another Draftsmith process/);

    const res = await fetch(`http://127.0.0.1:${port}/api/billing/credits`);
    const requestId = res.headers.get("x-request-id");
    expect(requestId).toBeTruthy();
    await new Promise((r) => setTimeout(r, 200));
    const logLine = first
      .output()
      .split("\n")
      .find((l) => l.includes('"event":"http.request"') && l.includes("/api/billing/credits"));
    expect(JSON.parse(logLine ?? "{}")).toMatchObject({ requestId, status: 401 });

    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(first.output()).toMatch(/"event":"server.closed"/);
    expect(existsSync(join(dataDir, "draftsmith.lock"))).toBe(false);
  });
});
