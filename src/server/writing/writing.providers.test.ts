// The writing endpoints with the real AI SDK clients at the wire, against loopback fakes of OpenAI and
// Anthropic answering in their documented JSON/SSE formats: every success settles the real usage once;
// every failure reaches the client as the spec §8 text with the right status, the hold released and
// nothing charged. Streaming runs over a real HTTP server.
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { creditsForTokens } from "../../shared/credits-math";
import { type GenerationResponse, messageText } from "../../shared/writing";
import { createWritingModels } from "../ai/models";
import {
  type FakeProviders,
  type FakeScript,
  PROVIDER_FAILURES,
  startFakeProviders,
} from "../ai/testing/fake-providers";
import { createApp } from "../app";
import { apiRequests } from "../db/schema";
import { describeEachDatabase } from "../testing/databases";
import { ledgerViolations } from "../testing/ledger-invariants";
import { createTestApp, type SignedUpUser, type TestApp } from "../testing/test-app";
import { readSse } from "./testing/sse";
import { WritingService } from "./writing.service";

const SESSION = {
  currentDate: "2026-11-21",
  contentType: "Guide: pricing wedding cakes for a home bakery",
  targetAudience: "home bakers starting a side business",
  wordCount: "600",
  writingStyle: "prose2",
};
const DRAFT = `# Pricing wedding cakes from a home kitchen\n\n${"Price each tier from its ingredients, hours and delivery distance. ".repeat(60)}\n`;
// The idle limit of a model call: what ends "a slow first byte". Seconds, not one: on a busy machine a
// live stream from the fake (same process) can pause for over a second between chunks, and a tight
// limit then fails calls the tests expect to succeed.
const AI_TIMEOUT_MS = 10_000;

describeEachDatabase("writing with real SDKs against provider fakes", (kind) => {
  let t: TestApp;
  let fake: FakeProviders;
  let app: ReturnType<typeof createApp>;
  let ada: SignedUpUser;
  let server: ReturnType<typeof serve>;
  let base: string;

  beforeAll(async () => {
    fake = await startFakeProviders();
    t = await createTestApp({ database: kind, env: { WELCOME_BONUS_CREDITS: "0" } });
    const models = createWritingModels({
      openai: { apiKey: "sk-test-openai-key", baseUrl: fake.baseUrl, model: "gpt-5", api: "responses" },
      anthropic: { apiKey: "sk-ant-test-key", baseUrl: fake.baseUrl, model: "claude-sonnet-4-20250514" },
      aiTimeoutMs: AI_TIMEOUT_MS,
    });
    const writing = new WritingService({ ...t.deps, models });
    app = createApp({ ...t.deps, writing });
    ada = await t.signUp("ada@example.com");
    await t.deps.ledger.grant({
      userId: ada.userId,
      amount: 1000,
      type: "grant",
      metadata: { reason: "provider tests" },
    });
    server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await fake?.close();
    await t?.close();
  });
  beforeEach(() => fake.reset());

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.request(path, {
      method: "POST",
      headers: { "content-type": "application/json", ...ada.headers, ...headers },
      body: JSON.stringify(body),
    });
  const snapshot = async () => {
    const b = await t.deps.ledger.balance(ada.userId);
    const usage = await t.deps.ledger.usage(ada.userId, 20);
    const requests = await t.db
      .select({ id: apiRequests.id })
      .from(apiRequests)
      .where(eq(apiRequests.userId, ada.userId));
    return { available: b.availableCredits, held: b.heldCredits, usage: usage.length, requests: requests.length };
  };

  it("settles an OpenAI draft on the usage the provider reported", async () => {
    fake.script({ kind: "text", text: DRAFT, inputTokens: 1500, outputTokens: 2500 });
    const before = await snapshot();
    const res = await post("/api/execute", { ...SESSION, aiProvider: "openai" });
    const body = (await res.json()) as GenerationResponse;
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ aiProvider: "openai", writer: "openai", model: "gpt-5", tokensUsed: 4000 });
    expect(body.creditsUsed).toBe(creditsForTokens(4000));
    expect(messageText(body.response)).toBe(DRAFT.trim());
    const after = await snapshot();
    expect(after).toEqual({
      available: before.available - creditsForTokens(4000),
      held: 0,
      usage: before.usage + 1,
      requests: before.requests + 1,
    });
    const [usage] = await t.deps.ledger.usage(ada.userId, 1);
    expect(usage).toMatchObject({
      requestTokens: 1500,
      responseTokens: 2500,
      aiProvider: "openai",
      requestId: body.requestId,
    });
    expect(fake.calls[0].body.input).toBeDefined();
  });

  it("settles a Claude draft with a web search on its total usage, the search preamble dropped", async () => {
    fake.script({
      kind: "text",
      text: DRAFT,
      inputTokens: 6000,
      outputTokens: 2100,
      webSearch: { preamble: "Let me check current cake prices.", query: "wedding cake price per slice 2026" },
    });
    const before = await snapshot();
    const res = await post("/api/execute", { ...SESSION, aiProvider: "anthropic" });
    const body = (await res.json()) as GenerationResponse;
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ writer: "anthropic", model: "claude-sonnet-4-20250514", tokensUsed: 8100 });
    expect(messageText(body.response)).toMatch(/^# Pricing wedding cakes/);
    expect((await snapshot()).available).toBe(before.available - creditsForTokens(8100));
  });

  it("charges once when a retried call succeeds on its second attempt", async () => {
    fake.script(PROVIDER_FAILURES.anthropicOverloaded, {
      kind: "text",
      text: DRAFT,
      inputTokens: 1000,
      outputTokens: 1000,
    });
    const before = await snapshot();
    const res = await post("/api/execute", { ...SESSION, aiProvider: "anthropic" });
    expect(res.status).toBe(200);
    expect(fake.calls).toHaveLength(2);
    const after = await snapshot();
    expect(after.available).toBe(before.available - creditsForTokens(2000));
    expect(after.usage).toBe(before.usage + 1);
  });

  const failures: Array<[string, "openai" | "anthropic", FakeScript[], number, RegExp, number]> = [
    [
      "OpenAI 429 rate limit",
      "openai",
      Array(3).fill(PROVIDER_FAILURES.openaiRateLimited),
      429,
      /too many requests/,
      3,
    ],
    ["OpenAI 500", "openai", Array(3).fill(PROVIDER_FAILURES.openaiServerError), 503, /temporarily unavailable/, 3],
    [
      "Anthropic 529 overloaded_error",
      "anthropic",
      Array(3).fill(PROVIDER_FAILURES.anthropicOverloaded),
      503,
      /overloaded/,
      3,
    ],
    [
      "Anthropic overloaded_error event after a 200",
      "anthropic",
      Array(3).fill({
        kind: "stream-error",
        text: "",
        afterChunks: -1,
        error: { type: "overloaded_error", message: "Overloaded" },
        headers: { "retry-after": "0" },
      }),
      503,
      /overloaded/,
      3,
    ],
    [
      "Anthropic 'credit balance is too low'",
      "anthropic",
      [PROVIDER_FAILURES.anthropicCreditTooLow],
      502,
      /credit balance is too low/,
      1,
    ],
    [
      "OpenAI insufficient_quota",
      "openai",
      Array(3).fill(PROVIDER_FAILURES.openaiInsufficientQuota),
      502,
      /credit balance is too low/,
      3,
    ],
    ["Anthropic 401", "anthropic", [PROVIDER_FAILURES.anthropicUnauthorized], 502, /authentication/, 1],
    ["OpenAI 401", "openai", [PROVIDER_FAILURES.openaiUnauthorized], 502, /authentication/, 1],
    [
      "a stream cut mid-way",
      "openai",
      [{ kind: "cut", text: DRAFT, afterChunks: 5 }],
      503,
      /temporarily unavailable/,
      1,
    ],
    [
      "a slow first byte",
      "anthropic",
      // The first byte never comes: only AI_TIMEOUT_MS can end the call (no clock is read here).
      [{ kind: "text", text: DRAFT, firstByteDelayMs: Number.POSITIVE_INFINITY }],
      503,
      /temporarily unavailable/,
      1,
    ],
  ];

  it.each(failures)(
    "%s → the client's error, the hold released, nothing charged",
    async (_name, provider, scripts, status, text, attempts) => {
      fake.script(...scripts);
      const before = await snapshot();
      const res = await post("/api/execute", { ...SESSION, aiProvider: provider });
      const body = (await res.json()) as { error: string };
      expect(res.status).toBe(status);
      expect(body.error).toMatch(text);
      expect(body.error).not.toMatch(/sk-|stack|at \w+ \(/);
      expect(fake.calls).toHaveLength(attempts);
      expect(await snapshot()).toEqual(before);
    },
  );

  it("reports a failure after the stream opened as an error event, and charges nothing", async () => {
    fake.script({ kind: "cut", text: DRAFT, afterChunks: 4 });
    const before = await snapshot();
    const res = await fetch(`${base}/api/execute`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream", ...ada.headers },
      body: JSON.stringify({ ...SESSION, aiProvider: "openai" }),
    });
    expect(res.status).toBe(200);
    const events = await readSse(res);
    expect(events.map((e) => e.event)).toEqual(["start", "delta", "delta", "delta", "delta", "error"]);
    expect(events.at(-1)?.data).toMatchObject({ error: expect.stringMatching(/temporarily unavailable/), status: 503 });
    expect(await snapshot()).toEqual(before);
  });

  it("streams deltas to the client before the model has finished writing", async () => {
    fake.script({ kind: "text", text: DRAFT, chunkChars: 80, chunkDelayMs: 15, inputTokens: 900, outputTokens: 1100 });
    const res = await fetch(`${base}/api/execute`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream", ...ada.headers },
      body: JSON.stringify({ ...SESSION, aiProvider: "openai" }),
    });
    let deltasBeforeFakeFinished = 0;
    const events = await readSse(res, (e) => {
      if (e.event === "delta" && fake.calls[0]?.finishedAt === undefined) deltasBeforeFakeFinished++;
      return undefined;
    });
    expect(deltasBeforeFakeFinished).toBeGreaterThanOrEqual(3);
    const done = events.at(-1)!;
    expect(done.event).toBe("done");
    expect(done.data).toMatchObject({ writer: "openai", tokensUsed: 2000, creditsUsed: creditsForTokens(2000) });
  });

  it("cancels the model call when the client disconnects and charges only what was written", async () => {
    fake.script({
      kind: "text",
      text: DRAFT.repeat(4),
      chunkChars: 40,
      // Still writing when the client leaves, however slow this machine is.
      stallAfterChunks: 8,
      inputTokens: 900,
      outputTokens: 5000,
    });
    const before = await snapshot();
    const ac = new AbortController();
    const res = await fetch(`${base}/api/execute`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream", ...ada.headers },
      body: JSON.stringify({ ...SESSION, aiProvider: "openai" }),
      signal: ac.signal,
    });
    let deltas = 0;
    let documentId = "";
    let streamed = "";
    await readSse(res, (e) => {
      if (e.event === "start") documentId = (e.data as { documentId: string }).documentId;
      if (e.event === "delta") streamed += (e.data as { text: string }).text;
      return e.event === "delta" && ++deltas === 3 ? "stop" : undefined;
    });
    ac.abort();
    const call = fake.calls[0];
    await vi.waitFor(
      async () => {
        expect(call.clientClosed).toBe(true);
        expect((await snapshot()).held).toBe(0);
      },
      { timeout: 60_000, interval: 20 },
    );
    expect(call.deltasSent).toBeLessThanOrEqual(8);
    const after = await snapshot();
    expect(after.held).toBe(0);
    expect(after.usage).toBe(before.usage + 1);
    const [usage] = await t.deps.ledger.usage(ada.userId, 1);
    // The partial output, counted at characters ÷ 4: far less than the 5,000 the full draft would report.
    expect(usage.responseTokens).toBeGreaterThan(0);
    expect(usage.responseTokens).toBeLessThan(1000);
    expect(before.available - after.available).toBe(usage.creditsUsed);
    // The text that was paid for is saved, as a partial draft of the document the stream named.
    const doc = (await (await app.request(`/api/documents/${documentId}`, { headers: ada.headers })).json()) as {
      document: { versions: Array<{ kind: string; partial: boolean; content: string; creditsUsed: number }> };
    };
    const [version] = doc.document.versions;
    expect(version).toMatchObject({ kind: "draft", partial: true, creditsUsed: usage.creditsUsed });
    expect(version?.content.startsWith(streamed)).toBe(true);
  });

  it("can't be outrun by a prompt that asks for ten times the words it pays for", async () => {
    // The hold is sized from wordCount (150); the brief asks for 5,000 words and the model obliges.
    const cy = await t.signUp(`cy-${kind}-${randomUUID().slice(0, 8)}@example.com`); // its own on a retry
    await t.deps.ledger.grant({ userId: cy.userId, amount: 5, type: "grant", metadata: { reason: "outrun test" } });
    const LONG = `# Bread\n\n${"Knead the dough until it passes the windowpane test, then rest it. ".repeat(700)}`;
    fake.setDefault({ kind: "text", text: LONG, chunkChars: 200, inputTokens: 1200, outputTokens: 12_000 });
    const ask = () =>
      app.request("/api/execute", {
        method: "POST",
        headers: { "content-type": "application/json", ...cy.headers },
        body: JSON.stringify({ ...SESSION, contentType: "a 5000-word blog post about bread", wordCount: "150" }),
      });
    const answers = await Promise.all([ask(), ask()]);
    const bodies = await Promise.all(answers.map((r) => r.json() as Promise<GenerationResponse & { error?: string }>));
    let charged = 0;
    for (const [i, res] of answers.entries()) {
      const body = bodies[i]!;
      if (res.status === 402) {
        expect(body.error).toMatch(/insufficient credits/i);
        continue;
      }
      expect(res.status).toBe(200);
      expect(body).toMatchObject({ stopped: "out_of_credits" });
      expect(body.notice).toMatch(/out of credits/i);
      const text = messageText(body.response);
      expect(text.length).toBeGreaterThan(0);
      expect(text.length).toBeLessThan(LONG.length / 2);
      // What was delivered is covered by what was charged (characters ÷ 4 tokens, × 1.25 per 1,000).
      expect(creditsForTokens(Math.ceil(text.length / 4))).toBeLessThanOrEqual(body.creditsUsed);
      charged += body.creditsUsed;
    }
    expect(answers.some((r) => r.status === 200)).toBe(true);
    expect(charged).toBeLessThanOrEqual(5);
    const usage = await t.deps.ledger.usage(cy.userId, 10);
    expect(usage.every((u) => u.shortfall === 0)).toBe(true);
    expect(await t.deps.ledger.balance(cy.userId)).toMatchObject({ availableCredits: 5 - charged, heldCredits: 0 });
    fake.reset();
  });

  it("refuses with 402 'Insufficient credits' before the model runs, as JSON even when a stream was asked for", async () => {
    const dee = await t.signUp(`dee-${kind}-${randomUUID().slice(0, 8)}@example.com`);
    for (const accept of ["application/json", "text/event-stream"]) {
      const res = await app.request("/api/execute", {
        method: "POST",
        headers: { "content-type": "application/json", accept, ...dee.headers },
        body: JSON.stringify(SESSION),
      });
      expect(res.status).toBe(402);
      expect(res.headers.get("content-type")).toMatch(/application\/json/);
      expect(((await res.json()) as { error: string }).error).toMatch(/^Insufficient credits/);
    }
    expect(fake.calls).toHaveLength(0);
    expect(await t.deps.ledger.balance(dee.userId)).toMatchObject({ availableCredits: 0, heldCredits: 0 });
    expect(await t.deps.ledger.usage(dee.userId, 20)).toEqual([]);
  });

  // Issue 26: text that reached the client is paid for whatever fails after it. The save of the
  // version is made to fail on purpose; the charge still commits on its own, the usage row is written,
  // nothing is saved, and the client is told "Saved nothing: …" (a JSON answer carries the text).
  describe("when saving the version fails after the text was delivered", () => {
    const REVISE = { ...SESSION, mode: "revise", originalContent: DRAFT, aiDetectedSentences: ["Price each tier."] };
    const paths: Array<[string, string, Record<string, unknown>]> = [
      ["a draft", "/api/execute", { ...SESSION, aiProvider: "openai" }],
      ["a revision", "/api/execute", { ...REVISE, aiProvider: "anthropic" }],
      [
        "a final rewrite",
        "/api/final-rewrite",
        {
          originalContent: DRAFT,
          aiDetectedSentences: ["Price each tier."],
          sessionContext: { ...SESSION, aiProvider: "openai" },
        },
      ],
      ["a text revision", "/api/revise-text", { text: DRAFT, aiProvider: "openai" }],
    ];
    for (const [what, path, body] of paths)
      for (const accept of ["text/event-stream", "application/json"])
        it(`charges ${what} (${accept}) it delivered, saves nothing and says so`, async () => {
          fake.script({ kind: "text", text: DRAFT, inputTokens: 1200, outputTokens: 2800 });
          const failing = vi
            .spyOn(t.deps.documents, "saveVersion")
            .mockRejectedValueOnce(new Error("injected: the disk is full"));
          const before = await snapshot();
          try {
            const res = await fetch(`${base}${path}`, {
              method: "POST",
              headers: { "content-type": "application/json", accept, ...ada.headers },
              body: JSON.stringify(body),
            });
            let error: { error: string; code: string; requestId?: string; creditsUsed?: number; text?: string };
            let delivered = "";
            if (accept === "text/event-stream") {
              expect(res.status).toBe(200);
              const events = await readSse(res);
              delivered = events
                .filter((e) => e.event === "delta")
                .map((e) => (e.data as { text: string }).text)
                .join("");
              expect(events.at(-1)?.event).toBe("error");
              error = events.at(-1)?.data as typeof error;
            } else {
              expect(res.status).toBe(500);
              error = (await res.json()) as typeof error;
              delivered = error.text ?? "";
            }
            expect(failing).toHaveBeenCalledTimes(1);
            expect(error.error).toMatch(/^Saved nothing: /);
            expect(error.code).toBe("NOT_SAVED");
            expect(delivered.trim()).toBe(DRAFT.trim());
            const cost = creditsForTokens(4000);
            const after = await snapshot();
            // Charged what was delivered; the hold released; one usage row; no history row, no version.
            expect(after).toEqual({
              available: before.available - cost,
              held: 0,
              usage: before.usage + 1,
              requests: before.requests,
            });
            const [usage] = await t.deps.ledger.usage(ada.userId, 1);
            expect(usage).toMatchObject({ requestTokens: 1200, responseTokens: 2800, creditsUsed: cost });
            expect(error.error).toContain(`${cost} credits`);
          } finally {
            failing.mockRestore();
          }
        });
  });

  it("leaves the ledger's invariants intact", async () => {
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});
