// The e2e server has no SMTP_URL, so every message it sends is an .eml file in DATA_DIR/outbox
// (playwright.config.ts shares that folder with the workers as E2E_DATA_DIR). These helpers read the
// real messages, as a self-hoster would from the server's outbox.
import { type APIRequestContext, expect } from "@playwright/test";
import { type OutboxMail, readOutbox } from "../../src/server/mail/testing/outbox";

export type { OutboxMail };

/** Waits for a message to `to` whose subject matches, skipping the first `skip` such messages. */
export async function waitForMail(to: string, subject: RegExp, skip = 0): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await readOutbox(process.env.E2E_DATA_DIR ?? "")).filter(
          (m) => m.to === to && subject.test(m.subject),
        )[skip];
        return Boolean(found);
      },
      { timeout: 30_000, message: `mail to ${to} matching ${subject}` },
    )
    .toBe(true);
  return found as OutboxMail;
}

/**
 * The message's link, on the address the browser uses: links carry the server's configured base
 * (http://localhost:PORT without PUBLIC_URL), and cookies belong to the host the tests browse.
 */
export function linkOn(mail: OutboxMail, baseURL: string | undefined): string {
  const link = mail.text.match(/https?:\/\/\S+/)?.[0];
  expect(link, `a link in "${mail.subject}"`).toBeTruthy();
  const url = new URL(link as string);
  return new URL(`${url.pathname}${url.search}`, baseURL).toString();
}

/** Follows the verification link sent to `email` unless the signed-in account is verified already. */
export async function verifyAddress(request: APIRequestContext, baseURL: string | undefined, email: string) {
  const status = await request.get("/api/account");
  expect(status.status(), await status.text()).toBe(200);
  if (((await status.json()) as { emailVerified: boolean }).emailVerified) return;
  const mail = await waitForMail(email, /Verify your e-mail/);
  const res = await request.get(linkOn(mail, baseURL));
  expect(res.status()).toBe(200); // the redirect lands on /settings
  const after = (await (await request.get("/api/account")).json()) as { emailVerified: boolean };
  expect(after.emailVerified).toBe(true);
}
