// Outgoing mail. With SMTP_URL: nodemailer over SMTP. Without: each message is written as an .eml
// file under DATA_DIR/outbox/ and one log line carries its link, so a self-hoster with no mail
// server can still hand a reset link on from the server's log.
//
// send() never blocks a request and never throws at it: the message goes out in the background and
// a failure is logged. idle() waits for what is in flight (tests, shutdown).
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Transporter } from "nodemailer";
import { firstUse } from "../first-use";
import type { Logger } from "../logger";
import type { MailMessage } from "./templates";

export interface MailTransport {
  readonly kind: "smtp" | "outbox";
  /** Delivers one message; resolves to where it went (an SMTP message id or a file). */
  deliver(from: string, message: MailMessage): Promise<string>;
  close(): void;
}

/**
 * A nodemailer transport made at the first message: nodemailer (400 kB of code) is loaded then, not
 * at every start of the server.
 */
function lazyTransport<T extends Transporter>(make: (nodemailer: typeof import("nodemailer").default) => T) {
  const transport = firstUse(() => import("nodemailer").then((m) => make(m.default)));
  return { get: transport.get, close: () => void transport.made()?.then((t) => t.close()) };
}

/** The message as nodemailer takes it. */
const mailOf = (from: string, m: MailMessage) => ({ from, to: m.to, subject: m.subject, text: m.text, html: m.html });

export function smtpTransport(smtpUrl: string): MailTransport {
  // A stuck mail server must not hold sends (and shutdown) for nodemailer's default 2 minutes.
  const url = new URL(smtpUrl);
  for (const [name, ms] of [
    ["connectionTimeout", "15000"],
    ["greetingTimeout", "15000"],
    ["socketTimeout", "30000"],
  ])
    if (!url.searchParams.has(name)) url.searchParams.set(name, ms);
  const transporter = lazyTransport((nodemailer) => nodemailer.createTransport(url.toString()));
  return {
    kind: "smtp",
    async deliver(from, m) {
      const info = await (await transporter.get()).sendMail(mailOf(from, m));
      return String(info.messageId);
    },
    close: () => transporter.close(),
  };
}

export function outboxTransport(dataDir: string): MailTransport {
  const dir = resolve(dataDir, "outbox");
  // streamTransport builds the complete RFC 5322 message, exactly what SMTP would have carried.
  const composer = lazyTransport((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }),
  );
  return {
    kind: "outbox",
    async deliver(from, m) {
      const info = await (await composer.get()).sendMail(mailOf(from, m));
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = join(dir, `${stamp}-${m.kind}-${randomBytes(4).toString("hex")}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      return file;
    },
    close: () => composer.close(),
  };
}

export class Mailer {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly transport: MailTransport,
    private readonly from: string,
    private readonly logger: Logger,
  ) {}

  get kind() {
    return this.transport.kind;
  }

  /** Queues `message` and returns at once; delivery failures are logged, never thrown. */
  send(message: MailMessage): void {
    const job = this.transport.deliver(this.from, message).then(
      (where) => {
        if (this.transport.kind === "outbox")
          // The one line a self-hoster reads: what it is and the link. No address (logs carry no e-mails).
          this.logger.info(
            { event: "mail.outbox", kind: message.kind, file: where },
            `Mail "${message.subject}" saved to ${where}${message.link ? ` — link: ${message.link}` : ""}`,
          );
        else this.logger.info({ event: "mail.sent", kind: message.kind, messageId: where }, "mail sent");
      },
      (err: unknown) => {
        this.logger.error(
          { event: "mail.failed", kind: message.kind, transport: this.transport.kind, error: (err as Error).message },
          "mail could not be sent",
        );
      },
    );
    this.inFlight.add(job);
    void job.finally(() => this.inFlight.delete(job));
  }

  /** Resolves when every message queued so far has been delivered or has failed. */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }

  close(): void {
    this.transport.close();
  }
}

export function createMailer(opts: { smtpUrl?: string; from: string; dataDir: string }, logger: Logger): Mailer {
  const transport = opts.smtpUrl ? smtpTransport(opts.smtpUrl) : outboxTransport(opts.dataDir);
  return new Mailer(transport, opts.from, logger);
}
