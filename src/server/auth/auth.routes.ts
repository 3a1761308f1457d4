// Better Auth's handler behind our own rules: every way to sign in (e-mail, username, Firebase ID
// token, Google callback, and the current-password check of a password change) goes through one
// limiter that counts the attempt before the credential is checked (sign-in-limiter.ts); sign-ups,
// reset requests and verification mails are limited per client address and per address; a username
// is derived from the e-mail when none is given; and every error is rewritten to
// {"error": "<the spec's text>"} so the client shows one shape.

import { randomBytes } from "node:crypto";
import { isAPIError } from "better-auth/api";
import { sql } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import { decodeJwt } from "jose";
import { z } from "zod";
import {
  AUTH_MESSAGES,
  type AuthProvidersResponse,
  AuthProvidersResponseSchema,
  PASSWORD_POLICY,
  type PasswordPolicy,
  PasswordPolicySchema,
  type VerifyResponse,
  VerifyResponseSchema,
} from "../../shared/auth";
import { type AuthErrorCode, codeForStatus, type ErrorBody } from "../../shared/errors";
import { countOf } from "../../shared/plural";
import type { TrustProxy } from "../config";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { AppError, type ErrorCode, tooManyRequests } from "../errors";
import { refuseApiKeys } from "../http/middleware";
import { doc } from "../http/openapi";
import type { RateLimiter } from "../http/rate-limit";
import type { AppEnv } from "../http/types";
import { type Auth, CLIENT_ADDRESS_HEADER, OPERATOR_CONSOLE_HEADER } from "./auth";
import { clientAddress, fromOperatorConsole } from "./client-address";
import { FIREBASE_MESSAGES } from "./firebase";
import { type SessionCache, toSessionUser } from "./session";
import { digest, type SignInAttempt, type SignInLimiter, tryAgainText } from "./sign-in-limiter";

/** Mail-sending requests: per client address and per e-mail address, in one hour. */
export const MAIL_LIMITS = { windowSeconds: 3600, perAddress: 10, perEmail: 3 } as const;
/** Guesses at reset tokens, per client address. */
export const RESET_LIMITS = { windowSeconds: 900, perAddress: 20 } as const;

export const ACCOUNT_MESSAGES = {
  invalidResetToken: "This reset link has expired or was already used. Ask for a new one.",
  invalidSignInLink: "This sign-in link has expired or was already used. Ask for a new one.",
  /** A sign-in link's token spent from anywhere but our own page (a cross-site request, a typed URL). */
  signInLinkElsewhere: "Open the sign-in link from the e-mail.",
  tooManyMails: (minutes: number) => `Too many e-mails asked for. Try again in ${countOf(minutes, "minute")}.`,
  tooManyResets: "Too many attempts. Wait 15 minutes and try again.",
} as const;

const AUTH_ERROR_TEXT: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: AUTH_MESSAGES.incorrectCredentials,
  INVALID_USERNAME_OR_PASSWORD: AUTH_MESSAGES.incorrectCredentials,
  USER_NOT_FOUND: AUTH_MESSAGES.incorrectCredentials,
  INVALID_PASSWORD: "Your current password is not correct",
  CREDENTIAL_ACCOUNT_NOT_FOUND: AUTH_MESSAGES.incorrectCredentials,
  USER_ALREADY_EXISTS: AUTH_MESSAGES.emailInUse,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: AUTH_MESSAGES.emailInUse,
  PASSWORD_TOO_SHORT: AUTH_MESSAGES.weakPassword,
  PASSWORD_TOO_LONG: AUTH_MESSAGES.weakPassword,
  INVALID_EMAIL: AUTH_MESSAGES.invalidEmail,
  INVALID_TOKEN: ACCOUNT_MESSAGES.invalidResetToken,
  USERNAME_IS_ALREADY_TAKEN: "That username is already taken",
  USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER: "That username is already taken",
  INVALID_ORIGIN: "Request refused: it did not come from this site.",
};

// The identity client's codes (spec §8), which the sign-in dialog maps to its own wording.
const CLIENT_CODE: Record<string, AuthErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: "invalid-credential",
  INVALID_USERNAME_OR_PASSWORD: "invalid-credential",
  USER_ALREADY_EXISTS: "email-already-in-use",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "email-already-in-use",
  PASSWORD_TOO_SHORT: "password-does-not-meet-requirements",
  PASSWORD_TOO_LONG: "password-does-not-meet-requirements",
  INVALID_EMAIL: "invalid-email",
  INVALID_PASSWORD: "wrong-password",
  INVALID_TOKEN: "invalid-token",
};

/** Every route here refuses API keys (refuseApiKeys), public ones too. */
const NO_KEYS = ["KEY_NOT_ALLOWED"] as const;

/** Paths whose JSON body this router reads (and may amend) before Better Auth sees it. */
const BODY_PATHS = new Set([
  "/sign-in/email",
  "/sign-in/username",
  "/sign-up/email",
  "/change-password",
  "/request-password-reset",
  "/reset-password",
  "/send-verification-email",
  "/change-email",
  "/sign-in/magic-link",
]);

/** Where a sign-in link's token is spent (Better Auth's magicLink; the page /sign-in-link calls it). */
const LINK_VERIFY = "/magic-link/verify";

/** Paths that change who a user is (verified, role, address, name): cached lookups are dropped. */
// A sign-in link confirms an unverified address (and ends that account's other sessions).
const USER_CHANGING = new Set(["/verify-email", "/update-user", "/change-email", "/unlink-account", LINK_VERIFY]);

/** Paths after which sessions may have ended: drop this process's cached lookups. */
const SESSION_ENDING = new Set([
  "/sign-out",
  "/revoke-session",
  "/revoke-sessions",
  "/revoke-other-sessions",
  "/change-password",
  "/reset-password",
]);

/** The browser's device id for the sign-in limiter (sign-in-limiter.ts): random, HttpOnly, 90 days. */
export const DEVICE_COOKIE = "draftsmith.device";
const DEVICE_ID = /^[0-9a-f]{32}$/;
const deviceCookie = (id: string, secure: boolean) =>
  `${DEVICE_COOKIE}=${id}; Path=/api/auth; Max-Age=${90 * 24 * 3600}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;

interface AuthRouteDeps {
  auth: Auth;
  db: Db;
  limiter: RateLimiter;
  signInLimiter: SignInLimiter;
  sessionCache: SessionCache;
  trustProxy: TrustProxy;
  googleConfigured: boolean;
  /** TOKEN_SYNC_URL, told to the client with the providers. */
  tokenSyncUrl?: string;
  /** Sign-ups allowed per client address per minute. */
  signUpsPerMinute: number;
}

export function authRoutes({
  auth,
  db,
  limiter,
  signInLimiter,
  sessionCache,
  trustProxy,
  googleConfigured,
  tokenSyncUrl,
  signUpsPerMinute,
}: AuthRouteDeps) {
  const r = new Hono<AppEnv>();
  // Sign-in, passwords, e-mail, sessions: never with an API key.
  r.use("*", refuseApiKeys);

  r.get(
    "/password-policy",
    doc({
      summary: "The password rules",
      tag: "Auth",
      caller: "public",
      errors: NO_KEYS,
      response: PasswordPolicySchema,
    }),
    (c) => c.json<PasswordPolicy>(PASSWORD_POLICY),
  );
  r.get(
    "/providers",
    doc({
      summary: "The ways to sign in",
      tag: "Auth",
      caller: "public",
      errors: NO_KEYS,
      response: AuthProvidersResponseSchema,
    }),
    (c) =>
      c.json<AuthProvidersResponse>({
        emailPassword: true,
        emailLink: true,
        google: googleConfigured,
        tokenSyncUrl: tokenSyncUrl ?? null,
      }),
  );

  /** The account an e-mail or username names: one id, so both ways in share one count. */
  const accountOf = async (field: "email" | "username", value: unknown): Promise<string> => {
    const v = typeof value === "string" ? value.trim().toLowerCase() : "";
    if (!v || v.length > 320) return `${field}:${v.slice(0, 320)}`;
    const column = field === "email" ? users.email : users.username;
    const rows = await db.select({ id: users.id }).from(users).where(sql`lower(${column}) = ${v}`).limit(1);
    return rows[0] ? `user:${rows[0].id}` : `${field}:${v}`;
  };

  /** Headers for Better Auth: the client address we worked out, never the client's own claim. */
  const authHeaders = async (c: Context<AppEnv>, opts: { signUp?: boolean } = {}) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_ADDRESS_HEADER, clientAddress(c, trustProxy));
    headers.delete(OPERATOR_CONSOLE_HEADER);
    // Looked at for an e-mail sign-up only (the one place the header grants anything).
    if (opts.signUp && (await fromOperatorConsole(c, trustProxy))) headers.set(OPERATOR_CONSOLE_HEADER, "1");
    return headers;
  };

  /** Mail-sending requests: per client address and per e-mail address, whether or not it has an account. */
  const limitMail = async (path: string, address: string, email: string) => {
    const counts = await limiter.hitAll(
      [`mail:${path}:address:${digest(address)}`, `mail:${path}:email:${digest(email)}`],
      MAIL_LIMITS.windowSeconds,
    );
    const [byAddress, byEmail] = [...counts.values()];
    const over = [
      byAddress && byAddress.count > MAIL_LIMITS.perAddress ? byAddress.retryAfterSeconds : 0,
      byEmail && byEmail.count > MAIL_LIMITS.perEmail ? byEmail.retryAfterSeconds : 0,
    ].filter(Boolean);
    if (over.length) {
      const seconds = Math.max(...over);
      throw tooManyRequests(ACCOUNT_MESSAGES.tooManyMails(Math.max(1, Math.ceil(seconds / 60))), seconds);
    }
  };

  // The spec's verify call. With {idToken}: a Firebase ID token is exchanged for a session
  // (firebase.ts). Without: the client confirms its session and receives its profile.
  r.post(
    "/verify",
    doc({
      summary: "Confirm the session, or exchange a Firebase ID token",
      tag: "Auth",
      caller: "public",
      // Not signed in, or a refused ID token; Firebase's certificates out of reach.
      errors: [...NO_KEYS, "UNAUTHENTICATED", "PROVIDER_UNAVAILABLE"],
      response: VerifyResponseSchema,
    }),
    async (c) => {
      const body = c.req.header("content-type")?.includes("json") ? await readJson(c) : undefined;
      if (body && body.idToken !== undefined) {
        // Counted before the token is checked; the account comes from the token's unverified claims,
        // so it is keyed with the address only and never spends the account-wide ceiling.
        const address = clientAddress(c, trustProxy);
        const attempt = await signInLimiter.attempt(`firebase:${unverifiedSubject(body.idToken)}`, address, {
          accountCeiling: false,
        });
        if (!attempt.allowed) throw tooManyRequests(tryAgainText(attempt.retryAfterSeconds), attempt.retryAfterSeconds);
        const response = await firebaseExchange(auth, body.idToken, await authHeaders(c));
        if (response.ok) await attempt.succeeded();
        return response;
      }
      const user = c.get("user");
      if (!user) throw new AppError("UNAUTHENTICATED", "Please sign in to continue.");
      return c.json<VerifyResponse>({ success: true, user });
    },
  );

  r.on(["GET", "POST"], "/*", async (c) => {
    const path = c.req.path.replace(/^\/api\/auth/, "");
    const address = clientAddress(c, trustProxy);
    const headers = await authHeaders(c, { signUp: c.req.method === "POST" && path === "/sign-up/email" });
    let body: Record<string, unknown> | undefined;
    let attempt: SignInAttempt | undefined;
    let judge: (res: Response) => Promise<boolean> = async (res) => res.ok;
    /** A password sign-in's browser: the device id it sent, or a new one given on success. */
    let device: { id: string; isNew: boolean } | undefined;

    if (c.req.method === "POST" && BODY_PATHS.has(path)) {
      body = await readJson(c);
      if (body === undefined) throw new AppError("MALFORMED_JSON", "Malformed JSON in request body");
    }

    let url = c.req.raw.url;
    /** A sign-in link being spent: on success the account it signed in to is known only afterwards. */
    const linkSignIn = c.req.method === "GET" && path === LINK_VERIFY;
    const knownDevice = () => {
      const cookie = getCookie(c, DEVICE_COOKIE);
      return cookie && DEVICE_ID.test(cookie) ? { id: cookie, isNew: false } : undefined;
    };

    if (body && (path === "/sign-in/email" || path === "/sign-in/username")) {
      const account =
        path === "/sign-in/email" ? await accountOf("email", body.email) : await accountOf("username", body.username);
      device = knownDevice();
      attempt = await signInLimiter.attempt(account, address, { device: device?.id });
      device ??= { id: randomBytes(16).toString("hex"), isNew: true };
    } else if (body && path === "/sign-in/magic-link") {
      // "E-mail me a sign-in link": a step of signing in to the account the address names, counted by
      // the same limiter as a password (a locked-out account gets no link from there either), and a
      // mail like a reset: the same answer and limits whether or not the address has an account.
      const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
      if (!EMAIL.safeParse(email).success) return refusal(400, AUTH_MESSAGES.invalidEmail, "invalid-email");
      body = { email }; // our link and callback (auth.ts); no name: no sign-up by link
      const asked = await signInLimiter.attempt(await accountOf("email", email), address, {
        device: knownDevice()?.id,
      });
      if (!asked.allowed) throw tooManyRequests(tryAgainText(asked.retryAfterSeconds), asked.retryAfterSeconds);
      await limitMail(path, address, email);
    } else if (linkSignIn) {
      // Only our page spends a token (fetch, same origin): a cross-site page can't sign a visitor in to
      // someone else's account with a link of its own. Clients without fetch metadata (scripts) may.
      const site = c.req.header("sec-fetch-site");
      if (site && site !== "same-origin") return refusal(403, ACCOUNT_MESSAGES.signInLinkElsewhere, "FORBIDDEN");
      const token = c.req.query("token");
      if (!token) return refusal(400, ACCOUNT_MESSAGES.invalidSignInLink, "invalid-token");
      // The account is known only once the token is spent: a bad link counts against the address.
      attempt = await signInLimiter.attempt("sign-in-link", address, { accountCeiling: false });
      device = knownDevice() ?? { id: randomBytes(16).toString("hex"), isNew: true };
      // The token alone: the answer is JSON for our page, never a redirect to a caller's callbackURL.
      const target = new URL(c.req.raw.url);
      target.search = new URLSearchParams({ token }).toString();
      url = target.toString();
    } else if (path === "/callback/google" || path === "/oauth2/callback/google") {
      // The account is known only once Google has answered; the address's counts still apply.
      attempt = await signInLimiter.attempt("google-callback", address, { accountCeiling: false });
      judge = async (res) => res.headers.getSetCookie().some((v) => /session_token=[^;]+/.test(v));
    } else if (body && path === "/change-password") {
      const user = c.get("user");
      if (user) {
        attempt = await signInLimiter.attempt(`user:${user.id}`, address);
        judge = async (res) => res.ok;
        // Changing the password signs out every other session (the rule, not a choice).
        body.revokeOtherSessions = true;
      }
    } else if (body && path === "/sign-up/email") {
      const count = await limiter.hit(`sign-up:${address}`, 60);
      if (count > signUpsPerMinute)
        throw new AppError("RATE_LIMITED", "Too many sign-ups from this address. Wait a minute and try again.");
      // The form asks for e-mail and password only; Better Auth wants a name, the username is derived.
      if (typeof body.email === "string") body.email = body.email.trim();
      if (!body.name && typeof body.email === "string") body.name = body.email.split("@")[0] || "writer";
    } else if (body && (path === "/request-password-reset" || path === "/send-verification-email")) {
      // The same answer and the same limits whether or not the address has an account.
      const user = c.get("user");
      const email = (path === "/send-verification-email" && user ? user.email : String(body.email ?? ""))
        .trim()
        .toLowerCase();
      body.email = email;
      delete body.redirectTo; // our links come from configuration (auth.ts)
      delete body.callbackURL;
      await limitMail(path, address, email);
    } else if (body && path === "/reset-password") {
      const count = await limiter.hit(`reset-password:${address}`, RESET_LIMITS.windowSeconds);
      if (count > RESET_LIMITS.perAddress)
        throw tooManyRequests(ACCOUNT_MESSAGES.tooManyResets, RESET_LIMITS.windowSeconds);
    } else if (body && path === "/change-email") {
      delete body.callbackURL;
      const user = c.get("user");
      if (user) {
        const count = await limiter.hit(`mail:/change-email:user:${user.id}`, MAIL_LIMITS.windowSeconds);
        if (count > MAIL_LIMITS.perEmail)
          throw tooManyRequests(ACCOUNT_MESSAGES.tooManyMails(60), MAIL_LIMITS.windowSeconds);
      }
    }

    if (attempt && !attempt.allowed)
      throw tooManyRequests(tryAgainText(attempt.retryAfterSeconds), attempt.retryAfterSeconds);

    if (body) headers.delete("content-length");
    const request = new Request(url, {
      method: c.req.method,
      headers,
      ...(body ? { body: JSON.stringify(body) } : c.req.method === "POST" ? { body: await c.req.arrayBuffer() } : {}),
    });
    const response = await auth.handler(request);
    if ((SESSION_ENDING.has(path) && response.ok) || USER_CHANGING.has(path)) sessionCache.clear();
    else if (SESSION_ENDING.has(path)) sessionCache.forget(c.req.raw.headers);

    if (attempt && (await judge(response.clone()))) {
      await attempt.succeeded(linkSignIn ? undefined : device?.id);
      if (linkSignIn) {
        // The link proved the mailbox: the account starts afresh from here, as after a password.
        const { user } = (await response.clone().json()) as { user: { id: string } };
        await signInLimiter.proven(`user:${user.id}`, address, device?.id);
      }
      if (device?.isNew) {
        const answer = new Response(response.body, response);
        answer.headers.append("set-cookie", deviceCookie(device.id, new URL(c.req.url).protocol === "https:"));
        return answer;
      }
    }
    // A spent, expired or unknown link: Better Auth redirects with ?error=…; our page wants words.
    if (linkSignIn && response.status >= 300 && response.status < 400)
      return refusal(400, ACCOUNT_MESSAGES.invalidSignInLink, "invalid-token");
    return response.status >= 400 ? rewriteError(response) : response;
  });

  return r;
}

/** The `sub` a Firebase ID token claims, read without checking it (only to key the limiter). */
function unverifiedSubject(idToken: unknown): string {
  if (typeof idToken !== "string") return "?";
  try {
    const sub = decodeJwt(idToken).sub;
    return typeof sub === "string" ? sub.slice(0, 128) : "?";
  } catch {
    return "?";
  }
}

/** How a refused Firebase exchange answers, by Better Auth's status (anything else: 500). */
const FIREBASE_REFUSALS: Record<number, ErrorCode> = {
  400: "VALIDATION",
  401: "UNAUTHENTICATED",
  403: "FORBIDDEN",
  503: "PROVIDER_UNAVAILABLE",
};

async function firebaseExchange(auth: Auth, idToken: unknown, requestHeaders: Headers): Promise<Response> {
  if (typeof idToken !== "string" || !idToken) throw new AppError("UNAUTHENTICATED", FIREBASE_MESSAGES.invalidToken);
  let response: Response;
  try {
    response = await auth.api.firebaseSignIn({ body: { idToken }, headers: requestHeaders, asResponse: true });
  } catch (err) {
    if (!isAPIError(err)) throw err;
    response = new Response(JSON.stringify({ message: err.message }), { status: err.statusCode });
  }
  if (!response.ok) {
    const { message } = (await response.json().catch(() => ({}))) as { message?: string };
    // A refused token says only that (no hint why); the other refusals say what to do.
    const error =
      response.status === 401 && message !== FIREBASE_MESSAGES.unverifiedEmail
        ? FIREBASE_MESSAGES.invalidToken
        : (message ?? "Firebase sign-in failed");
    // 403: a banned user (the admin plugin's session hook), with its message; 503: certificates unreachable.
    const code = FIREBASE_REFUSALS[response.status] ?? "INTERNAL";
    throw new AppError(code, error);
  }
  const { user: u } = (await response.json()) as { user: Parameters<typeof toSessionUser>[0] };
  const user = toSessionUser(u);
  // The session cookie (Better Auth's setSessionCookie) and set-auth-token (bearer plugin) as set.
  const headers = new Headers({ "content-type": "application/json" });
  for (const cookie of response.headers.getSetCookie()) headers.append("set-cookie", cookie);
  for (const name of ["set-auth-token", "access-control-expose-headers"]) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(JSON.stringify({ success: true, user }), { status: 200, headers });
}

const EMAIL = z.string().email();

/** One of our own refusals in the auth routes' shape. */
function refusal(status: number, error: string, code: ErrorBody["code"]): Response {
  return new Response(JSON.stringify({ error, code } satisfies ErrorBody), {
    status,
    headers: { "content-type": "application/json" },
  });
}

async function readJson(c: Context<AppEnv>): Promise<Record<string, unknown> | undefined> {
  try {
    const parsed = await c.req.json();
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  } catch {
    return undefined;
  }
}

async function rewriteError(response: Response): Promise<Response> {
  const text = await response.text();
  let code: string | undefined;
  let message: string | undefined;
  try {
    const json = JSON.parse(text) as { code?: string; message?: string };
    code = json.code;
    message = json.message;
  } catch {
    message = text || response.statusText;
  }
  const error = (code && AUTH_ERROR_TEXT[code]) || message || "Request failed";
  const headers = new Headers(response.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  const body: ErrorBody = { error, code: (code && CLIENT_CODE[code]) || codeForStatus(response.status) };
  return new Response(JSON.stringify(body), {
    status: response.status,
    headers,
  });
}
