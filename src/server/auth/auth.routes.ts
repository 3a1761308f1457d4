// Better Auth's handler behind our own rules: sign-in failures limited per e-mail, sign-ups per
// client address (counts in the database), a username derived from the e-mail when none is given,
// and every error rewritten to {"error": "<the spec's text>"} so the client shows one shape.
import { getConnInfo } from "@hono/node-server/conninfo";
import { isAPIError } from "better-auth/api";
import { type Context, Hono } from "hono";
import { AUTH_MESSAGES, PASSWORD_POLICY, type SessionUser } from "../../shared/auth";
import type { SessionCache } from "../http/middleware";
import type { AppEnv } from "../http/types";
import type { Auth } from "./auth";
import { FIREBASE_MESSAGES } from "./firebase";
import type { RateLimiter } from "./rate-limit";

export const SIGN_IN_FAILURES = { max: 5, windowSeconds: 600 };

const AUTH_ERROR_TEXT: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: AUTH_MESSAGES.incorrectCredentials,
  USER_NOT_FOUND: AUTH_MESSAGES.incorrectCredentials,
  INVALID_PASSWORD: AUTH_MESSAGES.incorrectCredentials,
  CREDENTIAL_ACCOUNT_NOT_FOUND: AUTH_MESSAGES.incorrectCredentials,
  USER_ALREADY_EXISTS: AUTH_MESSAGES.emailInUse,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: AUTH_MESSAGES.emailInUse,
  PASSWORD_TOO_SHORT: AUTH_MESSAGES.weakPassword,
  PASSWORD_TOO_LONG: AUTH_MESSAGES.weakPassword,
  INVALID_EMAIL: AUTH_MESSAGES.invalidEmail,
  USERNAME_IS_ALREADY_TAKEN: "That username is already taken",
  USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER: "That username is already taken",
  INVALID_ORIGIN: "Request refused: it did not come from this site.",
};

// The identity client's codes (spec §8), which the sign-in dialog maps to its own wording.
const CLIENT_CODE: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: "invalid-credential",
  USER_ALREADY_EXISTS: "email-already-in-use",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "email-already-in-use",
  PASSWORD_TOO_SHORT: "password-does-not-meet-requirements",
  PASSWORD_TOO_LONG: "password-does-not-meet-requirements",
  INVALID_EMAIL: "invalid-email",
};

interface AuthRouteDeps {
  auth: Auth;
  limiter: RateLimiter;
  sessionCache: SessionCache;
  trustProxy: boolean;
  googleConfigured: boolean;
  /** Sign-ups allowed per client address per minute. */
  signUpsPerMinute: number;
}

export function authRoutes({
  auth,
  limiter,
  sessionCache,
  trustProxy,
  googleConfigured,
  signUpsPerMinute,
}: AuthRouteDeps) {
  const r = new Hono<AppEnv>();

  r.get("/password-policy", (c) => c.json(PASSWORD_POLICY));
  r.get("/providers", (c) => c.json({ emailPassword: true, google: googleConfigured }));

  // The spec's verify call. With {idToken}: a Firebase ID token is exchanged for a session
  // (firebase.ts). Without: the client confirms its session and receives its profile.
  r.post("/verify", async (c) => {
    const body = c.req.header("content-type")?.includes("json") ? await readJson(c) : undefined;
    if (body && body.idToken !== undefined) return firebaseExchange(c, auth, body.idToken);
    const user = c.get("user");
    if (!user) return c.json({ error: "Please sign in to continue.", success: false }, 401);
    return c.json({ success: true, user });
  });

  r.on(["GET", "POST"], "/*", async (c) => {
    const path = c.req.path.replace(/^\/api\/auth/, "");
    let request = c.req.raw;
    let signInEmail: string | undefined;

    if (c.req.method === "POST" && (path === "/sign-in/email" || path === "/sign-up/email")) {
      const body = await readJson(c);
      if (body === undefined) return c.json({ error: "Malformed JSON in request body" }, 400);
      if (path === "/sign-in/email") {
        signInEmail = typeof body.email === "string" ? body.email.trim().toLowerCase() : undefined;
        if (signInEmail) {
          const failures = await limiter.count(`sign-in:${signInEmail}`, SIGN_IN_FAILURES.windowSeconds);
          if (failures >= SIGN_IN_FAILURES.max)
            return c.json(
              {
                error: "Too many failed sign-in attempts for this email. Wait 10 minutes and try again.",
                code: "too-many-requests",
              },
              429,
            );
        }
      } else {
        const count = await limiter.hit(`sign-up:${clientAddress(c, trustProxy)}`, 60);
        if (count > signUpsPerMinute)
          return c.json(
            { error: "Too many sign-ups from this address. Wait a minute and try again.", code: "too-many-requests" },
            429,
          );
        // The form asks for e-mail and password only; Better Auth wants a name, the username is derived.
        if (typeof body.email === "string") body.email = body.email.trim();
        if (!body.name && typeof body.email === "string") body.name = body.email.split("@")[0] || "writer";
      }
      request = new Request(c.req.raw.url, { method: "POST", headers: c.req.raw.headers, body: JSON.stringify(body) });
    }

    const response = await auth.handler(request);
    if (path === "/sign-out" || path === "/revoke-sessions" || path === "/revoke-session")
      sessionCache.forget(c.req.raw.headers);

    if (signInEmail) {
      if (response.status === 401 || response.status === 403)
        await limiter.hit(`sign-in:${signInEmail}`, SIGN_IN_FAILURES.windowSeconds);
      else if (response.ok) await limiter.reset(`sign-in:${signInEmail}`);
    }
    return response.status >= 400 ? rewriteError(response) : response;
  });

  return r;
}

async function firebaseExchange(c: Context<AppEnv>, auth: Auth, idToken: unknown): Promise<Response> {
  if (typeof idToken !== "string" || !idToken) return c.json({ error: FIREBASE_MESSAGES.invalidToken }, 401);
  let response: Response;
  try {
    response = await auth.api.firebaseSignIn({ body: { idToken }, headers: c.req.raw.headers, asResponse: true });
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
    const status = [400, 401, 403, 503].includes(response.status) ? (response.status as 400 | 401 | 403 | 503) : 500;
    return c.json({ error }, status);
  }
  const { user: u } = (await response.json()) as {
    user: {
      id: string;
      email: string;
      username?: string | null;
      name: string;
      role?: string | null;
      image?: string | null;
    };
  };
  const user: SessionUser = {
    id: u.id,
    email: u.email,
    username: u.username ?? "",
    name: u.name,
    role: u.role ?? "user",
    image: u.image,
  };
  // The session cookie (Better Auth's setSessionCookie) and set-auth-token (bearer plugin) as set.
  const headers = new Headers({ "content-type": "application/json" });
  for (const cookie of response.headers.getSetCookie()) headers.append("set-cookie", cookie);
  for (const name of ["set-auth-token", "access-control-expose-headers"]) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(JSON.stringify({ success: true, user }), { status: 200, headers });
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
  return new Response(JSON.stringify({ error, code: (code && CLIENT_CODE[code]) ?? code }), {
    status: response.status,
    headers,
  });
}

export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // app.request() in tests has no socket
  }
}
