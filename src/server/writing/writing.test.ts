// The writing loop through the real app on a real database, answered by the offline writer (no keys):
// execute → revise → final rewrite → revise-text, each free with an `offline` usage row, history
// isolation, reset, validation, and OFFLINE_WRITER=off answering 503 on every writing endpoint.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countWords } from "../../shared/text";
import {
  type ExecuteRequestInput,
  type GenerationResponse,
  type HistoryItem,
  messageText,
  type ReviseTextResponse,
} from "../../shared/writing";
import { NO_MODEL_MESSAGE } from "../ai/models";
import { detectBuiltin } from "../detection";
import { describeEachDatabase } from "../testing/databases";
import { ledgerViolations } from "../testing/ledger-invariants";
import { appWithAdaAndBob, postJson } from "../testing/route-suite";
import { createTestApp, type SignedUpUser, type TestApp } from "../testing/test-app";
import { readSse } from "./testing/sse";

const SESSION = {
  currentDate: "2026-11-21",
  contentType: "How-to guide: how small bakeries can get more local customers with Google Business Profile",
  targetAudience: "owners of small independent bakeries",
  wordCount: "800",
  additionalContext: "Mention photos and reviews.",
  aiProvider: "openai",
  writingStyle: "prose2",
} satisfies ExecuteRequestInput;

describeEachDatabase("writing loop on the offline writer", (kind) => {
  let t: TestApp;
  let ada: SignedUpUser;
  let bob: SignedUpUser;

  beforeAll(async () => {
    ({ t, ada, bob } = await appWithAdaAndBob(kind, 500, "writing tests"));
  });
  afterAll(() => t?.close());

  const post = (path: string, body: unknown, user?: SignedUpUser, headers: Record<string, string> = {}) =>
    postJson(t, path, body, user, headers);
  const get = (path: string, user: SignedUpUser) => t.app.request(path, { headers: user.headers });
  const balance = (user: SignedUpUser) => t.deps.ledger.balance(user.userId);

  /** Runs one step and checks it was free: balance untouched, a zero-credit usage row that says offline. */
  async function step<T extends { creditsUsed: number; tokensUsed: number; requestId: string }>(
    path: string,
    body: unknown,
  ): Promise<T> {
    const before = await balance(ada);
    const res = await post(path, body, ada);
    const json = (await res.json()) as T & { error?: string };
    expect(res.status, json.error).toBe(200);
    expect(json).toMatchObject({ writer: "offline", model: "offline-writer", creditsUsed: 0, tokensUsed: 0 });
    expect(await balance(ada)).toEqual(before);
    const [row] = await t.deps.ledger.usage(ada.userId, 1);
    expect(row).toMatchObject({
      requestId: json.requestId,
      aiProvider: "offline",
      creditsUsed: 0,
      requestTokens: 0,
      responseTokens: 0,
    });
    return json;
  }

  it("runs execute → revise → final rewrite → revise-text, each free and recorded as offline", async () => {
    const ex = await step<GenerationResponse>("/api/execute", SESSION);
    const draft = messageText(ex.response);
    expect(ex).toMatchObject({ aiProvider: "openai", writer: "offline", model: "offline-writer" });
    expect(ex.response).toMatchObject({ role: "assistant", writer: "offline", model: "offline-writer" });
    expect(ex.response.content).toEqual([
      { type: "text", text: draft },
      { type: "json", json: { draft, document: draft, text: draft } },
    ]);
    expect(typeof ex.responseTime).toBe("number");
    expect(countWords(draft)).toBeGreaterThan(600);
    expect(draft).toMatch(/^# /);
    expect(draft).toMatch(/Google Business Profile/i);

    // Revise Content: the flagged sentences are rewritten in place; the rest of the document stays.
    const machineMade = "Moreover, it is important to note that reviews play a vital role in the bakery landscape.";
    const document = `${draft}\n\n${machineMade}\n`;
    const flagged = [machineMade, draft.split(/(?<=[.!?])\s+/).filter((s) => s.length > 60 && !s.includes("#"))[0]];
    const rv = await step<GenerationResponse>("/api/execute", {
      ...SESSION,
      mode: "revise",
      originalContent: document,
      aiDetectedSentences: flagged,
    });
    const revised = messageText(rv.response);
    expect(revised).not.toContain(machineMade);
    // Every paragraph without a flagged sentence comes back as it was.
    const untouched = draft.split("\n\n").filter((p) => !flagged.some((f) => p.includes(f)));
    expect(untouched.length).toBeGreaterThan(3);
    for (const paragraph of untouched) expect(revised).toContain(paragraph);

    // Final Rewrite: what the built-in detector still flags in the revision is fixed in place.
    const stillFlagged = detectBuiltin(revised).aiSentences;
    expect(stillFlagged.length).toBeGreaterThan(0);
    const fr = await step<GenerationResponse>("/api/final-rewrite", {
      originalContent: revised,
      aiDetectedSentences: stillFlagged,
      sessionContext: SESSION,
    });
    const final = messageText(fr.response);
    expect(final.length).toBeGreaterThan(200);
    for (const sentence of stillFlagged) expect(final).not.toContain(sentence);

    const rt = await step<ReviseTextResponse>("/api/revise-text", {
      text: "In today's fast-paced digital landscape, it is important to note that leveraging synergies can unlock unprecedented growth.",
      aiProvider: "anthropic",
    });
    expect(typeof rt.response).toBe("string");
    expect(rt.response.length).toBeGreaterThan(20);
    expect(rt).toMatchObject({ aiProvider: "anthropic", writer: "offline" });

    const usage = await t.deps.ledger.usage(ada.userId, 20);
    expect(usage.map((u) => u.endpoint).sort()).toEqual(
      ["/api/execute", "/api/execute", "/api/final-rewrite", "/api/revise-text"].sort(),
    );
    expect(usage.map((u) => u.requestId).sort()).toEqual([ex, rv, fr, rt].map((r) => r.requestId).sort());
    // Free work moves no balance, so it appends no ledger transaction.
    const transactions = await t.deps.ledger.transactions(ada.userId, 20);
    expect(transactions.filter((x) => x.type === "usage")).toEqual([]);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it("streams the offline draft as server-sent events: start, deltas, then the same body as done", async () => {
    const res = await post(
      "/api/execute",
      { ...SESSION, contentType: "Checklist: opening a second bakery location" },
      ada,
      {
        accept: "text/event-stream",
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/event-stream/);
    const events = await readSse(res);
    expect(events[0]).toMatchObject({ event: "start", data: { writer: "offline", model: "offline-writer" } });
    const deltas = events.filter((e) => e.event === "delta");
    expect(deltas.length).toBeGreaterThanOrEqual(3);
    const done = events.at(-1)!;
    expect(done.event).toBe("done");
    const body = done.data as GenerationResponse;
    expect(deltas.map((d) => (d.data as { text: string }).text).join("")).toBe(messageText(body.response));
    expect(body.requestId).toBe((events[0].data as { requestId: string }).requestId);
    expect((await balance(ada)).heldCredits).toBe(0);
  });

  it("keeps each user's history their own, newest first, with the spec's fields", async () => {
    const res = await get("/api/history", ada);
    expect(res.status).toBe(200);
    const items = (await res.json()) as HistoryItem[];
    expect(items.length).toBe(5);
    expect(items[0]).toMatchObject({ endpoint: "execute", contentType: "Checklist: opening a second bakery location" });
    expect(items.map((i) => i.endpoint)).toContain("revise");
    for (const i of items)
      expect(Object.keys(i)).toEqual(
        expect.arrayContaining([
          "id",
          "createdAt",
          "aiProvider",
          "responseTime",
          "contentType",
          "currentDate",
          "endpoint",
          "model",
        ]),
      );
    const times = items.map((i) => Date.parse(i.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const other = await get("/api/history", bob);
    expect(await other.json()).toEqual([]);
    expect((await t.app.request("/api/history")).status).toBe(401);
  });

  it("reset clears only the caller's history, never usage or transactions", async () => {
    const usageBefore = await t.deps.ledger.usage(ada.userId, 20);
    const txBefore = await t.deps.ledger.transactions(ada.userId, 20);
    const balanceBefore = await balance(ada);
    const res = await post("/api/reset", {}, ada);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true });
    expect(await (await get("/api/history", ada)).json()).toEqual([]);
    expect(await t.deps.ledger.usage(ada.userId, 20)).toEqual(usageBefore);
    expect(await t.deps.ledger.transactions(ada.userId, 20)).toEqual(txBefore);
    expect(await balance(ada)).toEqual(balanceBefore);
  });

  it("answers the spec's validation messages with 400", async () => {
    const cases: Array<[string, unknown, RegExp]> = [
      ["/api/execute", { ...SESSION, currentDate: "" }, /^Current date is required$/],
      ["/api/execute", { ...SESSION, contentType: "   " }, /^Content type is required$/],
      ["/api/execute", { ...SESSION, contentType: undefined }, /^Content type is required$/],
      ["/api/execute", { ...SESSION, aiProvider: "gemini" }, /anthropic or openai/],
      ["/api/execute", { ...SESSION, writingStyle: "fancy" }, /prose2 or original/],
      ["/api/execute", { ...SESSION, mode: "revise", aiDetectedSentences: ["x"] }, /^Original content is required$/],
      [
        "/api/execute",
        { ...SESSION, mode: "revise", originalContent: "# Doc" },
        /^AI detected sentences are required$/,
      ],
      ["/api/final-rewrite", { originalContent: "", aiDetectedSentences: ["a"] }, /^Original content is required$/],
      [
        "/api/final-rewrite",
        { originalContent: "# Doc", aiDetectedSentences: [] },
        /^AI detected sentences are required$/,
      ],
      ["/api/final-rewrite", { originalContent: "# Doc" }, /^AI detected sentences are required$/],
      ["/api/revise-text", { text: "", aiProvider: "openai" }, /^Text is required$/],
      ["/api/revise-text", { text: " \n ", aiProvider: "openai" }, /^Text is required$/],
      ["/api/execute", { ...SESSION, contentType: "x".repeat(5001) }, /at most 5,000 characters/],
      ["/api/execute", { ...SESSION, contentType: "x".repeat(200_000) }, /at most 5,000 characters/],
      ["/api/execute", { ...SESSION, additionalContext: "x".repeat(100_001) }, /at most 100,000 characters/],
    ];
    const before = await balance(ada);
    for (const [path, body, message] of cases) {
      const res = await post(path, body, ada);
      const json = (await res.json()) as { error: string };
      expect(res.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(json.error).toMatch(message);
    }
    const malformed = await t.app.request("/api/execute", {
      method: "POST",
      headers: { "content-type": "application/json", ...ada.headers },
      body: "{not json",
    });
    expect(malformed.status).toBe(400);
    expect(await balance(ada)).toEqual(before);
  });

  it("accepts a whole draft as additional context (up to 100,000 characters)", async () => {
    const res = await post(
      "/api/execute",
      { ...SESSION, wordCount: "300", additionalContext: "Notes. ".repeat(14_000) },
      ada,
    );
    expect(res.status).toBe(200);
  });

  it("runs with no credits at all, since the offline writer is free", async () => {
    const { availableCredits } = await balance(bob);
    const reserve = "test-reserve-bob";
    await t.deps.ledger.hold({ userId: bob.userId, amount: availableCredits, requestId: reserve });
    try {
      const res = await post("/api/execute", SESSION, bob);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ writer: "offline", creditsUsed: 0 });
      expect(await balance(bob)).toMatchObject({ availableCredits: 0, heldCredits: availableCredits });
    } finally {
      await t.deps.ledger.release(reserve);
    }
  });

  it("requires a signed-in user on every writing endpoint", async () => {
    for (const path of ["/api/execute", "/api/final-rewrite", "/api/revise-text", "/api/reset"]) {
      const res = await post(path, SESSION);
      expect(res.status, path).toBe(401);
    }
  });
});

describe("the shared schemas", () => {
  it("default the provider to openai and the style to prose2", async () => {
    const { ExecuteRequest } = await import("../../shared/writing");
    const parsed = ExecuteRequest.parse({ currentDate: "2026-01-01", contentType: "A guide" });
    expect(parsed).toMatchObject({ aiProvider: "openai", writingStyle: "prose2", mode: "draft" });
  });
});

describe("OFFLINE_WRITER=off with no model key", () => {
  let t: TestApp;
  let ada: SignedUpUser;

  beforeAll(async () => {
    t = await createTestApp({ env: { OFFLINE_WRITER: "off" } });
    ada = await t.signUp("ada@example.com");
  });
  afterAll(() => t?.close());

  it("answers 503 'no model is configured' on every writing endpoint, before holding anything", async () => {
    const draft = "# Bread\n\nMoreover, bread plays a vital role in every bakery. Knead it for ten minutes.\n";
    const calls: Array<[string, unknown]> = [
      ["/api/execute", SESSION],
      ["/api/execute", { ...SESSION, mode: "revise", originalContent: draft, aiDetectedSentences: ["Moreover, x."] }],
      ["/api/final-rewrite", { originalContent: draft, aiDetectedSentences: ["Moreover, x."] }],
      ["/api/revise-text", { text: draft, aiProvider: "anthropic" }],
      ["/api/seo-revise-text", { content: draft, platform: "wordpress" }],
      ["/api/seo-optimize", { content: draft, platform: "shopify", aiProvider: "anthropic" }],
    ];
    const before = await t.deps.ledger.balance(ada.userId);
    for (const [path, body] of calls) {
      for (const accept of ["application/json", "text/event-stream"]) {
        const res = await postJson(t, path, body, ada, { accept });
        expect(res.status, path).toBe(503);
        expect(res.headers.get("content-type"), path).toMatch(/application\/json/);
        expect(((await res.json()) as { error: string }).error).toBe(NO_MODEL_MESSAGE);
      }
    }
    expect(NO_MODEL_MESSAGE).toMatch(/no model is configured on this server/i);
    expect(await t.deps.ledger.balance(ada.userId)).toEqual(before);
    expect(await t.deps.ledger.usage(ada.userId, 20)).toEqual([]);
  });

  it("tells the client that no provider has a writer, while SEO HTML (no model) still works", async () => {
    const writers = await t.app.request("/api/writers");
    expect(await writers.json()).toEqual({ openai: null, anthropic: null });
    const html = await postJson(
      t,
      "/api/seo-produce-code",
      { content: "# Bread\n\nKnead it.", platform: "wordpress" },
      ada,
    );
    expect(html.status).toBe(200);
  });
});

describe("GET /api/writers with the offline writer on", () => {
  it("names the offline writer for each provider without a key, signed in or not", async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.request("/api/writers");
      expect(res.status).toBe(200);
      const offline = { writer: "offline", model: "offline-writer" };
      expect(await res.json()).toEqual({ openai: offline, anthropic: offline });
    } finally {
      await t.close();
    }
  });
});
