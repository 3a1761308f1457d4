// Streaming overhead of /api/execute. A local fake model streams a 2,000-word draft at a fixed pace
// (OpenAI Responses API wire format); we time the first text and the end as seen by a client of the
// fake itself, and by a client of /api/execute (Accept: text/event-stream) in front of the same fake.
// The ratio app/fake is our overhead: auth, validation, the credit hold and settle, history, SSE.
//
//   npx tsx bench/stream.ts            (BENCH_RUNS=5 BENCH_CHUNK_MS=4 to change the pace)
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { createWritingModels } from "../src/server/ai/models";
import { startFakeProviders } from "../src/server/ai/testing/fake-providers";
import { createApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { seedOnce } from "../src/server/db/seed";
import { createDeps } from "../src/server/deps";
import { createLogger } from "../src/server/logger";
import { readSse } from "../src/server/writing/testing/sse";
import { WritingService } from "../src/server/writing/writing.service";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CHUNK_MS = Number(process.env.BENCH_CHUNK_MS ?? 4);
const CHUNK_CHARS = 24; // about six tokens per event, like a real model's deltas
const FIRST_BYTE_MS = 150; // the fake model "thinks" before its first byte

function draftOf(words: number): string {
  const sentences = [
    "Start with the one question your reader typed into the search box.",
    "Answer it in the first paragraph, then show the steps that got you there.",
    "Name the tools, the numbers and the week it took, because readers trust specifics.",
    "Cut any sentence that would fit in every other article on the topic.",
  ];
  const parts = ["# A 2,000-word draft for the stream bench"];
  let n = 8;
  for (let i = 0; n < words; i++) {
    if (i % 6 === 0) parts.push(`## Section ${i / 6 + 1}`);
    const paragraph = [0, 1, 2].map((k) => sentences[(i + k) % sentences.length]).join(" ");
    parts.push(paragraph);
    n += paragraph.split(/\s+/).length + (i % 6 === 0 ? 2 : 0);
  }
  return parts.join("\n\n");
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const DRAFT = draftOf(2000);
const fake = await startFakeProviders();
fake.setDefault({
  kind: "text",
  text: DRAFT,
  chunkChars: CHUNK_CHARS,
  chunkDelayMs: CHUNK_MS,
  firstByteDelayMs: FIRST_BYTE_MS,
});

const dataDir = mkdtempSync(join(tmpdir(), "bench-stream-"));
const config = loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, LOG_LEVEL: "silent" });
const database = await openDatabase({ dataDir });
await seedOnce(database.db, { welcomeBonusCredits: config.welcomeBonusCredits });
const deps = createDeps(config, database, createLogger("silent"));
const models = createWritingModels({
  openai: { apiKey: "sk-bench", baseUrl: fake.baseUrl, model: "gpt-5", api: "responses" },
  anthropic: { model: "claude-sonnet-4-20250514" },
  aiTimeoutMs: 30_000,
});
const app = createApp({
  ...deps,
  writing: new WritingService({ ...deps, models }),
});
const server = await new Promise<{ url: string; close: () => void }>((resolve) => {
  const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) =>
    resolve({ url: `http://127.0.0.1:${info.port}`, close: () => s.close() }),
  );
});

const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
  method: "POST",
  headers: { "content-type": "application/json", origin: server.url },
  body: JSON.stringify({ email: "bench@example.com", password: "bench-password-1" }),
});
const token = signUp.headers.get("set-auth-token");
const userId = ((await signUp.json()) as { user?: { id: string } }).user?.id;
if (!token || !userId) throw new Error(`sign-up failed: ${signUp.status}`);
await deps.ledger.grant({ userId, amount: 100_000, type: "grant", metadata: { reason: "bench" } });

interface Timing {
  firstTextMs: number;
  totalMs: number;
}

/** A client of the fake itself: the baseline. */
async function direct(): Promise<Timing> {
  const t0 = performance.now();
  const res = await fetch(`${fake.baseUrl}/responses`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer sk-bench" },
    body: JSON.stringify({ model: "gpt-5", input: "Write the draft.", stream: true }),
  });
  let first = 0;
  await readSse(res, (e) => {
    if (!first && e.event === "response.output_text.delta") first = e.at;
    return undefined;
  });
  return { firstTextMs: first - t0, totalMs: performance.now() - t0 };
}

/** A client of /api/execute, streaming. */
async function throughApp(): Promise<Timing> {
  const t0 = performance.now();
  const res = await fetch(`${server.url}/api/execute`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "text/event-stream", authorization: `Bearer ${token}` },
    body: JSON.stringify({
      currentDate: "2026-11-21",
      contentType: "Guide: writing drafts readers trust",
      wordCount: "2000",
    }),
  });
  let first = 0;
  let done = false;
  await readSse(res, (e) => {
    if (!first && e.event === "delta") first = e.at;
    if (e.event === "done") done = true;
    if (e.event === "error") throw new Error(`stream error: ${JSON.stringify(e.data)}`);
    return undefined;
  });
  if (!done) throw new Error("the stream ended without a done event");
  return { firstTextMs: first - t0, totalMs: performance.now() - t0 };
}

await direct(); // warm-up of both paths (JIT, connection pools, the PGlite caches)
await throughApp();
const fakeRuns: Timing[] = [];
const appRuns: Timing[] = [];
for (let i = 0; i < RUNS; i++) {
  fakeRuns.push(await direct());
  appRuns.push(await throughApp());
}

const f = { firstTextMs: median(fakeRuns.map((r) => r.firstTextMs)), totalMs: median(fakeRuns.map((r) => r.totalMs)) };
const a = { firstTextMs: median(appRuns.map((r) => r.firstTextMs)), totalMs: median(appRuns.map((r) => r.totalMs)) };
const round = (n: number) => Math.round(n * 10) / 10;
const result = {
  bench: "stream",
  words: DRAFT.split(/\s+/).length,
  deltas: Math.ceil(DRAFT.length / CHUNK_CHARS),
  chunkMs: CHUNK_MS,
  runs: RUNS,
  fake: { firstTextMs: round(f.firstTextMs), totalMs: round(f.totalMs) },
  app: { firstTextMs: round(a.firstTextMs), totalMs: round(a.totalMs) },
  firstTextOverheadMs: round(a.firstTextMs - f.firstTextMs),
  totalOverheadMs: round(a.totalMs - f.totalMs),
  ratio: +(a.totalMs / f.totalMs).toFixed(3),
};
console.log(JSON.stringify(result));
console.log(
  `stream: a ${result.words}-word draft in ${result.deltas} deltas — first text ${result.app.firstTextMs} ms through /api/execute vs ${result.fake.firstTextMs} ms from the fake (+${result.firstTextOverheadMs} ms); ` +
    `total ${result.app.totalMs} ms vs ${result.fake.totalMs} ms: overhead ratio ${result.ratio}`,
);

server.close();
await fake.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
