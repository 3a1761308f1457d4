// The built server as people start it, outside the browser: `npm start` passes SIGTERM and SIGINT on
// to the server (which drains and lets go of the embedded database) and nothing it started is left
// running; and the built entry on a Node older than 24 stops at once with one line saying what to do.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { isAlive as alive, freePort, processTree } from "../../src/server/testing/processes";

// `npm start` runs dist/ (DIST_DIR is for parallel builds of the browser tests only).
const DIST = process.env.DIST_DIR ?? "dist";
const dirs: string[] = [];
test.afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  test(`${signal} to \`npm start\` reaches the server, and every process exits with it`, async () => {
    test.setTimeout(180_000);
    test.skip(DIST !== "dist", "npm start runs the build in dist/");
    const dataDir = mkdtempSync(join(tmpdir(), "draftsmith-e2e-start-"));
    dirs.push(dataDir);
    const port = await freePort();
    let npm: ChildProcess | undefined;
    let tree: number[] = [];
    try {
      npm = spawn("npm", ["start"], {
        env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "info", NODE_ENV: "production" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let out = "";
      npm.stdout?.on("data", (d) => {
        out += d;
      });
      npm.stderr?.on("data", (d) => {
        out += d;
      });
      const exited = new Promise<number | null>((resolve) => npm?.on("exit", (code) => resolve(code)));
      await expect(async () => {
        expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      }).toPass({ timeout: 120_000 });
      tree = processTree(npm.pid as number);
      expect(tree.length, out).toBeGreaterThanOrEqual(2); // npm and the server
      expect(existsSync(join(dataDir, "draftsmith.lock"))).toBe(true);

      npm.kill(signal);
      await exited;
      await expect(() => expect(tree.filter(alive)).toEqual([])).toPass({ timeout: 60_000 });
      expect(out).toMatch(new RegExp(`"signal":"${signal}"`)); // the server's own shutdown, not a kill
      expect(existsSync(join(dataDir, "draftsmith.lock"))).toBe(false);
    } finally {
      for (const pid of tree) if (alive(pid)) process.kill(pid, "SIGKILL");
    }
  });
}

test("the built server on an older Node stops at once with one line saying which Node to use and how", () => {
  // The machine's own Node, outside npm's scripts (which run the Node 24 that npm install put in node_modules/.bin).
  const system = ["/usr/bin/node", "/usr/local/bin/node"].find((p) => existsSync(p));
  const version = system ? execFileSync(system, ["--version"], { encoding: "utf8" }).trim() : "";
  test.skip(
    !system || Number(version.slice(1).split(".")[0]) >= 24,
    `no Node older than 24 on this machine (${version})`,
  );
  let stderr = "";
  let status = 0;
  try {
    execFileSync(system as string, [`${DIST}/server/main.js`], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (err) {
    const e = err as { status: number; stderr: string };
    status = e.status;
    stderr = e.stderr;
  }
  expect(status).toBe(1);
  expect(stderr.trim().split("\n")).toEqual([
    `Draftsmith needs Node.js 24 or newer, and this is Node.js ${version.slice(1)}: start it with \`npm start\` after \`npm install\` (which installs Node 24 for npm's scripts), or install Node.js 24 (the version in .nvmrc) and run it with that.`,
  ]);
});
