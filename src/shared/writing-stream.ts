// Reading a streamed writing call (`Accept: text/event-stream`) with eventsource-parser: the one SSE
// reader of the client, the tests and the bench. The server writes the same WritingStreamEvent type.
import { createParser, type EventSourceMessage } from "eventsource-parser";
import type { WritingStreamEvent } from "./writing";

/**
 * The server-sent events of a body as they arrive (comments skipped, `data:` lines joined). A last
 * event with no blank line after it still counts. Leaving the loop early, or aborting `signal`,
 * cancels the body.
 */
export async function* sseMessages(
  body: ReadableStream<Uint8Array<ArrayBuffer>>,
  signal?: AbortSignal,
): AsyncGenerator<{ event: string; data: string }> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  const queue: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (m) => queue.push(m) });
  const onAbort = () => void reader.cancel().catch(() => {});
  let ended = false;
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done)
        parser.feed("\n\n"); // ends a last event that had no blank line after it
      else parser.feed(value);
      while (queue.length > 0) {
        const m = queue.shift() as EventSourceMessage;
        yield { event: m.event ?? "message", data: m.data };
      }
      if (done) {
        ended = true;
        return;
      }
    }
  } finally {
    signal?.removeEventListener("abort", onAbort);
    if (!ended) await reader.cancel().catch(() => {});
  }
}

/** One event of a writing stream with its JSON data parsed. */
export function writingEvent(message: { event: string; data: string }): WritingStreamEvent {
  return { event: message.event, data: JSON.parse(message.data) } as WritingStreamEvent;
}
