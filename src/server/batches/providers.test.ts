// A batch row on a real model's wire (loopback fake of OpenAI): a 4xx refusal fails the row with the
// provider's reason and charges nothing; Retry runs it again as a new attempt, which is paid once.
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import type { BatchCreatedResponse } from "../../shared/batches";
import { type FakeProviders, openaiError, startFakeProviders } from "../ai/testing/fake-providers";
import { describeEachDatabase } from "../testing/databases";
import { assertLedgerInvariants } from "../testing/ledger-invariants";
import { type BatchTestApp, createBatchTestApp } from "./testing/batch-app";

const WAIT = { timeout: 60_000, interval: 100 };
const DRAFT = `# Tea at home\n\n${"Warm the pot first, then measure the leaves by weight, not by spoon. ".repeat(20)}`;

describeEachDatabase("batch rows on a model", (kind) => {
  let fake: FakeProviders;
  let t: BatchTestApp;
  beforeAll(async () => {
    fake = await startFakeProviders();
    fake.setDefault({ kind: "text", text: DRAFT, chunkChars: 10_000 });
    t = await createBatchTestApp({
      database: kind,
      env: { OPENAI_API_KEY: "sk-test-openai-key", OPENAI_BASE_URL: fake.baseUrl },
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it("fails a row the provider refuses, with its reason, and retries it as a new paid attempt", async () => {
    const owner = await t.signUp("refused@example.com");
    const { userId } = owner;
    await t.deps.ledger.grant({ userId, amount: 100, type: "bonus", metadata: { reason: "test" } });
    const start = (await t.deps.ledger.balance(userId)).availableCredits;
    fake.script({
      kind: "http-error",
      status: 400,
      body: openaiError("This topic is not allowed.", "invalid_request_error"),
    });
    const batch = await t.deps.batches.create(userId, {
      pipeline: { reviseRounds: 0, seo: false, platform: "wordpress" },
      defaults: { aiProvider: "openai", wordCount: 200 },
      rows: [{ topic: "Refused topic" }],
      start: true,
    });
    await vi.waitFor(async () => expect((await t.deps.batches.summary(userId, batch.id)).status).toBe("done"), WAIT);
    const failed = (await t.deps.batches.get(userId, batch.id)).rows[0];
    expect(failed?.status).toBe("failed");
    expect(failed?.error).toContain("This topic is not allowed.");
    expect(failed?.creditsSpent).toBe(0);
    expect((await t.deps.ledger.balance(userId)).availableCredits).toBe(start);

    // Retry, as the screen and a program ask for it.
    const retried = await t.app.request(`/api/batches/${batch.id}/rows/${failed?.id}/retry`, {
      method: "POST",
      headers: owner.headers,
    });
    expect(retried.status).toBe(200);
    expect(((await retried.json()) as BatchCreatedResponse).batch.id).toBe(batch.id);
    await vi.waitFor(async () => expect((await t.deps.batches.summary(userId, batch.id)).status).toBe("done"), WAIT);
    const done = (await t.deps.batches.get(userId, batch.id)).rows[0];
    expect(done?.status).toBe("done");
    expect(done?.creditsSpent).toBeGreaterThan(1); // the draft (by tokens) and one detection
    const balance = await t.deps.ledger.balance(userId);
    expect(start - balance.availableCredits).toBe(done?.creditsSpent);
    expect(balance.heldCredits).toBe(0);
    await assertLedgerInvariants(t.db);
  }, 120_000);

  it("waits what the provider's Retry-After asks before a rate-limited step runs again, then finishes the row", async () => {
    const { userId } = await t.insertUser("limited@example.com");
    await t.deps.ledger.grant({ userId, amount: 100, type: "bonus", metadata: { reason: "test" } });
    // Every attempt of the SDK's own retries is refused, so the batch's backoff decides the next try.
    for (let i = 0; i < 3; i++)
      fake.script({
        kind: "http-error",
        status: 429,
        body: openaiError("Rate limit reached for requests", "rate_limit_exceeded"),
        headers: { "retry-after": "1" },
      });
    const send = vi.spyOn(t.deps.batches as unknown as { send: (...a: unknown[]) => Promise<void> }, "send");
    const batch = await t.deps.batches.create(userId, {
      pipeline: { reviseRounds: 0, seo: false, platform: "wordpress" },
      defaults: { aiProvider: "openai", wordCount: 200 },
      rows: [{ topic: "Rate-limited topic" }],
      start: true,
    });
    await vi.waitFor(async () => expect((await t.deps.batches.summary(userId, batch.id)).status).toBe("done"), WAIT);
    expect((await t.deps.batches.get(userId, batch.id)).rows[0]?.status).toBe("done");
    // The retry was sent with the provider's delay (1 s), not the default backoff (2 s for a first retry).
    expect(send.mock.calls.some((call) => call[3] === 1)).toBe(true);
    send.mockRestore();
    await assertLedgerInvariants(t.db);
  }, 120_000);
});
