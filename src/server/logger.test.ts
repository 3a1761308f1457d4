// Issue 16 #8: no e-mail address and no SQL parameter reaches a log line.
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "./db/schema";
import { createLogger, scrubText } from "./logger";
import { createTestApp, type TestApp } from "./testing/test-app";

function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger("info", false, { destination }), text: () => lines.join("") };
}

describe("log lines", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("carry a failed query's error without its parameters or the e-mail in pg's detail", async () => {
    await t.insertUser("leak@example.com", { username: "leak_one" });
    let failure: unknown;
    try {
      await t.db.insert(users).values({ id: "dup", name: "dup", email: "leak@example.com", username: "leak_two" });
    } catch (err) {
      failure = err;
    }
    expect(failure).toBeDefined();
    // The error as drizzle throws it does carry the address, in its params and its cause.
    expect(JSON.stringify({ m: (failure as Error).message, c: String((failure as Error).cause) })).toContain(
      "leak@example.com",
    );
    const { logger, text } = capture();
    logger.error({ event: "db.failed", err: failure }, "insert failed");
    const line = JSON.parse(text()) as { err: { message: string; type: string; cause?: { code?: string } } };
    expect(text()).not.toContain("leak@example.com");
    expect(line.err.message).toMatch(/params: \[redacted\]/);
    expect(line.err.cause?.code).toBe("23505");
  });

  it("replace e-mail addresses in any string, and redact email fields", () => {
    const { logger, text } = capture();
    logger.info(
      { event: "x", email: "a@example.com", detail: { note: "from b.c@example.org" }, list: ["c@example.net"] },
      "mail to d@example.com",
    );
    expect(text()).not.toMatch(/@example\./);
    expect(JSON.parse(text())).toMatchObject({ email: "[redacted]", msg: "mail to [email]" });
    expect(scrubText("Failed query: select 1\nparams: x@y.com,2")).toBe("Failed query: select 1\nparams: [redacted]");
  });
});
