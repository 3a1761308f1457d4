// A small, incremental parser for server-sent events (the WHATWG "event stream" format): feed it
// decoded text as it arrives, get back whole events. Comment lines (": keep-alive") are skipped,
// several `data:` lines join with "\n", and CRLF, CR and LF line endings are all accepted.

export interface SseEvent {
  /** The `event:` field; "message" when the server sent none. */
  event: string;
  data: string;
  id?: string;
}

export class SseParser {
  private buffer = "";
  private event = "";
  private data: string[] = [];
  private id: string | undefined;

  /** Adds a piece of the stream; returns the events it completed (possibly none). */
  push(chunk: string): SseEvent[] {
    this.buffer += chunk;
    const out: SseEvent[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      if (!match) break;
      // A lone "\r" at the very end may be the first half of "\r\n": wait for the next chunk.
      if (match[0] === "\r" && match.index === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      const done = this.line(line);
      if (done) out.push(done);
    }
    return out;
  }

  /** The end of the stream: a last event without its blank line still counts. */
  flush(): SseEvent[] {
    const out: SseEvent[] = [];
    if (this.buffer) {
      const done = this.line(this.buffer);
      this.buffer = "";
      if (done) out.push(done);
    }
    const last = this.line("");
    if (last) out.push(last);
    return out;
  }

  private line(line: string): SseEvent | null {
    if (line === "") {
      if (this.data.length === 0 && !this.event) return null;
      const ev: SseEvent = { event: this.event || "message", data: this.data.join("\n") };
      if (this.id !== undefined) ev.id = this.id;
      this.event = "";
      this.data = [];
      return ev;
    }
    if (line.startsWith(":")) return null;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") this.event = value;
    else if (field === "data") this.data.push(value);
    else if (field === "id") this.id = value;
    return null;
  }
}
