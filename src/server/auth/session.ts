// The signed-in user of a request: Better Auth's session, looked up from the cookie or bearer token
// and cached for a few seconds. Lives in auth/ so that http/ never imports a feature.
import { and, eq, gt, sql } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import type { SessionUser } from "../../shared/auth";
import type { Db } from "../db/client";
import { sessions } from "../db/schema";
import { AppError } from "../errors";
import type { Check } from "../http/middleware";
import type { AppEnv, SignedInEnv } from "../http/types";
import type { Auth } from "./auth";

/** The session each looked-up user came from (the cache hands out the same object while it lasts). */
const sessionOf = new WeakMap<SessionUser, string>();

/**
 * Resolves the session from the cookie or the bearer token (Better Auth's bearer plugin). Lookups
 * are cached in-process for a few seconds per credential (Better Auth's own cookie cache allows
 * minutes); signing out through this process drops the entry at once.
 */
export class SessionCache {
  private readonly entries = new Map<string, { user: SessionUser | null; expires: number }>();
  /** Lookups in flight, by credential: concurrent requests with the same credential share one. */
  private readonly pending = new Map<string, Promise<SessionUser | null>>();
  constructor(
    private readonly ttlMs = 5000,
    private readonly maxEntries = 10_000,
  ) {}

  static keyOf(headers: Headers): string | null {
    const bearer = headers.get("authorization");
    if (bearer) return `b:${bearer}`;
    const cookie = headers.get("cookie")?.match(/(?:^|;\s*)((?:__Secure-)?better-auth\.session_token)=([^;]+)/);
    return cookie ? `c:${cookie[2]}` : null;
  }

  get(key: string): SessionUser | null | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.user;
  }

  set(key: string, user: SessionUser | null) {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { user, expires: Date.now() + this.ttlMs });
  }

  /**
   * The user of `key` from `find`, once per credential at a time: requests that arrive while it is
   * looked up wait for the same answer (when a busy session's entry expires, 50 concurrent requests
   * make one lookup, not 50 — on PGlite, one thread, that storm queued everything behind it). The
   * answer is cached unless the credential was forgotten or the cache cleared meanwhile.
   */
  lookUp(key: string, find: () => Promise<SessionUser | null>): Promise<SessionUser | null> {
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const lookup: Promise<SessionUser | null> = find().then(
      (user) => {
        if (this.pending.get(key) === lookup) {
          this.pending.delete(key);
          this.set(key, user);
        }
        return user;
      },
      (err: unknown) => {
        if (this.pending.get(key) === lookup) this.pending.delete(key);
        throw err;
      },
    );
    this.pending.set(key, lookup);
    return lookup;
  }

  forget(headers: Headers) {
    const key = SessionCache.keyOf(headers);
    if (!key) return;
    this.entries.delete(key);
    this.pending.delete(key);
  }

  /** Sessions ended elsewhere (password change or reset, sign out everywhere, account deleted). */
  clear() {
    this.entries.clear();
    this.pending.clear();
  }
}

/** The request's user (c.get("user")): from the cache, else looked up (the only time it waits). */
export const sessionUser =
  (auth: Auth, cache: SessionCache): Check =>
  (c) => {
    // An API key is never a session (keys/key-caller.ts reads it), whatever cookie comes with it.
    if (/^bearer\s+dsk_/i.test(c.req.header("authorization") ?? "")) return;
    const key = SessionCache.keyOf(c.req.raw.headers);
    if (!key) return;
    const user = cache.get(key);
    if (user !== undefined) {
      c.set("user", user);
      return;
    }
    return lookUp(auth, cache, key, c);
  };

async function lookUp(auth: Auth, cache: SessionCache, key: string, c: Context<AppEnv>) {
  const headers = c.req.raw.headers;
  const user = await cache.lookUp(key, async () => {
    const session = await auth.api.getSession({ headers }).catch(() => null);
    const u = session?.user as
      | (NonNullable<typeof session>["user"] & { username?: string; role?: string; emailVerified?: boolean })
      | undefined;
    if (!u || !session) return null;
    const found = toSessionUser(u);
    sessionOf.set(found, session.session.id);
    return found;
  });
  c.set("user", user);
}

/**
 * On the endpoints that spend credits: the session must still exist in the database, whatever this
 * process's cache says. A session revoked through another process (sign out, sign out everywhere,
 * password change, account deletion) would otherwise pass here for up to the cache's few seconds.
 * One primary-key read per paid call (after requireCaller: the caller is signed in).
 */
export function requireLiveSession(db: Db, cache: SessionCache): MiddlewareHandler<SignedInEnv> {
  return async (c, next) => {
    // An API key was read from the database for this very request (keys/key-caller.ts).
    if (c.get("apiKey")) return next();
    const user = c.get("user");
    const id = sessionOf.get(user);
    const [row] = id
      ? await db
          .select({ one: sql<number>`1` })
          .from(sessions)
          .where(and(eq(sessions.id, id), gt(sessions.expiresAt, sql`now()`)))
      : [];
    if (row) return next();
    cache.forget(c.req.raw.headers);
    (c as unknown as Context<AppEnv>).set("user", null);
    throw new AppError("UNAUTHENTICATED", "Please sign in to continue.");
  };
}

/** The app's view of a Better Auth user (username, role and verification defaulted). */
export function toSessionUser(u: {
  id: string;
  email: string;
  username?: string | null;
  name: string;
  role?: string | null;
  image?: string | null;
  emailVerified?: boolean;
}): SessionUser {
  return {
    id: u.id,
    email: u.email,
    username: u.username ?? "",
    name: u.name,
    role: u.role ?? "user",
    image: u.image,
    emailVerified: u.emailVerified === true,
  };
}
