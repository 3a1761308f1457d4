// The messages an app without SMTP_URL wrote to DATA_DIR/outbox (mailer.ts), parsed as a mail client
// would read them. Wait for `mailer.idle()` first: sending is in the background.
//   await t.deps.mailer.idle();
//   const mails = await readOutbox(t.deps.config.dataDir);
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { simpleParser } from "mailparser";

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

export async function readOutbox(dataDir: string): Promise<OutboxMail[]> {
  const dir = join(dataDir, "outbox");
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith(".eml"));
  } catch {
    return [];
  }
  const mails: OutboxMail[] = [];
  for (const file of files.sort()) {
    const parsed = await simpleParser(readFileSync(join(dir, file)));
    const to = parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : "";
    mails.push({ file, to, subject: parsed.subject ?? "", text: parsed.text ?? "" });
  }
  return mails;
}
