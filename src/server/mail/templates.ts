// Every message Draftsmith sends, as plain text and simple HTML. A message never says anything about
// an account other than the recipient's own (no "that address is already taken").
export type MailKind = "verify-email" | "change-email" | "reset-password" | "sign-in-link" | "account-deleted";

export interface MailMessage {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message carries, if any: the outbox logs it so an operator can hand it on. */
  link?: string;
}

const APP = "Draftsmith";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch);

interface Body {
  kind: MailKind;
  to: string;
  subject: string;
  paragraphs: string[];
  action?: { label: string; link: string };
  after?: string[];
}

function render({ kind, to, subject, paragraphs, action, after = [] }: Body): MailMessage {
  const text = [...paragraphs, ...(action ? [`${action.label}:\n${action.link}`] : []), ...after, `— ${APP}`].join(
    "\n\n",
  );
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.link)}" style="background:#0f172a;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#475569">Or paste this address into your browser:<br>${escapeHtml(action.link)}</p>`
    : "";
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">${paragraphs.map(p).join("")}${button}${after.map(p).join("")}<p style="margin:24px 0 0;color:#475569">— ${APP}</p></body></html>`;
  return { kind, to, subject, text, html, link: action?.link };
}

export function verifyEmailMessage(to: string, link: string): MailMessage {
  return render({
    kind: "verify-email",
    to,
    subject: `Verify your e-mail address for ${APP}`,
    paragraphs: [
      `Please confirm that ${to} is your address, so you can recover your account if you forget your password.`,
    ],
    action: { label: "Verify my e-mail address", link },
    after: ["The link works for 24 hours. If you did not create an account, you can ignore this message."],
  });
}

export function changeEmailMessage(to: string, link: string): MailMessage {
  return render({
    kind: "change-email",
    to,
    subject: `Confirm your new e-mail address for ${APP}`,
    paragraphs: [`Someone asked to use ${to} as the e-mail address of a ${APP} account.`],
    action: { label: "Use this address", link },
    after: ["The link works for 24 hours. If it was not you, ignore this message: nothing changes."],
  });
}

export function resetPasswordMessage(to: string, link: string): MailMessage {
  return render({
    kind: "reset-password",
    to,
    subject: `Reset your ${APP} password`,
    paragraphs: [`Someone asked to reset the password of the ${APP} account for ${to}.`],
    action: { label: "Choose a new password", link },
    after: [
      "The link works once, for 1 hour. Choosing a new password signs you out everywhere else.",
      "If you did not ask for this, ignore this message: your password stays as it is.",
    ],
  });
}

/**
 * The e-mailed sign-in link (auth.ts, magicLink). `unconfirmed`: the account's address was never
 * verified, and following the link removes any password or Google link set up before (anyone could
 * have set those up with this address), so the owner is told before they find out at the next sign-in.
 */
export function signInLinkMessage(to: string, link: string, opts: { unconfirmed: boolean }): MailMessage {
  return render({
    kind: "sign-in-link",
    to,
    subject: `Your ${APP} sign-in link`,
    paragraphs: [`Someone asked to sign in to the ${APP} account for ${to} with a link sent by e-mail.`],
    action: { label: `Sign in to ${APP}`, link },
    after: [
      "The link works once, for 15 minutes.",
      ...(opts.unconfirmed
        ? [
            "Your address is not confirmed yet: following the link confirms it. Any password or Google sign-in set up on this account before then stops working (anyone could have set it up with your address); you can choose a new password in Settings.",
          ]
        : []),
      "If you did not ask for this, ignore this message: nobody can sign in without the link.",
    ],
  });
}

export function accountDeletedMessage(to: string): MailMessage {
  return render({
    kind: "account-deleted",
    to,
    subject: `Your ${APP} account has been deleted`,
    paragraphs: [
      `The ${APP} account for ${to} has been deleted, with its drafts, history and sessions.`,
      "Records of credit purchases and use are kept without your name or address, as accounting requires.",
      "Thank you for writing with us.",
    ],
  });
}
