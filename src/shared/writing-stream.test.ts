import { describe, expect, it } from "vitest";
import { sseMessages, writingEvent } from "./writing-stream";

function bodyOf(wire: string, size: number): ReadableStream<Uint8Array<ArrayBuffer>> {
  const bytes = new TextEncoder().encode(wire);
  return new ReadableStream({
    start(controller) {
      for (let i = 0; i < bytes.length; i += size) controller.enqueue(bytes.slice(i, i + size));
      controller.close();
    },
  });
}

async function all(body: ReadableStream<Uint8Array<ArrayBuffer>>) {
  const out = [];
  for await (const m of sseMessages(body)) out.push(m);
  return out;
}

describe("sseMessages", () => {
  it("parses events split anywhere (even inside a character), skips comments and joins data lines", async () => {
    const wire =
      'event: start\ndata: {"requestId":"r"}\n\n: keep-alive\n\nevent: delta\ndata: {"text":"Hé"}\r\n\r\nevent: delta\ndata: a\ndata: b\n\n';
    for (const size of [1, 2, 3, 7, wire.length]) {
      expect(await all(bodyOf(wire, size))).toEqual([
        { event: "start", data: '{"requestId":"r"}' },
        { event: "delta", data: '{"text":"Hé"}' },
        { event: "delta", data: "a\nb" },
      ]);
    }
  });

  it("keeps a last event that has no blank line after it", async () => {
    expect(await all(bodyOf("event: done\ndata: {}", 4))).toEqual([{ event: "done", data: "{}" }]);
  });

  it("cancels the body when the reader stops early", async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array<ArrayBuffer>>({
      start(c) {
        c.enqueue(new TextEncoder().encode("event: delta\ndata: {}\n\n"));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const _ of sseMessages(body)) break;
    expect(cancelled).toBe(true);
  });
});

describe("writingEvent", () => {
  it("types an event by its name with its JSON data", () => {
    const ev = writingEvent({ event: "delta", data: '{"text":"Hi"}' });
    expect(ev).toEqual({ event: "delta", data: { text: "Hi" } });
  });
});
