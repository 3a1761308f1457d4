import { afterEach, describe, expect, it, vi } from "vitest";
import { assistantMessage } from "../../../shared/writing";
import { ApiError } from "../../lib/api";
import { parseError } from "../../lib/errors";
import { onUnsavedText } from "../../lib/unsaved-text";
import { extractDraft, streamExecute, writerNote } from "./api";

describe("extractDraft", () => {
  const msg = assistantMessage("# Title\n\nBody.", "offline", "offline-writer");
  it("reads the whole response, the message, or a string", () => {
    expect(extractDraft({ response: msg, responseTime: 3 })).toBe("# Title\n\nBody.");
    expect(extractDraft(msg)).toBe("# Title\n\nBody.");
    expect(extractDraft("plain")).toBe("plain");
    expect(extractDraft({ response: "revised" })).toBe("revised");
  });
  it("joins text parts and falls back to the json part's draft, document or text", () => {
    expect(
      extractDraft({
        content: [
          { type: "text", text: "a" },
          { type: "text", text: "b" },
        ],
      }),
    ).toBe("ab");
    expect(extractDraft({ content: [{ type: "json", json: { draft: "", document: "doc" } }] })).toBe("doc");
    expect(extractDraft({ content: [{ type: "json", json: { text: "t" } }] })).toBe("t");
  });
  it("gives an empty string for nothing usable", () => {
    expect(extractDraft(null)).toBe("");
    expect(extractDraft({ content: [] })).toBe("");
    expect(extractDraft(42)).toBe("");
  });
});

describe("writerNote", () => {
  it("says plainly when the offline writer answered", () => {
    expect(writerNote("offline", "offline-writer")).toBe(
      "Written by the offline sample writer — no AI model is configured on this server",
    );
    expect(writerNote("openai", "gpt-5")).toBe("Written by GPT-5 (gpt-5)");
    expect(writerNote(undefined)).toBeNull();
  });
});

describe("streamExecute", () => {
  afterEach(() => vi.unstubAllGlobals());

  function sseResponse(chunks: string[], status = 200) {
    const enc = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        for (const ch of chunks) c.enqueue(enc.encode(ch));
        c.close();
      },
    });
    return new Response(body, { status, headers: { "content-type": "text/event-stream" } });
  }

  const req = { currentDate: "2025-01-01", contentType: "A post", aiProvider: "openai" as const };

  it("sends Accept: text/event-stream, reports start and deltas, resolves with done", async () => {
    const done = { response: assistantMessage("Hello world", "offline", "offline-writer"), responseTime: 5 };
    const fetchMock = vi.fn(async () =>
      sseResponse([
        'event: start\ndata: {"requestId":"r1","writer":"offline","model":"offline-writer","aiProvider":"openai"}\n\n',
        'event: delta\ndata: {"text":"Hello "}\n\nevent: del',
        'ta\ndata: {"text":"world"}\n\n',
        `event: done\ndata: ${JSON.stringify(done)}\n\n`,
      ]),
    );
    vi.stubGlobal("fetch", fetchMock);
    const starts: unknown[] = [];
    const deltas: string[] = [];
    const out = await streamExecute(req, {
      onStart: (s) => starts.push(s),
      onDelta: (_t, soFar) => deltas.push(soFar),
    });
    expect(extractDraft(out)).toBe("Hello world");
    expect(starts).toEqual([{ requestId: "r1", writer: "offline", model: "offline-writer", aiProvider: "openai" }]);
    expect(deltas).toEqual(["Hello ", "Hello world"]);
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>).Accept).toBe("text/event-stream");
    expect(init.credentials).toBe("include");
  });

  it("throws an ApiError parseError understands for an error event", async () => {
    vi.stubGlobal("fetch", async () =>
      sseResponse([
        'event: start\ndata: {"requestId":"r1"}\n\n',
        'event: error\ndata: {"error":"The AI provider is overloaded","code":"PROVIDER_OVERLOADED","status":503}\n\n',
      ]),
    );
    const err = await streamExecute(req).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(503);
    expect(parseError(err).title).toBe("Servers Overloaded");
  });

  it("offers what was streamed when the server says it saved nothing (delivered, charged, not saved)", async () => {
    const offers: unknown[] = [];
    const stop = onUnsavedText((o) => offers.push(o));
    vi.stubGlobal("fetch", async () =>
      sseResponse([
        'event: start\ndata: {"requestId":"r1"}\n\n',
        'event: delta\ndata: {"text":"Paid "}\n\nevent: delta\ndata: {"text":"words"}\n\n',
        'event: error\ndata: {"error":"Saved nothing: The text was delivered and charged (5 credits), but saving it failed.","code":"NOT_SAVED","status":500}\n\n',
      ]),
    );
    const err = await streamExecute(req).catch((e) => e);
    stop();
    expect(err).toBeInstanceOf(ApiError);
    expect(offers).toEqual([
      {
        message: "Saved nothing: The text was delivered and charged (5 credits), but saving it failed.",
        text: "Paid words",
      },
    ]);
  });

  it("offers the text a JSON NOT_SAVED answer carries, and nothing for other errors", async () => {
    const offers: unknown[] = [];
    const stop = onUnsavedText((o) => offers.push(o));
    const answer = (body: object, status: number) => async () =>
      new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    vi.stubGlobal("fetch", answer({ error: "Saved nothing: …", code: "NOT_SAVED", text: "The draft" }, 500));
    await streamExecute(req).catch(() => undefined);
    vi.stubGlobal("fetch", answer({ error: "Something went wrong", code: "INTERNAL" }, 500));
    await streamExecute(req).catch(() => undefined);
    stop();
    expect(offers).toEqual([{ message: "Saved nothing: …", text: "The draft" }]);
  });

  it("throws the JSON error of a refused call (402) before any stream", async () => {
    vi.stubGlobal(
      "fetch",
      async () =>
        new Response(
          JSON.stringify({
            error: "Insufficient credits: this needs 5 credits and you have 1 available.",
            code: "INSUFFICIENT_CREDITS",
          }),
          {
            status: 402,
            headers: { "content-type": "application/json" },
          },
        ),
    );
    const err = await streamExecute(req).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(parseError(err).kind).toBe("insufficient-credits");
  });

  it("throws when the stream ends without done", async () => {
    vi.stubGlobal("fetch", async () => sseResponse(['event: delta\ndata: {"text":"Hi"}\n\n']));
    const err = await streamExecute(req).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(502);
  });
});
