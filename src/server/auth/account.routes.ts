// /api/account: the Settings page's own calls. Profile, e-mail and password changes go through
// Better Auth's endpoints under /api/auth (update-user, change-email, change-password); these are
// the rest: what the account is, its sessions, the data download and deletion.
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { AccountDeleteRequest, type AccountSessionsResponse, type AccountStatus } from "../../shared/account";
import type { Db } from "../db/client";
import { accounts, users } from "../db/schema";
import { AppError } from "../errors";
import { requireUser } from "../http/middleware";
import type { AppEnv } from "../http/types";
import { validate } from "../http/validate";
import type { AccountService } from "./account.service";
import type { Auth } from "./auth";
import type { SessionCache } from "./session";

const SessionIdParam = z.object({ id: z.string().min(1).max(128) });

export function accountRoutes(deps: {
  db: Db;
  auth: Auth;
  account: AccountService;
  sessionCache: SessionCache;
  googleConfigured: boolean;
  requireEmailVerification: boolean;
}) {
  const { db, auth, account, sessionCache } = deps;
  const r = new Hono<AppEnv>();
  r.use("*", requireUser);

  const currentSessionId = async (headers: Headers) =>
    (await auth.api.getSession({ headers }).catch(() => null))?.session.id;

  r.get("/", async (c) => {
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
  });

  r.get("/sessions", async (c) => {
    const user = c.get("user")!;
    return c.json<AccountSessionsResponse>({
      sessions: await account.sessions(user.id, await currentSessionId(c.req.raw.headers)),
    });
  });

  r.delete("/sessions/:id", validate("param", SessionIdParam), async (c) => {
    const user = c.get("user")!;
    const { id } = c.req.valid("param");
    if (!(await account.revokeSession(user.id, id))) throw new AppError("NOT_FOUND", "No such session.");
    sessionCache.clear();
    return c.json({ success: true });
  });

  // "Sign out everywhere": this session too; the client then clears its own state.
  r.post("/sessions/revoke-all", async (c) => {
    const revoked = await account.revokeAllSessions(c.get("user")!.id);
    sessionCache.clear();
    return c.json({ success: true, revoked });
  });

  r.get("/export", async (c) => {
    const user = c.get("user")!;
    const data = await account.export(user.id);
    const day = new Date().toISOString().slice(0, 10);
    const name = `draftsmith-${user.username.replace(/[^\w.-]/g, "_") || "account"}-${day}.json`;
    c.header("Content-Disposition", `attachment; filename="${name}"`);
    c.header("Cache-Control", "no-store");
    return c.body(JSON.stringify(data, null, 2), 200, { "Content-Type": "application/json; charset=utf-8" });
  });

  r.post("/delete", validate("json", AccountDeleteRequest), async (c) => {
    await account.delete(c.get("user")!.id, c.req.valid("json").confirmEmail);
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
  });

  return r;
}
