// The model layer with the real AI SDK clients at the wire, against loopback fakes of the providers'
// documented formats; and the §8 error classification as a table.
import { APICallError, RetryError } from "ai";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { AppError } from "../errors";
import {
  chunksOf,
  classifyProviderError,
  createWritingModels,
  extractDocument,
  type ModelSettings,
  retryAfterOf,
  WritingCancelled,
} from "./models";
import { type FakeProviders, PROVIDER_FAILURES, startFakeProviders } from "./testing/fake-providers";

const PROMPT = { system: "You write blog posts.", prompt: "Write about sourdough." };
const DRAFT = "# Sourdough at home\n\nFeed the starter twice a day. Bake when it doubles in four hours.\n";

let fake: FakeProviders;
let settings: ModelSettings;

beforeAll(async () => {
  fake = await startFakeProviders();
  settings = {
    openai: { apiKey: "sk-test-openai", baseUrl: fake.baseUrl, model: "gpt-5", api: "responses" },
    anthropic: { apiKey: "sk-ant-test", baseUrl: fake.baseUrl, model: "claude-sonnet-4-20250514" },
    // Generous: the idle timeout is not under test here, and a busy machine may take seconds between
    // a retried call's attempts. Retries are counted by the fake (fake.calls), not by the clock.
    aiTimeoutMs: 60_000,
  };
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

describe("models at the wire", () => {
  it("streams a draft from the OpenAI Responses API and reports its usage", async () => {
    fake.script({ kind: "text", text: DRAFT, inputTokens: 1200, outputTokens: 800, chunkChars: 10 });
    const deltas: string[] = [];
    const out = await createWritingModels(settings).write({
      provider: "openai",
      prompt: PROMPT,
      offline: () => "unused",
      expectH1: true,
      onDelta: (t) => void deltas.push(t),
    });
    expect(out).toMatchObject({ writer: "openai", model: "gpt-5", text: DRAFT.trim() });
    expect(out.usage).toEqual({ inputTokens: 1200, outputTokens: 800, totalTokens: 2000 });
    expect(deltas.join("")).toBe(DRAFT);
    const call = fake.calls[0];
    expect(call.api).toBe("responses");
    expect(call.stream).toBe(true);
    expect(call.authorized).toBe(true);
    expect(call.body).toMatchObject({ model: "gpt-5", max_output_tokens: 30000 });
    expect(call.body.tools).toBeUndefined();
  });

  it("speaks Chat Completions to an OpenAI-compatible server (OPENAI_BASE_URL)", async () => {
    fake.script({ kind: "text", text: DRAFT, inputTokens: 50, outputTokens: 30 });
    const openai = { ...settings.openai, model: "llama3.1", api: undefined };
    const out = await createWritingModels({ ...settings, openai }).write({
      provider: "openai",
      prompt: PROMPT,
      offline: () => "unused",
    });
    expect(fake.calls[0].api).toBe("chat");
    expect(fake.calls[0].body).toMatchObject({ model: "llama3.1", max_tokens: 30000, temperature: 1, stream: true });
    expect(out.usage.totalTokens).toBe(80);
  });

  it("gives Claude the web_search tool and drops the preamble it writes before searching", async () => {
    fake.script({
      kind: "text",
      text: DRAFT,
      inputTokens: 3000,
      outputTokens: 900,
      webSearch: { preamble: "I'll look up current figures first.", query: "sourdough trends 2026" },
    });
    const out = await createWritingModels(settings).write({
      provider: "anthropic",
      prompt: PROMPT,
      offline: () => "unused",
      expectH1: true,
    });
    expect(out.text).toBe(DRAFT.trim());
    expect(out.usage).toEqual({ inputTokens: 3000, outputTokens: 900, totalTokens: 3900 });
    const body = fake.calls[0].body as { tools: Array<{ type: string; name: string; max_uses: number }> };
    expect(body).toMatchObject({ model: "claude-sonnet-4-20250514", max_tokens: 20000, temperature: 1 });
    expect(body.tools[0]).toMatchObject({ type: "web_search_20250305", name: "web_search", max_uses: 5 });
  });

  it("classifies the last error inside the SDK's retry wrapper (Anthropic 529, retried)", async () => {
    fake.script(
      PROVIDER_FAILURES.anthropicOverloaded,
      PROVIDER_FAILURES.anthropicOverloaded,
      PROVIDER_FAILURES.anthropicOverloaded,
    );
    const err = await createWritingModels(settings)
      .write({ provider: "anthropic", prompt: PROMPT, offline: () => "" })
      .catch((e) => e);
    expect(fake.calls).toHaveLength(3);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: "PROVIDER_OVERLOADED", status: 503 });
    expect(err.message).toMatch(/overloaded/i);
  });

  it("maps an Anthropic overloaded_error event mid-stream to 'overloaded'", async () => {
    fake.script({
      kind: "stream-error",
      text: DRAFT,
      afterChunks: 1,
      error: { type: "overloaded_error", message: "Overloaded" },
    });
    const err = await createWritingModels(settings)
      .write({ provider: "anthropic", prompt: PROMPT, offline: () => "" })
      .catch((e) => e);
    expect(err).toMatchObject({ code: "PROVIDER_OVERLOADED", status: 503 });
  });

  it("cancels the model call when the caller aborts, reporting the partial text", async () => {
    // Still writing when the caller aborts, however slow this machine is.
    fake.script({ kind: "text", text: DRAFT.repeat(20), chunkChars: 20, stallAfterChunks: 6 });
    const ac = new AbortController();
    let seen = 0;
    const err = await createWritingModels(settings)
      .write({
        provider: "openai",
        prompt: PROMPT,
        offline: () => "",
        signal: ac.signal,
        onDelta: () => {
          if (++seen === 3) ac.abort();
        },
      })
      .catch((e) => e);
    expect(err).toBeInstanceOf(WritingCancelled);
    expect(err.partialText.length).toBeGreaterThan(0);
    expect(err.usage.outputTokens).toBe(Math.ceil(err.partialText.length / 4));
    await vi.waitFor(() => expect(fake.calls[0].clientClosed).toBe(true), { timeout: 60_000, interval: 20 });
  });

  it("answers with the offline writer when the provider has no key, in chunks, using no tokens", async () => {
    const models = createWritingModels({ ...settings, openai: { model: "gpt-5" } });
    expect(models.describe("openai")).toEqual({ writer: "offline", model: "offline-writer" });
    const deltas: string[] = [];
    const out = await models.write({
      provider: "openai",
      prompt: PROMPT,
      offline: () => DRAFT,
      onDelta: (t) => void deltas.push(t),
    });
    expect(out).toMatchObject({ writer: "offline", model: "offline-writer", text: DRAFT });
    expect(deltas.length).toBeGreaterThanOrEqual(3);
    expect(deltas.join("")).toBe(DRAFT);
    expect(out.usage).toEqual({ inputTokens: 0, outputTokens: 0, totalTokens: 0 });
    expect(fake.calls).toHaveLength(0);
  });

  it("with the offline writer switched off, a provider without a key answers 503 'no model is configured'", async () => {
    const models = createWritingModels({
      ...settings,
      openai: { model: "gpt-5" },
      anthropic: { model: "claude-sonnet-4-20250514" },
      offlineWriter: false,
    });
    expect(models.available("openai")).toBeNull();
    expect(models.available("anthropic")).toBeNull();
    const thrown = (() => {
      try {
        models.describe("openai");
      } catch (err) {
        return err as AppError;
      }
    })();
    expect(thrown).toMatchObject({ code: "NO_MODEL", status: 503 });
    expect(thrown?.message).toMatch(/no model is configured on this server/i);
    // Whatever the caller forgot to ask first, write refuses too, and nothing reaches a provider.
    await expect(models.write({ provider: "openai", prompt: PROMPT, offline: () => DRAFT })).rejects.toMatchObject({
      code: "NO_MODEL",
    });
    expect(fake.calls).toHaveLength(0);
    // A provider with a key still answers.
    const withKey = createWritingModels({ ...settings, offlineWriter: false });
    expect(withKey.available("openai")).toEqual({ writer: "openai", model: settings.openai.model });
  });
});

describe("classifyProviderError", () => {
  const apiError = (statusCode: number | undefined, body: unknown, message = "") =>
    new APICallError({
      message,
      url: "https://api.example.com/v1/messages",
      requestBodyValues: { prompt: "secret prompt" },
      statusCode,
      responseBody: JSON.stringify(body),
    });
  const wrapped = (last: unknown) =>
    new RetryError({
      message: "Failed after 3 attempts. Last error: whatever",
      reason: "maxRetriesExceeded",
      errors: [new Error("first"), last],
    });

  it.each([
    ["Anthropic 529", apiError(529, PROVIDER_FAILURES.anthropicOverloaded.body, "Overloaded"), 503, /overloaded/i],
    ["in-stream overloaded_error", { type: "overloaded_error", message: "Overloaded" }, 503, /overloaded/i],
    ["500", apiError(500, PROVIDER_FAILURES.openaiServerError.body, "server error"), 503, /temporarily unavailable/],
    ["503", apiError(503, {}, "Service Unavailable"), 503, /temporarily unavailable/],
    ["network failure", new TypeError("fetch failed"), 503, /temporarily unavailable/],
    ["401", apiError(401, PROVIDER_FAILURES.anthropicUnauthorized.body, "invalid x-api-key"), 502, /authentication/],
    ["403", apiError(403, { error: { type: "permission_error" } }, "forbidden"), 502, /authentication/],
    [
      "credit balance",
      apiError(400, PROVIDER_FAILURES.anthropicCreditTooLow.body, "Your credit balance is too low"),
      502,
      /credit balance is too low/,
    ],
    [
      "OpenAI insufficient_quota",
      apiError(429, PROVIDER_FAILURES.openaiInsufficientQuota.body, "You exceeded your current quota"),
      502,
      /credit balance is too low/,
    ],
    ["429", apiError(429, PROVIDER_FAILURES.openaiRateLimited.body, "Rate limit reached"), 429, /too many requests/],
  ])("%s", (_name, err, status, text) => {
    for (const e of [err, wrapped(err)]) {
      const mapped = classifyProviderError(e);
      expect(mapped.status).toBe(status);
      expect(mapped.message).toMatch(text);
    }
  });

  it("keeps the provider's Retry-After (seconds, milliseconds or a date), capped, for the batch's backoff", () => {
    const limited = (responseHeaders: Record<string, string>) =>
      new APICallError({
        message: "Rate limit reached",
        url: "https://api.example.com/v1/messages",
        requestBodyValues: {},
        statusCode: 429,
        responseHeaders,
        responseBody: JSON.stringify(PROVIDER_FAILURES.openaiRateLimited.body),
      });
    expect(classifyProviderError(wrapped(limited({ "Retry-After": "7" })))).toMatchObject({
      code: "RATE_LIMITED",
      details: { retryAfter: 7 },
    });
    expect(retryAfterOf(limited({ "retry-after-ms": "1500" }))).toBe(2);
    const now = Date.parse("2026-11-28T10:00:00Z");
    expect(retryAfterOf(limited({ "retry-after": "Sat, 28 Nov 2026 10:00:30 GMT" }), now)).toBe(30);
    expect(retryAfterOf(limited({ "retry-after": "86400" }))).toBe(300);
    expect(retryAfterOf(limited({}))).toBeUndefined();
    expect(classifyProviderError(limited({})).details).toBeUndefined();
  });

  it("never reports a provider's 401 as a 401 and never echoes a key", () => {
    const mapped = classifyProviderError(
      apiError(401, PROVIDER_FAILURES.openaiUnauthorized.body, "Incorrect API key provided: sk-test-****1234"),
    );
    expect(mapped.status).toBe(502);
    expect(mapped.message).not.toMatch(/sk-/);
    const other = classifyProviderError(apiError(400, {}, "Bad model name for key sk-live-abcdefghijkl"));
    expect(other.status).toBe(502);
    expect(other.message).not.toContain("abcdefghijkl");
  });
});

describe("text helpers", () => {
  it("extractDocument strips fences and a short preamble before the H1, nothing else", () => {
    expect(extractDocument("```markdown\n# T\n\nBody\n```")).toBe("# T\n\nBody");
    expect(extractDocument("Let me search first.\n\n# T\n\nBody")).toBe("# T\n\nBody");
    expect(extractDocument("Plain answer with no heading.")).toBe("Plain answer with no heading.");
  });

  it("chunksOf rejoins exactly", () => {
    for (const s of ["", "one", "  lead and trail  ", DRAFT.repeat(3)]) expect(chunksOf(s).join("")).toBe(s);
  });
});
