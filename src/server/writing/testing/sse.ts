// Server-sent events of a response for tests and the bench, read with the app's own reader
// (shared/writing-stream.ts), each stamped with the time it was complete.
import { sseMessages } from "../../../shared/writing-stream";

export interface SseEvent {
  event: string;
  data: unknown;
  /** performance.now() when the event was complete. */
  at: number;
}

/**
 * Reads a streamed response to its end (or until `onEvent` returns "stop", which cancels the body),
 * calling `onEvent` for each event with its JSON data parsed (text that is not JSON is kept as is).
 */
export async function readSse(res: Response, onEvent?: (e: SseEvent) => undefined | "stop"): Promise<SseEvent[]> {
  const all: SseEvent[] = [];
  if (!res.body) return all;
  for await (const raw of sseMessages(res.body)) {
    let data: unknown = raw.data;
    try {
      data = JSON.parse(raw.data);
    } catch {
      // not JSON: keep the text
    }
    const e = { event: raw.event, data, at: performance.now() };
    all.push(e);
    if (onEvent?.(e) === "stop") break;
  }
  return all;
}
