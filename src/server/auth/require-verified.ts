// REQUIRE_EMAIL_VERIFICATION=true: credits are spent only by accounts whose address is verified.
// Mounted in app.ts on the paid endpoints, before their own checks; signed-out callers pass through
// to the endpoint's own 401. The session cache may be a few seconds old, so an unverified answer is
// checked against the database before refusing (someone who just followed the link is let through).
import { eq } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { AppError } from "../errors";
import type { AppEnv } from "../http/types";

/** The endpoints that spend credits. */
export const PAID_ENDPOINTS = [
  "/api/execute",
  "/api/final-rewrite",
  "/api/revise-text",
  "/api/detect-ai",
  "/api/seo-*",
] as const;

export const VERIFY_FIRST_MESSAGE =
  "Please verify your e-mail address before using credits: follow the link we sent you, or send a new one from Settings.";

export function requireVerifiedEmail(db: Db, enabled: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // An API key's owner is checked too (its user is set later, by the route's requireCaller).
    const user = c.get("user") ?? c.get("apiKey")?.user;
    if (!enabled || !user || user.emailVerified) return next();
    const [row] = await db.select({ verified: users.emailVerified }).from(users).where(eq(users.id, user.id));
    if (row?.verified) return next();
    throw new AppError("FORBIDDEN", VERIFY_FIRST_MESSAGE);
  };
}
