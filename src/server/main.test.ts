// The process as an operator runs it: bad settings, a taken port, a second process on the same
// embedded database and a missing PostgreSQL database each stop it with one line saying what to do;
// it keeps idle connections open past common client timeouts; SIGTERM drains and exits cleanly,
// and so does losing its stdout (EPIPE).
//
// Starting a process costs seconds on a busy machine: the checks that can share one started server
// do, and every wait is on an event (a health answer, a log line, an exit) under a generous ceiling.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { describePostgresOnly } from "./testing/databases";
import { freePort, isAlive } from "./testing/processes";

const CEILING_MS = 120_000;
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "draftsmith-main-"));
  dirs.push(dir);
  return dir;
};
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  output: () => string;
  /** Resolves when the output matches `pattern`; rejects past the ceiling, saying what it saw. */
  waitFor: (pattern: RegExp) => Promise<void>;
  exited: Promise<number | null>;
}

// Absolute, so the server can start in any working directory.
const MAIN = fileURLToPath(new URL("./main.ts", import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

function start(env: Record<string, string>, opts: { cwd?: string } = {}): Started {
  const child = spawn(process.execPath, ["--import", TSX, MAIN], {
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    cwd: opts.cwd,
  });
  children.push(child);
  let out = "";
  const waiters = new Set<() => void>();
  const onData = (d: Buffer) => {
    out += d;
    for (const check of waiters) check();
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const waitFor = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no ${pattern} within ${CEILING_MS} ms; output:\n${out}`));
      }, CEILING_MS);
      const check = () => {
        if (!pattern.test(out)) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
      check();
    });
  return { child, output: () => out, waitFor, exited };
}

async function healthy(port: number, process: Started): Promise<void> {
  const until = Date.now() + CEILING_MS;
  while (Date.now() < until && process.child.exitCode === null) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no healthy answer on ${port}; output:\n${process.output()}`);
}

const noStack = (text: string) => expect(text).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);

describe("the server process", () => {
  it("stops at start-up with one clear line per bad setting", { timeout: CEILING_MS }, async () => {
    const p = start({ PORT: "not-a-port", DETECTOR: "magic", DATA_DIR: tempDir() });
    expect(await p.exited).toBe(1);
    expect(p.output()).toMatch(/Invalid configuration:/);
    expect(p.output()).toMatch(/- PORT: PORT must be a number/);
    expect(p.output()).toMatch(/- DETECTOR: DETECTOR must be builtin, gptzero or sapling/);
    noStack(p.output());
  });

  describe("one started server", () => {
    const dataDir = tempDir();
    let port: number;
    let server: Started;
    beforeAll(async () => {
      port = await freePort();
      server = start({ PORT: String(port), DATA_DIR: dataDir });
      await healthy(port, server);
    }, CEILING_MS);

    it("logs each request with its request id", { timeout: CEILING_MS }, async () => {
      const res = await fetch(`http://127.0.0.1:${port}/api/billing/credits`);
      const requestId = res.headers.get("x-request-id");
      expect(requestId).toBeTruthy();
      await server.waitFor(new RegExp(`"requestId":"${requestId}"[^\\n]*"event":"http.request"`));
      const line = server
        .output()
        .split("\n")
        .find((l) => l.includes(`"requestId":"${requestId}"`) && l.includes('"event":"http.request"'));
      expect(JSON.parse(line ?? "{}")).toMatchObject({ requestId, status: 401, path: "/api/billing/credits" });
    });

    it("keeps an idle connection open for 65 s, past the 60 s of common clients and proxies", async () => {
      const keepAlive = await new Promise<string | undefined>((resolve, reject) => {
        const req = request({ host: "127.0.0.1", port, path: "/api/health", headers: { connection: "keep-alive" } });
        req.on("response", (res) => {
          res.resume();
          resolve(String(res.headers["keep-alive"]));
        });
        req.on("error", reject);
        req.end();
      });
      expect(keepAlive).toBe("timeout=65");
    });

    it("refuses a second process on the same DATA_DIR with one line", { timeout: CEILING_MS }, async () => {
      const second = start({ PORT: String(await freePort()), DATA_DIR: dataDir });
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(/in use by another Draftsmith process/);
      noStack(second.output());
    });

    it("says in one line that the port is taken, and what to do", { timeout: CEILING_MS }, async () => {
      const second = start({ PORT: String(port), DATA_DIR: tempDir() });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(
        `Port ${port} is already in use (another Draftsmith, or another program). Stop it, or start on a free port: PORT=${port + 1} npm start`,
      );
      noStack(second.output());
    });

    it("drains and exits cleanly on SIGTERM", { timeout: CEILING_MS }, async () => {
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      expect(server.output()).toMatch(/"event":"server.closed"/);
      expect(existsSync(join(dataDir, "draftsmith.lock"))).toBe(false);
    });
  });

  it("shuts down by itself when the reader of its stdout goes away (EPIPE)", { timeout: 2 * CEILING_MS }, async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const p = start({ PORT: String(port), DATA_DIR: dataDir });
    await healthy(port, p);
    p.child.stdout?.destroy();
    // The next log line (this request's) meets the closed pipe.
    await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => {});
    expect(await p.exited).toBe(0);
    expect(existsSync(join(dataDir, "draftsmith.lock"))).toBe(false);
  });
});

describe("the server process and its surroundings", () => {
  it("reads .env in its working directory, under the environment", { timeout: CEILING_MS }, async () => {
    const dir = tempDir();
    const port = await freePort();
    // The port comes from the file; its bad DETECTOR loses to the environment's.
    writeFileSync(join(dir, ".env"), `PORT=${port}\nDETECTOR=magic\nDATA_DIR=${join(dir, "data")}\n`);
    const { PORT: _port, DATA_DIR: _dir, ...env } = process.env;
    const p = start({ ...(env as Record<string, string>), DETECTOR: "builtin" }, { cwd: dir });
    await healthy(port, p);
    expect(existsSync(join(dir, "data", "draftsmith.lock"))).toBe(true);
    p.child.kill("SIGTERM");
    expect(await p.exited).toBe(0);
  });

  it("exits with its parent under an npm script, even when the parent is killed outright", {
    timeout: CEILING_MS,
  }, async () => {
    const dataDir = tempDir();
    const port = await freePort();
    // A parent that starts the server as npm does (npm_lifecycle_event set) and then does nothing.
    const parent = spawn(
      process.execPath,
      [
        "-e",
        `const c = require("node:child_process").spawn(process.execPath, ["--import", ${JSON.stringify(TSX)}, ${JSON.stringify(MAIN)}], { stdio: "ignore" });
         console.log(c.pid); setInterval(() => {}, 60000);`,
      ],
      {
        env: {
          ...process.env,
          npm_lifecycle_event: "start",
          PORT: String(port),
          DATA_DIR: dataDir,
          NODE_ENV: "production",
        },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    children.push(parent);
    const serverPid = await new Promise<number>((resolve) =>
      parent.stdout?.once("data", (d) => resolve(Number(String(d).trim()))),
    );
    const alive = () => isAlive(serverPid);
    try {
      await healthy(port, { child: parent, output: () => "", waitFor: async () => {}, exited: new Promise(() => {}) });
      parent.kill("SIGKILL");
      await vi.waitFor(() => expect(alive()).toBe(false), { timeout: CEILING_MS, interval: 100 });
      expect(existsSync(join(dataDir, "draftsmith.lock"))).toBe(false); // it shut down cleanly
    } finally {
      if (alive()) process.kill(serverPid, "SIGKILL");
    }
  });
});

describePostgresOnly("the server process on PostgreSQL", () => {
  it("says how to create a missing database instead of printing a stack", { timeout: CEILING_MS }, async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = "/draftsmith_missing_database";
    const p = start({ DATABASE_URL: url.toString(), PORT: String(await freePort()), DATA_DIR: tempDir() });
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain(
      `PostgreSQL at ${url.hostname}:${url.port || "5432"} has no database "draftsmith_missing_database". Create it with: createdb -h ${url.hostname} -p ${url.port || "5432"} -U ${url.username || "postgres"} draftsmith_missing_database`,
    );
    noStack(p.output());
  });
});
