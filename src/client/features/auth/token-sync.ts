// Optional token sync (spec §7). With TOKEN_SYNC_URL set (the server reports it as `tokenSyncUrl` in
// GET /api/auth/providers), a page in a secure context POSTs the tab's identity token — the session
// token the auth layer keeps in memory (lib/api.ts `setBearerToken`: new at sign-in, sign-up, a
// sign-in link, a password change) — to that URL with `Authorization: Bearer <token>` whenever it
// changes, and only while it is under 5 minutes old; it DELETEs when the tab signs out. A URL of
// another origin is never told anything. Best effort: a failed sync never troubles the user.

export const TOKEN_SYNC_MAX_AGE_MS = 5 * 60 * 1000;
/** A sync that hangs is given up after this long, so later changes are not held behind it. */
const SYNC_TIMEOUT_MS = 10_000;

export interface TokenSyncOptions {
  /** The configured URL, or null/undefined when unset; asked for once, at the first change. */
  url: () => Promise<string | null | undefined>;
  fetch: (url: string, init: RequestInit) => Promise<unknown>;
  now: () => number;
  /** The page's `window.isSecureContext` and `location.origin`. */
  isSecureContext: boolean;
  origin: string;
}

/** Where to sync to: `url` resolved against the page, only in a secure context and on its origin. */
export function syncTarget(
  url: string | null | undefined,
  page: { isSecureContext: boolean; origin: string },
): string | null {
  if (!url || !page.isSecureContext) return null;
  try {
    const target = new URL(url, page.origin);
    return target.origin === page.origin ? target.toString() : null;
  } catch {
    return null;
  }
}

export interface TokenSync {
  /**
   * The tab's token is now `token` (null: signed out), issued at `issuedAt` (default: now). Changes
   * are sent one after another, in order; the promise settles once this one was sent or skipped.
   */
  changed(token: string | null, issuedAt?: number): Promise<void>;
}

export function createTokenSync(opts: TokenSyncOptions): TokenSync {
  let target: Promise<string | null> | undefined;
  /** What the URL was last told: undefined before anything, null after a DELETE. */
  let told: string | null | undefined;
  let queue: Promise<void> = Promise.resolve();

  const where = () => {
    target ??= opts.url().then(
      (url) => syncTarget(url, opts),
      () => {
        target = undefined; // ask again at the next change
        return null;
      },
    );
    return target;
  };

  const send = async (token: string | null, issuedAt: number) => {
    if (!opts.isSecureContext) return; // not even the setting is asked for
    const to = await where();
    if (!to || token === told) return;
    told = token;
    const signal = AbortSignal.timeout(SYNC_TIMEOUT_MS);
    if (token === null) await opts.fetch(to, { method: "DELETE", credentials: "same-origin", signal });
    else if (opts.now() - issuedAt < TOKEN_SYNC_MAX_AGE_MS)
      await opts.fetch(to, {
        method: "POST",
        credentials: "same-origin",
        headers: { Authorization: `Bearer ${token}` },
        signal,
      });
  };

  return {
    changed(token, issuedAt = opts.now()) {
      queue = queue.then(() => send(token, issuedAt)).catch(() => undefined);
      return queue;
    },
  };
}
