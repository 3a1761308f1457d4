// Loopback fakes of the providers' HTTP APIs, answering in their documented wire formats so the real
// AI SDK clients are exercised end to end: OpenAI Responses (`POST /v1/responses`), OpenAI Chat
// Completions (`POST /v1/chat/completions`) and Anthropic Messages (`POST /v1/messages`), each as JSON
// or as server-sent events when the request says `"stream": true`.
//   OpenAI streaming events: https://platform.openai.com/docs/api-reference/responses-streaming
//   Chat Completions chunks: https://platform.openai.com/docs/api-reference/chat-streaming
//   Anthropic streaming:     https://docs.anthropic.com/en/docs/build-with-claude/streaming
//   Anthropic errors:        https://docs.anthropic.com/en/api/errors
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeApi = "responses" | "chat" | "messages";

/** What the fake does with the next request. */
export type FakeScript =
  | {
      kind: "text";
      text: string;
      inputTokens?: number;
      outputTokens?: number;
      /** Characters per streamed delta (default 40). */
      chunkChars?: number;
      /** Pause between streamed deltas. */
      chunkDelayMs?: number;
      /** After this many deltas, send nothing more until the client leaves (a model still writing). */
      stallAfterChunks?: number;
      /** Pause before the status line and headers are sent (Infinity: until the client leaves). */
      firstByteDelayMs?: number;
      /** Anthropic only: a web search (server_tool_use + web_search_tool_result) after this preamble. */
      webSearch?: { preamble: string; query: string };
    }
  | { kind: "http-error"; status: number; body: unknown; headers?: Record<string, string> }
  /** Streams `text` for `afterChunks` deltas, then the API's own in-stream error event (-1: as the first event). */
  | {
      kind: "stream-error";
      text: string;
      afterChunks: number;
      error: { type: string; message: string; code?: string };
      /** Extra response headers (e.g. retry-after: 0 so the SDK's retries don't back off for seconds). */
      headers?: Record<string, string>;
    }
  /** Streams `text` for `afterChunks` deltas, then destroys the socket (no closing events). */
  | { kind: "cut"; text: string; afterChunks: number; chunkDelayMs?: number };

export interface FakeCall {
  api: FakeApi;
  stream: boolean;
  body: Record<string, unknown>;
  /** Whether the request carried a key (never the key itself). */
  authorized: boolean;
  startedAt: number;
  /** When the fake wrote its last byte (or cut the connection). */
  finishedAt?: number;
  /** Text deltas written. */
  deltasSent: number;
  /** When the first text delta was written. */
  firstDeltaAt?: number;
  /** The client closed the connection before the fake finished. */
  clientClosed: boolean;
}

export interface FakeProviders {
  /** Base URL for createOpenAI / createAnthropic (`…/v1`). */
  baseUrl: string;
  calls: FakeCall[];
  /** Queues scripts for the next requests, in order; after them the default answers. */
  script(...scripts: FakeScript[]): void;
  setDefault(script: FakeScript): void;
  reset(): void;
  close(): Promise<void>;
}

export const anthropicError = (type: string, message: string) => ({ type: "error", error: { type, message } });
export const openaiError = (message: string, type: string, code: string | null = null) => ({
  error: { message, type, param: null, code },
});

/** The documented error answers of each case the writing tests cover. */
export const PROVIDER_FAILURES = {
  anthropicOverloaded: {
    kind: "http-error",
    status: 529,
    body: anthropicError("overloaded_error", "Overloaded"),
    headers: { "retry-after": "0" },
  },
  anthropicCreditTooLow: {
    kind: "http-error",
    status: 400,
    body: anthropicError(
      "invalid_request_error",
      "Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.",
    ),
  },
  anthropicUnauthorized: {
    kind: "http-error",
    status: 401,
    body: anthropicError("authentication_error", "invalid x-api-key"),
  },
  anthropicRateLimited: {
    kind: "http-error",
    status: 429,
    body: anthropicError("rate_limit_error", "Number of request tokens has exceeded your per-minute rate limit"),
    headers: { "retry-after": "0" },
  },
  anthropicServerError: {
    kind: "http-error",
    status: 500,
    body: anthropicError("api_error", "Internal server error"),
    headers: { "retry-after": "0" },
  },
  openaiUnauthorized: {
    kind: "http-error",
    status: 401,
    body: openaiError(
      "Incorrect API key provided: sk-test-****1234. You can find your API key at https://platform.openai.com/account/api-keys.",
      "invalid_request_error",
      "invalid_api_key",
    ),
  },
  openaiRateLimited: {
    kind: "http-error",
    status: 429,
    body: openaiError(
      "Rate limit reached for gpt-5 on tokens per min (TPM): Limit 30000, Used 30000.",
      "tokens",
      "rate_limit_exceeded",
    ),
    headers: { "retry-after-ms": "0" },
  },
  openaiInsufficientQuota: {
    kind: "http-error",
    status: 429,
    body: openaiError(
      "You exceeded your current quota, please check your plan and billing details.",
      "insufficient_quota",
      "insufficient_quota",
    ),
    headers: { "retry-after-ms": "0" },
  },
  openaiServerError: {
    kind: "http-error",
    status: 500,
    body: openaiError("The server had an error while processing your request. Sorry about that!", "server_error"),
    headers: { "retry-after-ms": "0" },
  },
} satisfies Record<string, FakeScript>;

/** Waits `ms` (Infinity: for ever), or until the client closes the connection. */
const pauseUnlessClosed = (res: ServerResponse, ms: number) =>
  new Promise<void>((resolve) => {
    const timer = Number.isFinite(ms) ? setTimeout(done, ms) : undefined;
    res.once("close", done);
    function done() {
      clearTimeout(timer);
      res.off("close", done);
      resolve();
    }
  });

const sleep = (ms: number) => new Promise<void>((r) => (ms > 0 ? setTimeout(r, ms) : setImmediate(r)));

function chunk(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

const approxTokens = (s: string) => Math.max(1, Math.ceil(s.length / 4));

function promptChars(body: Record<string, unknown>): number {
  return (
    JSON.stringify(body.input ?? body.messages ?? "").length + String(body.system ?? body.instructions ?? "").length
  );
}

export async function startFakeProviders(): Promise<FakeProviders> {
  const queue: FakeScript[] = [];
  let fallback: FakeScript = { kind: "text", text: "# A fake draft\n\nThe fake model wrote this." };
  const calls: FakeCall[] = [];

  const server = createServer(async (req, res) => {
    const api: FakeApi | undefined = req.url?.endsWith("/responses")
      ? "responses"
      : req.url?.endsWith("/chat/completions")
        ? "chat"
        : req.url?.endsWith("/messages")
          ? "messages"
          : undefined;
    const raw = await readBody(req);
    if (!api || req.method !== "POST") {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: "not found" }));
      return;
    }
    const body = JSON.parse(raw || "{}") as Record<string, unknown>;
    const call: FakeCall = {
      api,
      stream: body.stream === true,
      body,
      authorized: Boolean(req.headers.authorization || req.headers["x-api-key"]),
      startedAt: Date.now(),
      deltasSent: 0,
      clientClosed: false,
    };
    calls.push(call);
    res.on("close", () => {
      if (!res.writableFinished) call.clientClosed = true;
    });
    const script = queue.shift() ?? fallback;
    try {
      await answer(api, call, script, res);
    } catch {
      res.destroy();
    }
    call.finishedAt ??= Date.now();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    calls,
    script: (...s) => queue.push(...s),
    setDefault: (s) => {
      fallback = s;
    },
    reset: () => {
      queue.length = 0;
      calls.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  let s = "";
  for await (const c of req) s += c;
  return s;
}

async function answer(api: FakeApi, call: FakeCall, script: FakeScript, res: ServerResponse) {
  if (script.kind === "http-error") {
    res.writeHead(script.status, { "content-type": "application/json", ...(script.headers ?? {}) });
    res.end(JSON.stringify(script.body));
    return;
  }
  if (script.kind === "text" && script.firstByteDelayMs) {
    await pauseUnlessClosed(res, script.firstByteDelayMs);
    if (res.destroyed) return;
  }
  const text = script.text;
  const model = String(call.body.model ?? "fake-model");
  const inputTokens =
    (script.kind === "text" && script.inputTokens) || approxTokens("x".repeat(promptChars(call.body)));
  const outputTokens = (script.kind === "text" && script.outputTokens) || approxTokens(text);
  if (!call.stream) {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(jsonBody(api, model, text, inputTokens, outputTokens)));
    call.finishedAt = Date.now();
    return;
  }

  res.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
    connection: "keep-alive",
    ...(script.kind === "stream-error" ? (script.headers ?? {}) : {}),
  });
  const send = (event: string | null, data: unknown) =>
    new Promise<void>((resolve) => {
      const line = `${event && api !== "chat" ? `event: ${event}\n` : ""}data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`;
      res.write(line, () => resolve());
    });
  const size = script.kind === "text" ? (script.chunkChars ?? 40) : 40;
  const delay = script.kind === "text" || script.kind === "cut" ? (script.chunkDelayMs ?? 0) : 0;
  const pieces = chunk(text, size);
  const limit = script.kind === "text" ? pieces.length : Math.min(script.afterChunks, pieces.length);
  const w = writers[api](send, model);

  if (script.kind === "stream-error" && script.afterChunks < 0) {
    // The in-stream error as the very first event, as Anthropic sends an overload right after a 200.
    await w.error(script.error);
    call.finishedAt = Date.now();
    res.end();
    return;
  }
  await w.open(inputTokens, script.kind === "text" ? script.webSearch : undefined);
  for (let i = 0; i < limit; i++) {
    if (res.destroyed) return;
    await w.delta(pieces[i]);
    call.firstDeltaAt ??= Date.now();
    call.deltasSent++;
    if (script.kind === "text" && call.deltasSent === script.stallAfterChunks) {
      await pauseUnlessClosed(res, Number.POSITIVE_INFINITY);
      return;
    }
    if (delay) await sleep(delay);
  }
  if (script.kind === "cut") {
    call.finishedAt = Date.now();
    res.socket?.destroy();
    return;
  }
  if (script.kind === "stream-error") {
    await w.error(script.error);
    call.finishedAt = Date.now();
    res.end();
    return;
  }
  await w.close(text, inputTokens, outputTokens);
  call.finishedAt = Date.now();
  res.end();
}

type Send = (event: string | null, data: unknown) => Promise<void>;
interface StreamWriter {
  open(inputTokens: number, webSearch?: { preamble: string; query: string }): Promise<void>;
  delta(text: string): Promise<void>;
  error(error: { type: string; message: string; code?: string }): Promise<void>;
  close(text: string, inputTokens: number, outputTokens: number): Promise<void>;
}

const writers: Record<FakeApi, (send: Send, model: string) => StreamWriter> = {
  responses: (send, model) => {
    let seq = 0;
    const created = Math.floor(Date.now() / 1000);
    const base = { id: "resp_fake_1", object: "response", created_at: created, model };
    const msg = { id: "msg_fake_1", type: "message", role: "assistant" };
    const ev = (type: string, data: Record<string, unknown>) => send(type, { type, sequence_number: seq++, ...data });
    return {
      async open() {
        await ev("response.created", { response: { ...base, status: "in_progress", output: [], usage: null } });
        await ev("response.in_progress", { response: { ...base, status: "in_progress", output: [], usage: null } });
        // GPT-5 reasons before it writes: a reasoning item with an empty summary comes first.
        await ev("response.output_item.added", {
          output_index: 0,
          item: { id: "rs_fake_1", type: "reasoning", summary: [] },
        });
        await ev("response.output_item.done", {
          output_index: 0,
          item: { id: "rs_fake_1", type: "reasoning", summary: [] },
        });
        await ev("response.output_item.added", {
          output_index: 1,
          item: { ...msg, status: "in_progress", content: [] },
        });
        await ev("response.content_part.added", {
          item_id: msg.id,
          output_index: 1,
          content_index: 0,
          part: { type: "output_text", text: "", annotations: [] },
        });
      },
      delta: (text) =>
        ev("response.output_text.delta", {
          item_id: msg.id,
          output_index: 1,
          content_index: 0,
          delta: text,
          logprobs: [],
        }),
      error: (e) => ev("error", { code: e.code ?? e.type, message: e.message, param: null }),
      async close(text, inputTokens, outputTokens) {
        const content = [{ type: "output_text", text, annotations: [] }];
        await ev("response.output_text.done", {
          item_id: msg.id,
          output_index: 1,
          content_index: 0,
          text,
          logprobs: [],
        });
        await ev("response.content_part.done", {
          item_id: msg.id,
          output_index: 1,
          content_index: 0,
          part: content[0],
        });
        await ev("response.output_item.done", { output_index: 1, item: { ...msg, status: "completed", content } });
        await ev("response.completed", {
          response: {
            ...base,
            status: "completed",
            output: [
              { id: "rs_fake_1", type: "reasoning", summary: [] },
              { ...msg, status: "completed", content },
            ],
            usage: responsesUsage(inputTokens, outputTokens),
          },
        });
      },
    };
  },
  chat: (send, model) => {
    const base = {
      id: "chatcmpl-fake-1",
      object: "chat.completion.chunk",
      created: Math.floor(Date.now() / 1000),
      model,
    };
    return {
      open: () =>
        send(null, {
          ...base,
          choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }],
        }),
      delta: (text) => send(null, { ...base, choices: [{ index: 0, delta: { content: text }, finish_reason: null }] }),
      error: (e) => send(null, { error: { message: e.message, type: e.type, param: null, code: e.code ?? null } }),
      async close(_text, inputTokens, outputTokens) {
        await send(null, { ...base, choices: [{ index: 0, delta: {}, finish_reason: "stop" }] });
        // stream_options.include_usage: a last chunk with no choices carries the usage.
        await send(null, {
          ...base,
          choices: [],
          usage: {
            prompt_tokens: inputTokens,
            completion_tokens: outputTokens,
            total_tokens: inputTokens + outputTokens,
          },
        });
        await send(null, "[DONE]");
      },
    };
  },
  messages: (send, model) => {
    let index = 0;
    return {
      async open(inputTokens, webSearch) {
        await send("message_start", {
          type: "message_start",
          message: {
            id: "msg_fake_01",
            type: "message",
            role: "assistant",
            content: [],
            model,
            stop_reason: null,
            stop_sequence: null,
            usage: { input_tokens: inputTokens, output_tokens: 1 },
          },
        });
        if (webSearch) {
          await send("content_block_start", {
            type: "content_block_start",
            index,
            content_block: { type: "text", text: "" },
          });
          await send("content_block_delta", {
            type: "content_block_delta",
            index,
            delta: { type: "text_delta", text: webSearch.preamble },
          });
          await send("content_block_stop", { type: "content_block_stop", index: index++ });
          await send("content_block_start", {
            type: "content_block_start",
            index,
            content_block: { type: "server_tool_use", id: "srvtoolu_fake_1", name: "web_search", input: {} },
          });
          await send("content_block_delta", {
            type: "content_block_delta",
            index,
            delta: { type: "input_json_delta", partial_json: JSON.stringify({ query: webSearch.query }) },
          });
          await send("content_block_stop", { type: "content_block_stop", index: index++ });
          await send("content_block_start", {
            type: "content_block_start",
            index,
            content_block: {
              type: "web_search_tool_result",
              tool_use_id: "srvtoolu_fake_1",
              content: [
                {
                  type: "web_search_result",
                  title: "A search result",
                  url: "https://example.com/result",
                  encrypted_content: "ZmFrZQ==",
                  page_age: "May 1, 2025",
                },
              ],
            },
          });
          await send("content_block_stop", { type: "content_block_stop", index: index++ });
        }
        await send("content_block_start", {
          type: "content_block_start",
          index,
          content_block: { type: "text", text: "" },
        });
        await send("ping", { type: "ping" });
      },
      delta: (text) =>
        send("content_block_delta", { type: "content_block_delta", index, delta: { type: "text_delta", text } }),
      error: (e) => send("error", { type: "error", error: { type: e.type, message: e.message } }),
      async close(_text, _inputTokens, outputTokens) {
        await send("content_block_stop", { type: "content_block_stop", index });
        await send("message_delta", {
          type: "message_delta",
          delta: { stop_reason: "end_turn", stop_sequence: null },
          usage: { output_tokens: outputTokens },
        });
        await send("message_stop", { type: "message_stop" });
      },
    };
  },
};

function responsesUsage(inputTokens: number, outputTokens: number) {
  return {
    input_tokens: inputTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: outputTokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: inputTokens + outputTokens,
  };
}

function jsonBody(api: FakeApi, model: string, text: string, inputTokens: number, outputTokens: number) {
  const created = Math.floor(Date.now() / 1000);
  if (api === "responses")
    return {
      id: "resp_fake_1",
      object: "response",
      created_at: created,
      status: "completed",
      model,
      output: [
        { id: "rs_fake_1", type: "reasoning", summary: [] },
        {
          id: "msg_fake_1",
          type: "message",
          status: "completed",
          role: "assistant",
          content: [{ type: "output_text", text, annotations: [] }],
        },
      ],
      usage: responsesUsage(inputTokens, outputTokens),
    };
  if (api === "chat")
    return {
      id: "chatcmpl-fake-1",
      object: "chat.completion",
      created,
      model,
      choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
      usage: { prompt_tokens: inputTokens, completion_tokens: outputTokens, total_tokens: inputTokens + outputTokens },
    };
  return {
    id: "msg_fake_01",
    type: "message",
    role: "assistant",
    model,
    content: [{ type: "text", text }],
    stop_reason: "end_turn",
    stop_sequence: null,
    usage: { input_tokens: inputTokens, output_tokens: outputTokens },
  };
}
