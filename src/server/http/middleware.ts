import { randomBytes } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import type { ApiKeyScope } from "../../shared/api-keys";
import { spendThroughKey } from "../credits/spending-key";
import { AppError } from "../errors";
import type { Logger } from "../logger";
import { answerEncoding, compressAnswer } from "./compress";
import { completeAfter, presetHeaders, type SecurityHeaders } from "./security-headers";
import type { AppEnv, SignedInEnv } from "./types";

const REQUEST_ID = /^[\w-]{8,64}$/;

/**
 * A new request id: this process's random 64-bit prefix and a counter ("3f9c0a1b2d4e5f60-1a"). Ids
 * only tie log lines together, so unique is enough; a UUID per request cost more than the rest of
 * this middleware.
 */
const PROCESS_PREFIX = randomBytes(8).toString("hex");
let requestCount = 0;
export const newRequestId = () => `${PROCESS_PREFIX}-${(++requestCount).toString(36)}`;

/**
 * The request's id (the caller's X-Request-Id when it is a sane one, else newRequestId()), sent back in
 * X-Request-Id with the security headers for the path, and one log line per API request. No
 * per-request child logger: the app's logger is handed on as `log` and a line about a request names
 * its `requestId` itself; the request line is only built when info is logged. (One middleware for
 * all three, and compression of the answers under `compressUnder`: each layer of Hono's chain
 * costs a promise and a turn of the microtask queue.)
 */
export const requestContext = (
  logger: Logger,
  security?: SecurityHeaders,
  /** Answers under this path are compressed for clients that accept it (see compress.ts). */
  compressUnder?: string,
): MiddlewareHandler<AppEnv> => {
  let ready = !security;
  void security?.ready.then(() => {
    ready = true;
  });
  return async (c, next) => {
    if (!ready) await security?.ready;
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : newRequestId();
    c.set("requestId", requestId);
    c.set("log", logger);
    c.set("user", null);
    c.set("apiKey", null);
    const logged = logger.isLevelEnabled("info") && c.req.path.startsWith("/api/");
    const started = logged ? performance.now() : 0;
    // Before the handler: set on a finished response, a header costs a copy of the response.
    const id = [["x-request-id", requestId]] as const;
    const secure = security?.forPath(c.req.path) ?? [];
    const preset = presetHeaders(c, id);
    if (preset) presetHeaders(c, secure);
    const encoding = compressUnder !== undefined && c.req.path.startsWith(compressUnder) ? answerEncoding(c) : null;
    await next();
    if (encoding) {
      const compressing = compressAnswer(c, encoding);
      if (compressing) await compressing;
    }
    if (!preset) {
      completeAfter(c, id);
      if (secure.length) completeAfter(c, secure);
    }
    if (logged)
      logger.info(
        {
          requestId,
          event: "http.request",
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          ms: Math.round(performance.now() - started),
        },
        "request",
      );
  };
};

/**
 * A route for signed-in users: 401 otherwise. Handlers after it see `c.get("user")` as a SessionUser
 * (never null), so no route asserts it. (Variables are read with c.get: Hono's c.var builds an object
 * of every variable on each read.)
 */
export const requireUser = createMiddleware<SignedInEnv>((c, next) => {
  // Not async: it hands on next()'s promise rather than wrapping it in one more.
  if (!c.get("user")) throw signInNeeded(c);
  return next();
});

/** 401, or 403 for an API key on a route no key may use (account, keys, admin, …). */
function signInNeeded(c: { get(key: "apiKey"): AppEnv["Variables"]["apiKey"] }) {
  return c.get("apiKey")
    ? new AppError("KEY_NOT_ALLOWED", "API keys can't be used here: this needs a signed-in session.")
    : new AppError("UNAUTHENTICATED", "Please sign in to continue.");
}

/** For routers no API key may use at all (Better Auth's account endpoints): 403 for a key. */
export const refuseApiKeys = createMiddleware<AppEnv>((c, next) => {
  if (c.get("apiKey")) throw signInNeeded(c);
  return next();
});

/**
 * A route for signed-in users and for API keys with `scope` (issue 28): the route's declaration says
 * which keys may call it; a route without it is never reachable with a key (requireUser refuses).
 * A key's usage rows name the key (credits/spending-key.ts).
 */
export const requireCaller = (scope: ApiKeyScope) =>
  createMiddleware<SignedInEnv>((c, next) => {
    if (c.get("user")) return next();
    const key = c.get("apiKey");
    if (!key) throw new AppError("UNAUTHENTICATED", "Please sign in to continue.");
    if (!key.scopes.includes(scope))
      throw new AppError("KEY_SCOPE", `This API key lacks the "${scope}" scope.`, { scope });
    c.set("user", key.user);
    return spendThroughKey(key.id, next);
  });

/**
 * Something settled before the handler, which never wraps it: it refuses by throwing an AppError,
 * or records what it found on the context (the session's user). A promise only where it must wait.
 */
export type Check = (c: Context<AppEnv>) => void | Promise<void>;

/**
 * Checks run in order as one middleware: every layer of Hono's chain costs a promise and a turn of
 * the microtask queue on every request, and a check needs neither unless it waits for something.
 */
export function checks(...list: Check[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    for (const check of list) {
      const waiting = check(c);
      if (waiting) await waiting;
    }
    return next();
  };
}

/** A check for the paths under `prefix` only (the prefix itself included). */
export const under =
  (prefix: string, check: Check): Check =>
  (c) => {
    const path = c.req.path;
    if (path === prefix || path.startsWith(`${prefix}/`)) return check(c);
  };

/** The gate on /api/admin: 401 signed out, 403 for a non-admin, before any input is looked at. */
export const requireAdmin: Check = (c) => {
  const user = c.get("user");
  if (!user) throw signInNeeded(c);
  if (user.role !== "admin") throw new AppError("FORBIDDEN", "This area is for administrators.");
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cookie-authenticated mutations must come from our own origin. Bearer-token calls carry no ambient
 * credentials and are exempt; so is Stripe's webhook, which proves itself with a signature.
 */
export const sameOriginMutations =
  (publicUrl: string | undefined, exempt: string[]): Check =>
  (c) => {
    if (SAFE_METHODS.has(c.req.method) || exempt.includes(c.req.path)) return;
    const hasCookie = Boolean(c.req.header("cookie"));
    const hasBearer = /^bearer\s+/i.test(c.req.header("authorization") ?? "");
    if (!hasCookie || hasBearer) return;
    const origin = c.req.header("origin") ?? refererOrigin(c.req.header("referer"));
    // The request's own host (node-server builds c.req.url from the Host header).
    const host = new URL(c.req.url).host;
    const allowed = publicUrl ? [publicUrl] : [`http://${host}`, `https://${host}`];
    if (!origin || !allowed.includes(origin))
      throw new AppError("FORBIDDEN", "Request refused: it did not come from this site.");
  };

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}
