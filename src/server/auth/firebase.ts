// Firebase ID-token exchange (spec §7, POST /api/auth/verify with {idToken}): the token is checked
// exactly as Firebase documents for third-party verification (RS256, `kid` among Google's published
// X.509 certs, aud = project id, iss = https://securetoken.google.com/<project id>, non-empty `sub`
// of at most 128 characters, exp in the future, iat and auth_time in the past). A server-only Better
// Auth endpoint then finds, links or creates the user and opens a Better Auth session, so the
// database hooks (username, role, welcome bonus) and the session cookie are Better Auth's own.
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import type { BetterAuthPlugin } from "better-auth/types";
import { type CryptoKey, decodeProtectedHeader, importX509, jwtVerify } from "jose";
import * as z from "zod";

export const FIREBASE_CERTS_URL =
  "https://www.googleapis.com/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com";

/** Allowed clock difference between this server and Google's, in seconds. */
const CLOCK_TOLERANCE_SECONDS = 5;

export class FirebaseTokenError extends Error {}

export interface FirebaseIdentity {
  uid: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  picture: string | undefined;
}

export interface FirebaseVerifierOptions {
  projectId: string;
  certsUrl?: string;
  fetch?: typeof fetch;
  now?: () => number;
}

export type FirebaseVerifier = (idToken: string) => Promise<FirebaseIdentity>;

export function createFirebaseVerifier(opts: FirebaseVerifierOptions): FirebaseVerifier {
  const certsUrl = opts.certsUrl ?? FIREBASE_CERTS_URL;
  const doFetch = opts.fetch ?? fetch;
  const now = opts.now ?? Date.now;
  let cache: { keys: Map<string, CryptoKey>; expires: number } | undefined;
  let pending: Promise<Map<string, CryptoKey>> | undefined;

  const loadKeys = async (): Promise<Map<string, CryptoKey>> => {
    const res = await doFetch(certsUrl, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`Firebase certificates: HTTP ${res.status} from ${certsUrl}`);
    const body = (await res.json()) as Record<string, unknown>;
    const keys = new Map<string, CryptoKey>();
    for (const [kid, pem] of Object.entries(body))
      if (typeof pem === "string") keys.set(kid, await importX509(pem, "RS256"));
    const maxAge = /(?:^|,)\s*max-age=(\d+)/i.exec(res.headers.get("cache-control") ?? "")?.[1];
    cache = { keys, expires: now() + (maxAge ? Number(maxAge) * 1000 : 0) };
    return keys;
  };

  const keys = async (): Promise<Map<string, CryptoKey>> => {
    if (cache && cache.expires > now()) return cache.keys;
    pending ??= loadKeys().finally(() => {
      pending = undefined;
    });
    return pending;
  };

  return async (idToken) => {
    let kid: string | undefined;
    try {
      const header = decodeProtectedHeader(idToken);
      if (header.alg !== "RS256") throw new FirebaseTokenError("ID token is not signed with RS256");
      kid = header.kid;
    } catch (err) {
      throw err instanceof FirebaseTokenError ? err : new FirebaseTokenError("ID token is malformed");
    }
    if (!kid) throw new FirebaseTokenError("ID token has no kid");
    // Certificates that are fetching or broken are a server problem (5xx), not a bad token.
    const key = (await keys()).get(kid);
    if (!key) throw new FirebaseTokenError("ID token kid is not among Firebase's certificates");

    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(idToken, key, {
        algorithms: ["RS256"],
        audience: opts.projectId,
        issuer: `https://securetoken.google.com/${opts.projectId}`,
        requiredClaims: ["exp", "iat", "sub"],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        currentDate: new Date(now()),
      }));
    } catch (err) {
      throw new FirebaseTokenError(`ID token rejected: ${(err as Error).message}`);
    }
    const nowSeconds = now() / 1000 + CLOCK_TOLERANCE_SECONDS;
    const sub = payload.sub;
    if (typeof sub !== "string" || sub.length === 0 || sub.length > 128)
      throw new FirebaseTokenError("ID token sub must be a non-empty string of at most 128 characters");
    if (typeof payload.iat !== "number" || payload.iat > nowSeconds)
      throw new FirebaseTokenError("ID token iat is in the future");
    if (typeof payload.auth_time !== "number" || payload.auth_time > nowSeconds)
      throw new FirebaseTokenError("ID token auth_time is missing or in the future");
    const email = typeof payload.email === "string" && payload.email ? payload.email.toLowerCase() : undefined;
    return {
      uid: sub,
      email,
      emailVerified: payload.email_verified === true,
      name: typeof payload.name === "string" ? payload.name : undefined,
      picture: typeof payload.picture === "string" ? payload.picture : undefined,
    };
  };
}

export const FIREBASE_MESSAGES = {
  invalidToken: "Invalid or expired ID token",
  notConfigured: "Firebase sign-in is not configured on this server",
  noEmail: "This Firebase account has no email address",
  unverifiedEmail: "An account already exists with this email address; verify the address with Firebase to link them",
  unavailable: "Firebase sign-in is temporarily unavailable. Please try again in a moment.",
} as const;

interface FirebaseUserRow {
  id: string;
  email: string;
  firebaseUid?: string | null;
}

/**
 * Server-only endpoint (not reachable through the HTTP handler): auth.routes.ts calls it as
 * `auth.api.firebaseSignIn` after checking the request. Better Auth's after-hooks (bearer) add
 * `set-auth-token` from the session cookie set here.
 */
export function firebaseSignIn(verifier: FirebaseVerifier | undefined) {
  return {
    id: "draftsmith-firebase",
    endpoints: {
      firebaseSignIn: createAuthEndpoint(
        "/firebase/sign-in",
        { method: "POST", body: z.object({ idToken: z.string() }), metadata: { SERVER_ONLY: true } },
        async (ctx) => {
          if (!verifier) throw new APIError("BAD_REQUEST", { message: FIREBASE_MESSAGES.notConfigured });
          let identity: FirebaseIdentity;
          try {
            identity = await verifier(ctx.body.idToken);
          } catch (err) {
            if (!(err instanceof FirebaseTokenError)) {
              // Google's certificates could not be fetched: the service is unavailable, not the token bad.
              ctx.context.logger.error(`firebase certificates unavailable: ${(err as Error).message}`);
              throw new APIError("SERVICE_UNAVAILABLE", { message: FIREBASE_MESSAGES.unavailable });
            }
            ctx.context.logger.info(`firebase sign-in refused: ${err.message}`);
            throw new APIError("UNAUTHORIZED", { message: FIREBASE_MESSAGES.invalidToken });
          }
          const adapter = ctx.context.adapter;
          const internal = ctx.context.internalAdapter;
          let user = await adapter.findOne<FirebaseUserRow>({
            model: "user",
            where: [{ field: "firebaseUid", value: identity.uid }],
          });
          if (!user) {
            if (!identity.email) throw new APIError("BAD_REQUEST", { message: FIREBASE_MESSAGES.noEmail });
            const byEmail = await internal.findUserByEmail(identity.email);
            if (byEmail) {
              // Linked only when Firebase has verified the address (otherwise anyone could claim an
              // existing account by signing up to Firebase with its e-mail), and only while the row
              // has no other Firebase uid: one uid per user.
              if (!identity.emailVerified)
                throw new APIError("UNAUTHORIZED", { message: FIREBASE_MESSAGES.unverifiedEmail });
              const linked = (byEmail.user as FirebaseUserRow).firebaseUid;
              if (linked && linked !== identity.uid)
                throw new APIError("UNAUTHORIZED", { message: FIREBASE_MESSAGES.invalidToken });
              user = (await internal.updateUser(byEmail.user.id, {
                firebaseUid: identity.uid,
              })) as FirebaseUserRow;
            } else {
              // Through the internal adapter so auth.ts's databaseHooks run: username, role, and
              // onUserCreated (credit account, welcome bonus).
              user = (await internal.createUser(
                {
                  email: identity.email,
                  emailVerified: identity.emailVerified,
                  name: identity.name ?? "",
                  image: identity.picture,
                  firebaseUid: identity.uid,
                },
                { method: "firebase" },
              )) as FirebaseUserRow;
            }
          }
          const session = await internal.createSession(user.id);
          const fullUser = await internal.findUserById(user.id);
          if (!fullUser) throw new Error("user vanished during Firebase sign-in");
          await setSessionCookie(ctx, { session, user: fullUser });
          return ctx.json({ token: session.token, user: fullUser });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
