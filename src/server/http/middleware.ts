import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import { AppError } from "../errors";
import type { Logger } from "../logger";
import { completeAfter, presetHeaders } from "./security-headers";
import type { AppEnv, SignedInEnv } from "./types";

const REQUEST_ID = /^[\w-]{8,64}$/;

/**
 * The request's id (the caller's X-Request-Id when it is a sane one, else a new UUID), sent back in
 * X-Request-Id, and one log line per API request. No per-request child logger: the app's logger is
 * handed on as `log` and a line about a request names its `requestId` itself; the request line is
 * only built when info is logged.
 */
export const requestContext =
  (logger: Logger): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    c.set("requestId", requestId);
    c.set("log", logger);
    c.set("user", null);
    const started = performance.now();
    // Before the handler: set on a finished response, a header costs a copy of the response.
    const header = [["x-request-id", requestId]] as const;
    const preset = presetHeaders(c, header);
    await next();
    if (!preset) completeAfter(c, header);
    if (logger.isLevelEnabled("info") && c.req.path.startsWith("/api/"))
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
  (c, next) => {
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
    return next();
  };

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}
