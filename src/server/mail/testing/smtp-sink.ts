// A real SMTP server in the test process (the `smtp-server` package) that keeps every message it
// receives, parsed by `mailparser`. Point SMTP_URL at `sink.url` and read what the app really sent.
//   const sink = await startSmtpSink();
//   const mail = await sink.waitFor((m) => m.to === "ada@example.com" && m.subject.includes("Reset"));
//   await sink.close();
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The raw RFC 5322 message as it arrived. */
  raw: string;
}

export interface SmtpSink {
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message (already received or arriving later) that matches. */
  waitFor(match: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Makes the next `n` messages fail with a 451 (temporary failure) answer. */
  failNext(n: number): void;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters: Array<{ match: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }> = [];
  let failures = 0;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", async () => {
        if (failures > 0) {
          failures -= 1;
          const err = Object.assign(new Error("Mailbox temporarily unavailable"), { responseCode: 451 });
          callback(err);
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        const parsed = await simpleParser(raw);
        const mail: ReceivedMail = {
          from: parsed.from?.text ?? "",
          to: session.envelope.rcptTo.map((r) => r.address).join(", "),
          subject: parsed.subject ?? "",
          text: parsed.text ?? "",
          html: typeof parsed.html === "string" ? parsed.html : "",
          raw,
        };
        messages.push(mail);
        for (const w of [...waiters])
          if (w.match(mail)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(mail);
          }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(match, timeoutMs = 30_000) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          const i = waiters.indexOf(waiter);
          if (i >= 0) {
            waiters.splice(i, 1);
            reject(
              new Error(
                `no matching mail within ${timeoutMs} ms; received: ${messages.map((m) => `${m.to} "${m.subject}"`).join("; ") || "none"}`,
              ),
            );
          }
        }, timeoutMs).unref();
      });
    },
    failNext(n) {
      failures = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first http(s) link in a message's text. */
export function linkIn(mail: { text: string }): string {
  const match = mail.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in mail: ${mail.text}`);
  return match[0];
}
