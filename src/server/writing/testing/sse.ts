// A small server-sent-events reader for tests and the bench: events as they arrive, with timestamps.

export interface SseEvent {
  event: string;
  data: unknown;
  /** performance.now() when the event was complete. */
  at: number;
}

/** Parses complete SSE blocks; returns the events and the unparsed rest. Comment lines are skipped. */
export function parseSseBlocks(buffer: string): { events: Array<{ event: string; data: string }>; rest: string } {
  const events: Array<{ event: string; data: string }> = [];
  const blocks = buffer.split(/\r?\n\r?\n/);
  const rest = blocks.pop() ?? "";
  for (const block of blocks) {
    let event = "message";
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith(":")) continue;
      const i = line.indexOf(":");
      const field = i < 0 ? line : line.slice(0, i);
      const value = i < 0 ? "" : line.slice(i + 1).replace(/^ /, "");
      if (field === "event") event = value;
      else if (field === "data") data.push(value);
    }
    if (data.length) events.push({ event, data: data.join("\n") });
  }
  return { events, rest };
}

/**
 * Reads a streamed response to its end (or until `onEvent` returns "stop", which cancels the body),
 * calling `onEvent` for each event with its JSON data parsed.
 */
export async function readSse(res: Response, onEvent?: (e: SseEvent) => undefined | "stop"): Promise<SseEvent[]> {
  const all: SseEvent[] = [];
  if (!res.body) return all;
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    const parsed = parseSseBlocks(buffer);
    buffer = parsed.rest;
    for (const raw of parsed.events) {
      let data: unknown = raw.data;
      try {
        data = JSON.parse(raw.data);
      } catch {
        // not JSON: keep the text
      }
      const e = { event: raw.event, data, at: performance.now() };
      all.push(e);
      if (onEvent?.(e) === "stop") {
        await reader.cancel();
        return all;
      }
    }
  }
  return all;
}
