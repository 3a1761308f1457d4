// "Not now" for the verify-e-mail banner (issue 31): remembered for this tab's session only
// (sessionStorage), per account, so another account signing in — or a new tab — sees it again.
// Storage that is missing or full just means the banner shows.
const KEY = "draftsmith:verify-banner-dismissed";

export function isVerifyBannerDismissed(userId: string, storage: Pick<Storage, "getItem"> | null = sessionStore()) {
  try {
    return storage?.getItem(KEY) === userId;
  } catch {
    return false;
  }
}

export function dismissVerifyBanner(userId: string, storage: Pick<Storage, "setItem"> | null = sessionStore()) {
  try {
    storage?.setItem(KEY, userId);
  } catch {
    // Not remembered: it shows again after a reload.
  }
}

function sessionStore(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}
