// REQUIRE_EMAIL_VERIFICATION=true: credits are spent only by accounts whose address is verified.
// Part of `paidCall`, which each paid route declares after requireCaller. The session cache may be a few seconds old, so an unverified answer is
// checked against the database before refusing (someone who just followed the link is let through).
import { eq } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { AppError } from "../errors";
import type { SignedInEnv } from "../http/types";
import { requireLiveSession, type SessionCache } from "./session";

export const VERIFY_FIRST_MESSAGE =
  "Please verify your e-mail address before using credits: follow the link we sent you, or send a new one from Settings.";

export function requireVerifiedEmail(db: Db, enabled: boolean): MiddlewareHandler<SignedInEnv> {
  return async (c, next) => {
    const user = c.get("user");
    if (!enabled || user.emailVerified) return next();
    const [row] = await db.select({ verified: users.emailVerified }).from(users).where(eq(users.id, user.id));
    if (row?.verified) return next();
    throw new AppError("FORBIDDEN", VERIFY_FIRST_MESSAGE);
  };
}

/**
 * The gate of every route that spends credits, declared on the route after requireCaller (`paid` in
 * deps): the session still live in the database (session.ts requireLiveSession; an API key is read
 * from the database on every request already), then a verified address when it is required.
 */
export function paidCall(
  db: Db,
  cache: SessionCache,
  requireEmailVerification: boolean,
): MiddlewareHandler<SignedInEnv> {
  const live = requireLiveSession(db, cache);
  const verified = requireVerifiedEmail(db, requireEmailVerification);
  return (c, next) =>
    live(c, async () => {
      await verified(c, next);
    });
}
