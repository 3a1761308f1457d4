// The account screens' fixed texts (no zod here: the landing page's layout imports them).
export const ACCOUNT_TEXT = {
  resetRequested:
    "If an account exists for that address, we have sent it a link to choose a new password. The link works once, for 1 hour.",
  signInLinkSent:
    "Check your inbox. If an account exists for that address, we have sent it a sign-in link. The link works once, for 15 minutes.",
  signInLinkIncomplete: "This sign-in link is incomplete. Open the link from the e-mail again, or ask for a new one.",
  resetDone: "Your password has been changed and every other session signed out. Sign in with the new password.",
  passwordChanged: "Password changed. Every other session has been signed out.",
  verifyBanner: "Please verify your e-mail address: follow the link we sent to",
  /** The banner on a phone: one short line. */
  verifyBannerShort: "Please verify your e-mail.",
  verificationSent: "Verification e-mail sent. Check your inbox.",
  emailChangeSent: "We sent a link to the new address. Your address changes once you follow it.",
  emailVerified: "Your e-mail address is verified.",
  emailChanged: "Your e-mail address has been changed.",
  verificationFailed: "That verification link has expired or is not valid. Ask for a new one.",
  deleteConfirmHelp:
    "This deletes your account, history and sessions for good. Type your e-mail address and your password to confirm.",
} as const;
