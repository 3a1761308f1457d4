// Issue 26: who becomes admin unverified. Only an ADMIN_EMAILS sign-up whose connection was opened by
// a process that started the server (an ancestor of it: here, this test process, which spawns the
// server as its child). A proxy on the same host, even one that adds no forwarding header, is never
// an ancestor of the server: its sign-up waits for the address to be verified. Linux (/proc) only.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../testing/processes";
import { ancestors, procAddress } from "./peer-process";

const CEILING_MS = 150_000;
const MAIN = fileURLToPath(new URL("../main.ts", import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

/** A bare TCP proxy in a process of its own (a child of this test: the server's sibling, not its ancestor). */
const PROXY = `
const net = require("node:net");
const target = Number(process.argv[1]);
const server = net.createServer((client) => {
  const upstream = net.connect(target, "127.0.0.1");
  client.pipe(upstream);
  upstream.pipe(client);
  client.on("error", () => upstream.destroy());
  upstream.on("error", () => client.destroy());
});
server.listen(0, "127.0.0.1", () => console.log("proxy " + server.address().port));
`;

/** Resolves with the first match of `pattern` in the child's output; rejects past the ceiling. */
function waitForOutput(child: ChildProcess, pattern: RegExp, what: string): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`no ${what} within ${CEILING_MS} ms:\n${out}`)), CEILING_MS);
    const onData = (d: Buffer) => {
      out += d;
      const m = out.match(pattern);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`${what}: the process exited ${code}:\n${out}`)));
  });
}

describe.runIf(existsSync("/proc/self/fd"))(
  "ADMIN_EMAILS: admin unverified only from a process that started the server",
  () => {
    const dataDir = mkdtempSync(join(tmpdir(), "draftsmith-operator-"));
    const children: ChildProcess[] = [];
    let port: number;
    let proxyPort: number;

    beforeAll(async () => {
      port = await freePort();
      const server = spawn(process.execPath, ["--import", TSX, MAIN], {
        env: {
          ...process.env,
          NODE_ENV: "production",
          LOG_LEVEL: "info",
          PORT: String(port),
          DATA_DIR: dataDir,
          ADMIN_EMAILS: "boss@example.com,chief@example.com",
          TRUST_PROXY: "false",
          NODE_OPTIONS: "",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      children.push(server);
      await waitForOutput(server, /"event":"server\.listening"/, "server start");
      const proxy = spawn(process.execPath, ["-e", PROXY, String(port)], { stdio: ["ignore", "pipe", "pipe"] });
      children.push(proxy);
      proxyPort = Number((await waitForOutput(proxy, /proxy (\d+)/, "proxy start"))[1]);
    }, CEILING_MS);

    afterAll(() => {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    });

    const signUp = async (via: number, email: string) => {
      const res = await fetch(`http://127.0.0.1:${via}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", connection: "close" },
        body: JSON.stringify({ email, password: "long-enough-1" }),
      });
      expect(res.status).toBe(200);
      const cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      return { user: (await res.json()).user as { role: string; emailVerified: boolean }, cookie };
    };

    it("keeps a sign-up through a same-host proxy that adds no forwarding header a user", {
      timeout: CEILING_MS,
    }, async () => {
      const { user, cookie } = await signUp(proxyPort, "chief@example.com");
      expect(user).toMatchObject({ role: "user", emailVerified: false });
      const admin = await fetch(`http://127.0.0.1:${port}/api/admin/direct-grant/search?query=chief`, {
        headers: { cookie },
      });
      expect(admin.status).toBe(403);
    });

    it("makes the sign-up of the process that started the server an admin at once", {
      timeout: CEILING_MS,
    }, async () => {
      const { user, cookie } = await signUp(port, "Boss@Example.com");
      expect(user).toMatchObject({ role: "admin", emailVerified: false });
      const admin = await fetch(`http://127.0.0.1:${port}/api/admin/direct-grant/search?query=chief`, {
        headers: { cookie },
      });
      expect(admin.status).toBe(200);
    });
  },
);

describe("peer-process helpers", () => {
  it("reads /proc/net/tcp{,6} addresses", () => {
    const little = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
    expect(procAddress(little ? "0100007F" : "7F000001")).toBe("127.0.0.1");
    expect(procAddress(little ? "00000000000000000000000001000000" : "00000000000000000000000000000001")).toBe(
      "0:0:0:0:0:0:0:1",
    );
    // ::ffff:127.0.0.1 is the IPv4 address.
    expect(procAddress(little ? "0000000000000000FFFF00000100007F" : "000000000000000000000FFFF7F000001")).toBe(
      "127.0.0.1",
    );
    expect(procAddress("nonsense")).toBeNull();
  });

  it.runIf(existsSync("/proc/self/stat"))("walks this process's parents up to init", async () => {
    const chain = await ancestors();
    expect(chain[0]).toBe(process.ppid);
    expect(chain).not.toContain(process.pid);
    expect(chain.at(-1)).toBeLessThanOrEqual(chain[0]);
  });
});
