// `npm run dev` (scripts/dev.mjs) as a developer runs it: the API on PORT behind Vite's proxy, and
// one SIGTERM to npm (what a terminal's kill or a service manager sends) stops every process it
// started (dev.mjs, tsx watch, the API, Vite, esbuild), none left behind under PID 1.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { afterAll, describe, expect, it, vi } from "vitest";
import { isAlive as alive, freePort, processTree } from "../src/server/testing/processes";

const CEILING_MS = 180_000;
const dataDir = mkdtempSync(join(tmpdir(), "draftsmith-dev-"));
let dev: ChildProcess | undefined;
let tree: number[] = [];
afterAll(() => {
  for (const pid of tree)
    try {
      process.kill(pid, "SIGKILL");
    } catch {}
  rmSync(dataDir, { recursive: true, force: true });
});

describe("npm run dev", () => {
  it("serves the API on PORT behind Vite, and SIGTERM stops every process it started", {
    timeout: 3 * CEILING_MS,
  }, async () => {
    const port = await freePort();
    let out = "";
    // Vite colours its banner when the runner forces colour (Vitest sets FORCE_COLOR): ask for none,
    // and read the output without escape codes either way.
    const { FORCE_COLOR: _forced, ...inherited } = process.env;
    dev = spawn("npm", ["run", "dev"], {
      env: { ...inherited, NO_COLOR: "1", PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "info" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    dev.stdout?.on("data", (d) => {
      out += stripVTControlCharacters(String(d));
    });
    dev.stderr?.on("data", (d) => {
      out += stripVTControlCharacters(String(d));
    });
    const exited = new Promise<number | null>((resolve) => dev?.on("exit", (code) => resolve(code)));

    // Vite says where it serves; the API answers on PORT, and through Vite's proxy.
    await vi.waitFor(() => expect(out).toMatch(/Local:\s+http:\/\/localhost:\d+/), {
      timeout: CEILING_MS,
      interval: 200,
    });
    const vitePort = Number(/Local:\s+http:\/\/localhost:(\d+)/.exec(out)?.[1]);
    await vi.waitFor(
      async () => {
        expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
        expect((await fetch(`http://localhost:${vitePort}/api/health`)).status).toBe(200);
      },
      { timeout: CEILING_MS, interval: 500 },
    );

    tree = processTree(dev.pid as number);
    // npm, dev.mjs, tsx watch and the API it runs, Vite and its esbuild service (at least).
    expect(tree.length, out).toBeGreaterThanOrEqual(6);
    dev.kill("SIGTERM");
    expect(await exited).toBe(0);
    await vi.waitFor(() => expect(tree.filter(alive)).toEqual([]), { timeout: CEILING_MS, interval: 200 });
  });
});
