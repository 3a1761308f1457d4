// /api/account: the Settings page's own calls. Profile, e-mail and password changes go through
// Better Auth's endpoints under /api/auth (update-user, change-email, change-password); these are
// the rest: what the account is, its sessions, the data download and deletion.

import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import {
  AccountDeleteRequest,
  type AccountSessionsResponse,
  AccountSessionsResponseSchema,
  type AccountStatus,
  AccountStatusSchema,
  SessionsRevokedSchema,
} from "../../shared/account";
import { SuccessSchema } from "../../shared/api-schemas";
import { type Auth, clientAddress, type SessionCache, type SignInLimiter, tryAgainText } from "../auth/index";
import type { TrustProxy } from "../config";
import type { Db } from "../db/client";
import { accounts, users } from "../db/schema";
import { AppError, tooManyRequests } from "../errors";
import { requireUser } from "../http/middleware";
import { doc } from "../http/openapi";
import type { AppEnv } from "../http/types";
import { validate } from "../http/validate";
import { ACCOUNT_DELETE_MESSAGES, type AccountService } from "./account.service";

/** An account with no password (Google only) deletes itself from a session at most this old. */
export const DELETE_FRESH_SESSION_MS = 10 * 60_000;

const SessionIdParam = z.object({ id: z.string().min(1).max(128) });

export function accountRoutes(deps: {
  db: Db;
  auth: Auth;
  account: AccountService;
  sessionCache: SessionCache;
  /** Password checks for deletion count as sign-in attempts (the same limits). */
  signInLimiter: SignInLimiter;
  trustProxy: TrustProxy;
  googleConfigured: boolean;
  requireEmailVerification: boolean;
}) {
  const { db, auth, account, sessionCache } = deps;
  const r = new Hono<AppEnv>();
  r.use("*", requireUser);

  const currentSessionId = async (headers: Headers) =>
    (await auth.api.getSession({ headers }).catch(() => null))?.session.id;

  r.get(
    "/",
    doc({ summary: "The account's status", tag: "Account", caller: "session", response: AccountStatusSchema }),
    async (c) => {
      const user = c.get("user")!;
      const [row] = await db
        .select({ email: users.email, username: users.username, emailVerified: users.emailVerified })
        .from(users)
        .where(eq(users.id, user.id));
      if (!row) throw new AppError("UNAUTHENTICATED", "Please sign in to continue.");
      const methods = await db
        .select({ id: accounts.id, provider: accounts.providerId, hasPassword: accounts.password })
        .from(accounts)
        .where(eq(accounts.userId, user.id));
      return c.json<AccountStatus>({
        email: row.email,
        username: row.username,
        emailVerified: row.emailVerified,
        hasPassword: methods.some((m) => m.provider === "credential" && Boolean(m.hasPassword)),
        signInMethods: methods.map((m) => m.provider),
        google: {
          configured: deps.googleConfigured,
          // Better Auth's unlink-account names the account by this id.
          accountId: methods.find((m) => m.provider === "google")?.id ?? null,
        },
        requireEmailVerification: deps.requireEmailVerification,
      });
    },
  );

  r.get(
    "/sessions",
    doc({
      summary: "Where the account is signed in",
      tag: "Account",
      caller: "session",
      response: AccountSessionsResponseSchema,
    }),
    async (c) => {
      const user = c.get("user")!;
      return c.json<AccountSessionsResponse>({
        sessions: await account.sessions(user.id, await currentSessionId(c.req.raw.headers)),
      });
    },
  );

  r.delete(
    "/sessions/:id",
    doc({
      summary: "Sign one session out",
      tag: "Account",
      caller: "session",
      errors: ["NOT_FOUND"],
      response: SuccessSchema,
    }),
    validate("param", SessionIdParam),
    async (c) => {
      const user = c.get("user")!;
      const { id } = c.req.valid("param");
      if (!(await account.revokeSession(user.id, id))) throw new AppError("NOT_FOUND", "No such session.");
      sessionCache.clear();
      return c.json({ success: true });
    },
  );

  // "Sign out everywhere": this session too; the client then clears its own state.
  r.post(
    "/sessions/revoke-all",
    doc({ summary: "Sign out everywhere", tag: "Account", caller: "session", response: SessionsRevokedSchema }),
    async (c) => {
      const revoked = await account.revokeAllSessions(c.get("user")!.id);
      sessionCache.clear();
      return c.json({ success: true, revoked });
    },
  );

  r.get(
    "/export",
    doc({ summary: "Download the account's data (JSON)", tag: "Account", caller: "session", file: "application/json" }),
    async (c) => {
      const user = c.get("user")!;
      const data = await account.export(user.id);
      const day = new Date().toISOString().slice(0, 10);
      const name = `draftsmith-${user.username.replace(/[^\w.-]/g, "_") || "account"}-${day}.json`;
      c.header("Content-Disposition", `attachment; filename="${name}"`);
      c.header("Cache-Control", "no-store");
      return c.body(JSON.stringify(data, null, 2), 200, { "Content-Type": "application/json; charset=utf-8" });
    },
  );

  // Deleting asks again who is at the keyboard: the password, or for an account without one (Google
  // only) a sign-in within the last 10 minutes. A stolen session alone can't delete the account.
  r.post(
    "/delete",
    doc({
      summary: "Delete the account",
      tag: "Account",
      caller: "session",
      // The account is gone already; the last administrator can't delete theirs.
      errors: ["NOT_FOUND", "CONFLICT"],
      response: SuccessSchema,
    }),
    validate("json", AccountDeleteRequest),
    async (c) => {
      const user = c.get("user")!;
      const { confirmEmail, password } = c.req.valid("json");
      const [credential] = await db
        .select({ hash: accounts.password })
        .from(accounts)
        .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, "credential")));
      if (credential?.hash) {
        if (!password) throw new AppError("VALIDATION", ACCOUNT_DELETE_MESSAGES.passwordMissing);
        const attempt = await deps.signInLimiter.attempt(`user:${user.id}`, clientAddress(c, deps.trustProxy));
        if (!attempt.allowed) throw tooManyRequests(tryAgainText(attempt.retryAfterSeconds), attempt.retryAfterSeconds);
        const ctx = await auth.$context;
        if (!(await ctx.password.verify({ hash: credential.hash, password })))
          throw new AppError("FORBIDDEN", ACCOUNT_DELETE_MESSAGES.passwordWrong);
        await attempt.succeeded();
      } else {
        const session = await auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null);
        const createdAt = session ? new Date(session.session.createdAt).getTime() : 0;
        if (Date.now() - createdAt > DELETE_FRESH_SESSION_MS)
          throw new AppError("FORBIDDEN", ACCOUNT_DELETE_MESSAGES.signInAgain);
      }
      await account.delete(user.id, confirmEmail);
      sessionCache.clear();
      // The cookie's session row is gone; expire the cookie too (both names Better Auth may use).
      for (const name of ["better-auth.session_token", "__Secure-better-auth.session_token"])
        c.header(
          "Set-Cookie",
          `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${name.startsWith("__Secure") ? "; Secure" : ""}`,
          {
            append: true,
          },
        );
      return c.json({ success: true });
    },
  );

  return r;
}
