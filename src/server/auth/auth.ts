// Better Auth: e-mail + password, usernames, bearer tokens, roles (admin plugin) and Google through
// a popup. Sessions live in the database so every app process shares them. Every setting comes from
// config.ts: the base URL is always given, so Better Auth never falls back on its own environment
// variables. Password reset, e-mail verification, e-mail change and the e-mailed sign-in link send
// their mail through mail/.
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, bearer, genericOAuth, magicLink, username } from "better-auth/plugins";
import { and, eq, ne, sql } from "drizzle-orm";
import { decodeJwt } from "jose";
import { PASSWORD_POLICY } from "../../shared/auth";
import { PAGE_ROUTES } from "../../shared/routes";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { accounts, sessions, users, verifications } from "../db/schema";
import type { Logger } from "../logger";
import type { Mailer } from "../mail/mailer";
import { changeEmailMessage, resetPasswordMessage, signInLinkMessage, verifyEmailMessage } from "../mail/templates";
import { createFirebaseVerifier, firebaseSignIn } from "./firebase";
import { uniqueUsername, usernameFromEmail } from "./username";

export interface AuthOptions {
  config: Config;
  db: Db;
  secret: string;
  logger: Logger;
  mailer: Mailer;
  /** Runs once a user row exists: open the credit account, apply new-signup campaigns. */
  onUserCreated: (user: { id: string; email: string }) => Promise<void>;
}

/**
 * The client address auth.routes.ts works out (TRUST_PROXY) travels to Better Auth in this header,
 * which it records on each session; a client's own copy of the header is always replaced.
 */
export const CLIENT_ADDRESS_HEADER = "x-draftsmith-client-address";

/**
 * Set by auth.routes.ts (a client's own copy is always removed) on a sign-up whose connection was
 * opened by a process that started this server (client-address.ts `fromOperatorConsole`): an
 * ADMIN_EMAILS sign-up from there is the operator bootstrapping the instance and gets the role at
 * once; any other (a browser, anything through a proxy) only once its address is verified.
 */
export const OPERATOR_CONSOLE_HEADER = "x-draftsmith-operator-console";

/** Where the links in e-mails land (client pages and Better Auth's verify-email). */
export const EMAIL_LINKS = {
  resetPassword: "/reset-password",
  /** The client page that spends a sign-in link's token. */
  signInLink: PAGE_ROUTES.signInLink,
  verifiedCallback: "/settings?verified=1",
  emailChangedCallback: "/settings?email-changed=1",
} as const;

export const RESET_PASSWORD_TTL_SECONDS = 3600;
export const EMAIL_VERIFICATION_TTL_SECONDS = 24 * 3600;
export const SIGN_IN_LINK_TTL_SECONDS = 15 * 60;

const GOOGLE = {
  authorization: "https://accounts.google.com/o/oauth2/v2/auth",
  token: "https://oauth2.googleapis.com/token",
  userInfo: "https://openidconnect.googleapis.com/v1/userinfo",
};

export function createAuth({ config, db, secret, logger, mailer, onUserCreated }: AuthOptions) {
  const isAdminEmail = (email: string) => config.adminEmails.includes(email.trim().toLowerCase());
  const google = config.google;
  const googleBase = google?.baseUrl?.replace(/\/+$/, "");
  // Links in e-mails come from configuration, never from the request's Host header: otherwise anyone
  // could ask for a reset of someone else's account with `Host: evil.example` and receive the token.
  const appUrl = config.authBaseUrl;
  const verifyLink = (token: string, callback: string) =>
    `${appUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(callback)}`;

  return betterAuth({
    appName: "Draftsmith",
    basePath: "/api/auth",
    baseURL: config.authBaseUrl,
    secret,
    telemetry: { enabled: false },
    advanced: { ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] } },
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
      // Unverified accounts can use the product (REQUIRE_EMAIL_VERIFICATION gates spending instead).
      requireEmailVerification: false,
      // Single use (Better Auth consumes the token), one hour, and every session ends.
      resetPasswordTokenExpiresIn: RESET_PASSWORD_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        mailer.send(
          resetPasswordMessage(user.email, `${appUrl}${EMAIL_LINKS.resetPassword}?token=${encodeURIComponent(token)}`),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: EMAIL_VERIFICATION_TTL_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        // An e-mail change's token names the new address (`updateTo`); the message goes to it.
        const changing = Boolean(decodeJwt(token).updateTo);
        mailer.send(
          changing
            ? changeEmailMessage(user.email, verifyLink(token, EMAIL_LINKS.emailChangedCallback))
            : verifyEmailMessage(user.email, verifyLink(token, EMAIL_LINKS.verifiedCallback)),
        );
      },
    },
    user: {
      additionalFields: {
        firebaseUid: { type: "string", required: false, input: false },
      },
      // A new address is confirmed from that address before it replaces the old one.
      changeEmail: { enabled: true },
    },
    // A password-reset token is kept only as its SHA-256 (base64url): a copy of the table can't be
    // used to reset anyone's password. (E-mail verification links are signed JWTs, never stored.)
    // A link issued before this setting still works: Better Auth also looks up the plain form.
    verification: { storeIdentifier: "hashed" },
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
      // "E-mail me a sign-in link": once (Better Auth consumes the token atomically), for 15 minutes,
      // to accounts only (no sign-up by link: docs/decisions.md). The token is stored hashed like every
      // verification identifier (`verification.storeIdentifier` below). auth.routes.ts adds our limits.
      magicLink({
        expiresIn: SIGN_IN_LINK_TTL_SECONDS,
        disableSignUp: true,
        sendMagicLink: async ({ email, token }) => {
          // Better Auth stores a token for any address; only an account's owner is mailed, and the
          // request is answered the same either way.
          const [user] = await db
            .select({ email: users.email, emailVerified: users.emailVerified })
            .from(users)
            .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
            .limit(1);
          if (!user) return;
          mailer.send(
            signInLinkMessage(user.email, `${appUrl}${EMAIL_LINKS.signInLink}?token=${encodeURIComponent(token)}`, {
              unconfirmed: !user.emailVerified,
            }),
          );
        },
      }),
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
          before: async (user, context) => {
            const email = String(user.email).toLowerCase();
            const fromConsole = context?.headers?.get(OPERATOR_CONSOLE_HEADER) === "1";
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
                // ADMIN_EMAILS grants the role only to an address someone has proved they own (Google
                // or Firebase vouching for it), or to a sign-up from a process that started this
                // server; any other e-mail sign-up gets it once it verifies (below).
                role: isAdminEmail(email) && (user.emailVerified === true || fromConsole) ? "admin" : "user",
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
        update: {
          // Verification (the e-mail link, or Google vouching for the address on sign-in) or a
          // confirmed change of address: an ADMIN_EMAILS address that is now verified becomes admin.
          after: async (user) => {
            const u = user as typeof user & { role?: string | null };
            if (!u.emailVerified || u.role === "admin" || !isAdminEmail(u.email)) return;
            await db
              .update(users)
              .set({ role: "admin" })
              .where(and(eq(users.id, u.id), ne(users.role, "admin")));
            logger.info({ event: "auth.admin_granted", userId: u.id }, "verified ADMIN_EMAILS address made admin");
          },
        },
      },
    },
    // Better Auth's own messages go to our log (with its level), not to the console.
    logger: {
      level: "warn",
      log: (level, message, ...args) =>
        logger[level]({ event: "better-auth", ...(args.length ? { details: args.map(describeArg) } : {}) }, message),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

const describeArg = (a: unknown) => (a instanceof Error ? a.message : typeof a === "object" ? "[object]" : String(a));
