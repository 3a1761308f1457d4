// The mail component at the wire: nodemailer against a real SMTP server in this process, and the
// outbox default writing real .eml files.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { simpleParser } from "mailparser";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer, Mailer, outboxTransport, smtpTransport } from "./mailer";
import { accountDeletedMessage, resetPasswordMessage, verifyEmailMessage } from "./templates";
import { type SmtpSink, startSmtpSink } from "./testing/smtp-sink";

function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: "info" }, stream), lines };
}

describe("mail over SMTP", () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());

  it("delivers plain text and HTML from MAIL_FROM, in the background", async () => {
    const { logger } = capturingLogger();
    const mailer = new Mailer(smtpTransport(sink.url), "Draftsmith <mail@draftsmith.test>", logger);
    const link = "https://app.example.com/reset-password?token=abc123";
    const result = mailer.send(resetPasswordMessage("ada@example.com", link));
    expect(result).toBeUndefined(); // nothing to await: the request's answer never waits for mail
    expect(sink.messages.some((m) => m.to === "ada@example.com")).toBe(false);
    const mail = await sink.waitFor((m) => m.to === "ada@example.com");
    await mailer.idle();
    expect(mail.from).toBe('"Draftsmith" <mail@draftsmith.test>');
    expect(mail.subject).toBe("Reset your Draftsmith password");
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain("<p");
    mailer.close();
  });

  it("logs a refused message and throws nothing", async () => {
    const { logger, lines } = capturingLogger();
    const mailer = new Mailer(smtpTransport(sink.url), "Draftsmith <mail@draftsmith.test>", logger);
    sink.failNext(1);
    expect(() => mailer.send(verifyEmailMessage("bob@example.com", "https://x.test/v?t=1"))).not.toThrow();
    await mailer.idle();
    const failure = lines.find((l) => l.event === "mail.failed");
    expect(failure).toMatchObject({ kind: "verify-email", transport: "smtp" });
    expect(String(failure?.error)).toMatch(/451|temporarily/i);
    expect(JSON.stringify(lines)).not.toContain("bob@example.com"); // logs carry no addresses
    mailer.close();
  });

  it("logs an unreachable server and throws nothing", async () => {
    const closed = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, "127.0.0.1", () => {
        const { port } = s.address() as { port: number };
        s.close(() => resolve(port));
      });
    });
    const { logger, lines } = capturingLogger();
    const mailer = new Mailer(smtpTransport(`smtp://127.0.0.1:${closed}`), "x@y.test", logger);
    mailer.send(accountDeletedMessage("carol@example.com"));
    await mailer.idle();
    expect(lines.find((l) => l.event === "mail.failed")).toMatchObject({ kind: "account-deleted" });
    mailer.close();
  });

  it("chooses SMTP when SMTP_URL is set", () => {
    const mailer = createMailer(
      { smtpUrl: sink.url, from: "a@b.test", dataDir: "/nonexistent" },
      pino({ level: "silent" }),
    );
    expect(mailer.kind).toBe("smtp");
    mailer.close();
  });
});

describe("mail without SMTP: the outbox", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "draftsmith-outbox-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("writes each message as an .eml under DATA_DIR/outbox and logs one line with its link", async () => {
    const { logger, lines } = capturingLogger();
    const mailer = createMailer({ from: "Draftsmith <no-reply@localhost>", dataDir }, logger);
    expect(mailer.kind).toBe("outbox");
    const link = "http://localhost:5000/reset-password?token=tok-1";
    mailer.send(resetPasswordMessage("dora@example.com", link));
    await mailer.idle();

    const files = readdirSync(join(dataDir, "outbox"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/reset-password-[0-9a-f]{8}\.eml$/);
    const parsed = await simpleParser(readFileSync(join(dataDir, "outbox", files[0]!)));
    expect(parsed.subject).toBe("Reset your Draftsmith password");
    expect(parsed.text).toContain(link);
    expect(typeof parsed.html === "string" && parsed.html.includes(link)).toBe(true);
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : "").toBe("dora@example.com");

    const logged = lines.filter((l) => l.event === "mail.outbox");
    expect(logged).toHaveLength(1);
    expect(String(logged[0]?.msg)).toContain(link);
    expect(JSON.stringify(logged)).not.toContain("dora@example.com");
  });

  it("logs a failed write and throws nothing", async () => {
    const { logger, lines } = capturingLogger();
    // A file where the outbox folder should be: mkdir fails.
    const blocked = mkdtempSync(join(tmpdir(), "draftsmith-outbox-blocked-"));
    const fs = await import("node:fs");
    fs.writeFileSync(join(blocked, "outbox"), "not a folder");
    const mailer = new Mailer(outboxTransport(blocked), "x@y.test", logger);
    mailer.send(verifyEmailMessage("e@example.com", "http://localhost/v"));
    await mailer.idle();
    expect(lines.find((l) => l.event === "mail.failed")).toMatchObject({ transport: "outbox" });
    rmSync(blocked, { recursive: true, force: true });
  });
});

describe("templates", () => {
  it("escapes what they put into HTML", () => {
    const m = verifyEmailMessage("a<b>@example.com", 'https://x.test/?a=1&b="2"');
    expect(m.html).not.toContain("a<b>");
    expect(m.html).toContain("a&lt;b&gt;@example.com");
    expect(m.html).toContain("a=1&amp;b=&quot;2&quot;");
    expect(m.text).toContain('https://x.test/?a=1&b="2"');
  });
});
