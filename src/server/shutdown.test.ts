// Issue 26: SIGTERM while a paid stream was running. Before, the server waited for the stream, was
// killed by its own forced exit after 10 s (exit code 1), the text already delivered was never
// charged and the hold stayed until its TTL. Now shutdown stops the stream: the client gets what was
// written and a "stopped" notice, that text is charged, the rest of the hold released, exit code 0.
// A real server process, a loopback fake of OpenAI that writes 20 deltas and then keeps the call open
// (a model still writing), on PGlite and on PostgreSQL.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type FakeProviders, startFakeProviders } from "./ai/testing/fake-providers";
import { Ledger } from "./credits/ledger";
import { openDatabase } from "./db/client";
import { creditHolds } from "./db/schema";
import { describeEachDatabase } from "./testing/databases";
import { freePort } from "./testing/processes";
import { createFreshDatabase } from "./testing/test-app";

const CEILING_MS = 120_000;
const MAIN = fileURLToPath(new URL("./main.ts", import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const DRAFT = `# Pricing wedding cakes\n\n${"Price each tier from its ingredients, hours and delivery distance. ".repeat(80)}`;
const BONUS = 100;

describeEachDatabase("SIGTERM during a paid stream", (kind) => {
  let fake: FakeProviders;
  let dataDir: string;
  let fresh: Awaited<ReturnType<typeof createFreshDatabase>> | undefined;
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    fake = await startFakeProviders();
    dataDir = mkdtempSync(join(tmpdir(), "draftsmith-shutdown-"));
    if (kind === "pg") fresh = await createFreshDatabase(process.env.TEST_DATABASE_URL as string);
  });
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await fake?.close();
    await fresh?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("stops the stream, charges what was delivered, releases the rest and exits 0", {
    timeout: 2 * CEILING_MS,
  }, async () => {
    fake.setDefault({ kind: "text", text: DRAFT, chunkChars: 40, stallAfterChunks: 20 });
    const port = await freePort();
    const proc = spawn(process.execPath, ["--import", TSX, MAIN], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        LOG_LEVEL: "info",
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: fresh?.url ?? "",
        OPENAI_API_KEY: "sk-test-openai-key",
        OPENAI_BASE_URL: fake.baseUrl,
        WELCOME_BONUS_CREDITS: String(BONUS),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = proc;
    let output = "";
    proc.stdout?.on("data", (d) => {
      output += d;
    });
    proc.stderr?.on("data", (d) => {
      output += d;
    });
    const exited = new Promise<number | null>((resolve) => proc.on("exit", (code) => resolve(code)));
    const url = `http://127.0.0.1:${port}`;

    const until = Date.now() + CEILING_MS;
    for (;;) {
      if (proc.exitCode !== null || Date.now() > until) throw new Error(`the server did not start:\n${output}`);
      if (
        await fetch(`${url}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url },
      body: JSON.stringify({ email: `stream-${kind}@example.com`, password: "a-long-password-1" }),
    });
    expect(signUp.status).toBe(200);
    const token = signUp.headers.get("set-auth-token") as string;
    const { user } = (await signUp.json()) as { user: { id: string } };

    const res = await fetch(`${url}/api/execute`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "text/event-stream",
        authorization: `Bearer ${token}`,
        origin: url,
      },
      body: JSON.stringify({
        currentDate: "2026-11-21",
        contentType: "Guide: pricing wedding cakes for a home bakery",
        targetAudience: "home bakers",
        wordCount: "600",
        writingStyle: "prose2",
      }),
    });
    expect(res.status).toBe(200);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let raw = "";
    const events = () =>
      raw
        .split("\n\n")
        .filter((block) => block.includes("data:"))
        .map((block) => ({
          event: /^event: (.+)$/m.exec(block)?.[1],
          data: JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? "null"),
        }));
    const delivered = () =>
      events()
        .filter((e) => e.event === "delta")
        .map((e) => (e.data as { text: string }).text)
        .join("");
    // Read until the model's 20 deltas have arrived: the model is now "still writing".
    while (fake.calls[0]?.deltasSent !== 20 || delivered().length < 20 * 40) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the stream ended early:\n${raw}`);
      raw += decoder.decode(value, { stream: true });
    }

    proc.kill("SIGTERM");
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      raw += decoder.decode(value, { stream: true });
    }
    const done = events().find((e) => e.event === "done")?.data as {
      stopped?: string;
      notice?: string;
      creditsUsed: number;
      response: { content: Array<{ text: string }> };
    };
    expect(done, raw).toBeDefined();
    expect(done.stopped).toBe("shutdown");
    expect(done.notice).toMatch(/server is restarting/);
    expect(done.creditsUsed).toBeGreaterThan(0);
    expect(done.response.content.map((c) => c.text).join("")).toBe(delivered());
    expect(await exited).toBe(0);
    expect(output).toMatch(/"event":"server.closed"/);
    expect(fake.calls[0]?.clientClosed).toBe(true);

    // The ledger after the process: the delivered text charged, no hold left, the rest available.
    const database = await openDatabase(fresh ? { databaseUrl: fresh.url } : { dataDir });
    try {
      const ledger = new Ledger(database.db);
      const usage = await ledger.usage(user.id, 10);
      expect(usage).toHaveLength(1);
      expect(usage[0]?.creditsUsed).toBe(done.creditsUsed);
      expect(await ledger.balance(user.id)).toMatchObject({
        availableCredits: BONUS - done.creditsUsed,
        heldCredits: 0,
      });
      expect(await database.db.select().from(creditHolds).where(eq(creditHolds.userId, user.id))).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
