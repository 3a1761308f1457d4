import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { SessionUser } from "../../shared/auth";
import type { Auth } from "../auth/auth";
import { AppError } from "../errors";
import type { Logger } from "../logger";
import { completeAfter, presetHeaders } from "./security-headers";
import type { AppEnv, SignedInEnv } from "./types";

export const requestContext =
  (logger: Logger): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    const log = logger.child({ requestId });
    c.set("requestId", requestId);
    c.set("log", log);
    c.set("user", null);
    const started = performance.now();
    // Before the handler: set on a finished response, a header costs a copy of the response.
    const header = [["x-request-id", requestId]] as const;
    const preset = presetHeaders(c, header);
    await next();
    if (!preset) completeAfter(c, header);
    if (c.req.path.startsWith("/api/"))
      log.info(
        {
          event: "http.request",
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          ms: Math.round(performance.now() - started),
        },
        "request",
      );
  };

/**
 * Resolves the session from the cookie or the bearer token (Better Auth's bearer plugin). Lookups
 * are cached in-process for a few seconds per credential (Better Auth's own cookie cache allows
 * minutes); signing out through this process drops the entry at once.
 */
export class SessionCache {
  private readonly entries = new Map<string, { user: SessionUser | null; expires: number }>();
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

  forget(headers: Headers) {
    const key = SessionCache.keyOf(headers);
    if (key) this.entries.delete(key);
  }

  /** Sessions ended elsewhere (password change or reset, sign out everywhere, account deleted). */
  clear() {
    this.entries.clear();
  }
}

export const sessionUser =
  (auth: Auth, cache: SessionCache): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const key = SessionCache.keyOf(c.req.raw.headers);
    if (key) {
      let user = cache.get(key);
      if (user === undefined) {
        const session = await auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null);
        const u = session?.user as
          | (NonNullable<typeof session>["user"] & { username?: string; role?: string; emailVerified?: boolean })
          | undefined;
        user = u
          ? {
              id: u.id,
              email: u.email,
              username: u.username ?? "",
              name: u.name,
              role: u.role ?? "user",
              image: u.image,
              emailVerified: u.emailVerified === true,
            }
          : null;
        cache.set(key, user);
      }
      c.set("user", user);
    }
    await next();
  };

/**
 * A route for signed-in users: 401 otherwise. Handlers after it see `c.var.user` as a SessionUser
 * (never null), so no route asserts it.
 */
export const requireUser = createMiddleware<SignedInEnv>(async (c, next) => {
  if (!c.get("user")) throw new AppError("UNAUTHENTICATED", "Please sign in to continue.");
  await next();
});

/** One gate on /api/admin/*: 401 signed out, 403 for a non-admin, before any input is looked at. */
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.get("user");
  if (!user) throw new AppError("UNAUTHENTICATED", "Please sign in to continue.");
  if (user.role !== "admin") throw new AppError("FORBIDDEN", "This area is for administrators.");
  await next();
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cookie-authenticated mutations must come from our own origin. Bearer-token calls carry no ambient
 * credentials and are exempt; so is Stripe's webhook, which proves itself with a signature.
 */
export const sameOriginMutations =
  (publicUrl: string | undefined, exempt: string[]): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || exempt.includes(c.req.path)) return next();
    const hasCookie = Boolean(c.req.header("cookie"));
    const hasBearer = /^bearer\s+/i.test(c.req.header("authorization") ?? "");
    if (!hasCookie || hasBearer) return next();
    const origin = c.req.header("origin") ?? refererOrigin(c.req.header("referer"));
    // The request's own host (node-server builds c.req.url from the Host header).
    const host = new URL(c.req.url).host;
    const allowed = publicUrl ? [publicUrl] : [`http://${host}`, `https://${host}`];
    if (!origin || !allowed.includes(origin))
      throw new AppError("FORBIDDEN", "Request refused: it did not come from this site.");
    await next();
  };

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

export { getCookie };
