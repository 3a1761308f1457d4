// Better Auth: e-mail + password, usernames, bearer tokens, roles (admin plugin) and Google through
// a popup. Sessions live in the database so every app process shares them.
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, bearer, genericOAuth, username } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import { PASSWORD_POLICY } from "../../shared/auth";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { accounts, sessions, users, verifications } from "../db/schema";
import type { Logger } from "../logger";
import { createFirebaseVerifier, firebaseSignIn } from "./firebase";
import { uniqueUsername, usernameFromEmail } from "./username";

export interface AuthOptions {
  config: Config;
  db: Db;
  secret: string;
  logger: Logger;
  /** Runs once a user row exists: open the credit account, apply new-signup campaigns. */
  onUserCreated: (user: { id: string; email: string }) => Promise<void>;
}

const GOOGLE = {
  authorization: "https://accounts.google.com/o/oauth2/v2/auth",
  token: "https://oauth2.googleapis.com/token",
  userInfo: "https://openidconnect.googleapis.com/v1/userinfo",
};

export function createAuth({ config, db, secret, logger, onUserCreated }: AuthOptions) {
  const isAdminEmail = (email: string) => config.adminEmails.includes(email.toLowerCase());
  const google = config.google;
  const googleBase = google?.baseUrl?.replace(/\/+$/, "");

  return betterAuth({
    appName: "Draftsmith",
    basePath: "/api/auth",
    baseURL: config.publicUrl,
    secret,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
      // Hooks below query the database; on PGlite a second query inside an open transaction waits forever.
      transaction: false,
    }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_POLICY.minLength,
      maxPasswordLength: PASSWORD_POLICY.maxLength,
    },
    user: {
      additionalFields: {
        firebaseUid: { type: "string", required: false, input: false },
      },
    },
    // Our own limiter (auth.routes.ts) keys sign-in failures by e-mail and keeps counts in the database.
    rateLimit: { enabled: false },
    trustedOrigins: (request) => {
      if (config.publicUrl) return [config.publicUrl];
      if (!request) return [];
      const host = request.headers.get("host") ?? new URL(request.url).host;
      return [`http://${host}`, `https://${host}`];
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    plugins: [
      username({ minUsernameLength: 3, maxUsernameLength: 30 }),
      bearer(),
      admin({ defaultRole: "user", adminRoles: ["admin"] }),
      // Always present (server-only endpoint); it answers 400 when FIREBASE_PROJECT_ID is unset.
      firebaseSignIn(config.firebase ? createFirebaseVerifier(config.firebase) : undefined),
      ...(google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: "google",
                  clientId: google.clientId,
                  clientSecret: google.clientSecret,
                  authorizationUrl: googleBase ? `${googleBase}/o/oauth2/v2/auth` : GOOGLE.authorization,
                  tokenUrl: googleBase ? `${googleBase}/token` : GOOGLE.token,
                  userInfoUrl: googleBase ? `${googleBase}/v1/userinfo` : GOOGLE.userInfo,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                  // Google's userinfo names the account `sub` (OpenID Connect), not `id`.
                  accountSubject: ({ profile }) => String((profile as { sub?: string }).sub ?? ""),
                },
              ],
            }),
          ]
        : []),
    ],
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            const email = String(user.email).toLowerCase();
            const record = user as typeof user & { username?: string | null };
            const name = record.username
              ? record.username
              : await uniqueUsername(usernameFromEmail(email), async (candidate) => {
                  const rows = await db
                    .select({ id: users.id })
                    .from(users)
                    .where(eq(users.username, candidate))
                    .limit(1);
                  return rows.length > 0;
                });
            return {
              data: {
                ...user,
                username: name,
                displayUsername: (user as { displayUsername?: string }).displayUsername ?? name,
                name: user.name || name,
                role: isAdminEmail(email) ? "admin" : "user",
              },
            };
          },
          after: async (user) => {
            try {
              await onUserCreated({ id: user.id, email: user.email });
            } catch (err) {
              logger.error({ event: "auth.user_created.failed", userId: user.id, err }, "post-sign-up work failed");
            }
          },
        },
      },
    },
    logger: { disabled: config.env === "test" },
  });
}

export type Auth = ReturnType<typeof createAuth>;
