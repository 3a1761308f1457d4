// Firebase ID-token exchange at the wire: a loopback fake publishes a self-signed X.509 certificate
// (made by openssl at test time) the way Google publishes Firebase's, and the test signs ID tokens
// with its private key.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { type CryptoKey, importPKCS8, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../db/schema";
import { createTestApp, type TestApp } from "../testing/test-app";

const PROJECT = "draftsmith-test";
const KID = "test-key-1";

interface FakeCerts {
  url: string;
  server: Server;
  requests: number;
}

function makeCert(): { certPem: string; keyPem: string } {
  const dir = mkdtempSync(join(tmpdir(), "firebase-cert-"));
  try {
    execFileSync(
      "openssl",
      ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "key.pem", "-out", "cert.pem"].concat([
        "-days",
        "1",
        "-subj",
        "/CN=securetoken.test",
      ]),
      { cwd: dir, stdio: "ignore" },
    );
    return { certPem: readFileSync(join(dir, "cert.pem"), "utf8"), keyPem: readFileSync(join(dir, "key.pem"), "utf8") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function startFakeCerts(certs: Record<string, string>): Promise<FakeCerts> {
  const fake = { url: "", server: undefined as unknown as Server, requests: 0 };
  fake.server = createServer((_req, res) => {
    fake.requests += 1;
    res
      .writeHead(200, { "content-type": "application/json", "cache-control": "public, max-age=3600, must-revalidate" })
      .end(JSON.stringify(certs));
  });
  await new Promise<void>((resolve) => fake.server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/certs`;
  return fake;
}

interface TokenOptions {
  uid: string;
  email?: string;
  aud?: string;
  iss?: string;
  kid?: string;
  iat?: number;
  exp?: number;
  authTime?: number;
  key?: CryptoKey;
  emailVerified?: boolean;
}

describe("Firebase ID-token exchange (POST /api/auth/verify)", () => {
  let certs: FakeCerts;
  let t: TestApp;
  let key: CryptoKey;
  let otherKey: CryptoKey;

  const token = async (o: TokenOptions) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ email: o.email, email_verified: o.emailVerified ?? true, auth_time: o.authTime ?? now - 60 })
      .setProtectedHeader({ alg: "RS256", kid: o.kid ?? KID, typ: "JWT" })
      .setAudience(o.aud ?? PROJECT)
      .setIssuer(o.iss ?? `https://securetoken.google.com/${PROJECT}`)
      .setSubject(o.uid)
      .setIssuedAt(o.iat ?? now - 60)
      .setExpirationTime(o.exp ?? now + 3600)
      .sign(o.key ?? key);
  };

  const verify = (app: TestApp, body: unknown, address = "192.0.2.200") =>
    app.app.request("/api/auth/verify", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": address },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    const a = makeCert();
    const b = makeCert();
    key = await importPKCS8(a.keyPem, "RS256");
    otherKey = await importPKCS8(b.keyPem, "RS256");
    certs = await startFakeCerts({ [KID]: a.certPem, "test-key-2": b.certPem });
    t = await createTestApp({ env: { FIREBASE_PROJECT_ID: PROJECT, FIREBASE_CERTS_URL: certs.url } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    certs?.server.close();
  });

  it("creates the user on first sign-in, grants the welcome bonus and returns a working bearer token", async () => {
    const res = await verify(t, { idToken: await token({ uid: "fb-uid-ada", email: "Ada@Example.com" }) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; user: { id: string; email: string; username: string } };
    expect(body).toMatchObject({ success: true, user: { email: "ada@example.com", username: "ada", role: "user" } });
    const bearer = res.headers.get("set-auth-token");
    expect(bearer).toBeTruthy();
    expect(res.headers.getSetCookie().some((c) => c.includes("session_token="))).toBe(true);

    const [row] = await t.db.select().from(users).where(eq(users.id, body.user.id));
    expect(row?.firebaseUid).toBe("fb-uid-ada");

    const credits = await t.app.request("/api/billing/credits", { headers: { authorization: `Bearer ${bearer}` } });
    expect(credits.status).toBe(200);
    expect(await credits.json()).toMatchObject({ availableCredits: 50, bonusCredits: 50 });

    // The cookie Better Auth set works as well.
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const session = await t.app.request("/api/auth/get-session", { headers: { cookie } });
    expect(((await session.json()) as { user: { id: string } }).user.id).toBe(body.user.id);
    // Without a token or a session the verify call stays a 401.
    expect((await verify(t, {})).status).toBe(401);
  });

  it("signs the same Firebase uid into the same user, with certificates cached per max-age", async () => {
    const first = (await (
      await verify(t, { idToken: await token({ uid: "fb-uid-bob", email: "bob@example.com" }) })
    ).json()) as { user: { id: string } };
    const requestsBefore = certs.requests;
    // Even with a changed e-mail the uid decides.
    const second = await verify(t, { idToken: await token({ uid: "fb-uid-bob", email: "bob2@example.com" }) });
    expect(second.status).toBe(200);
    expect(((await second.json()) as { user: { id: string } }).user.id).toBe(first.user.id);
    expect(certs.requests).toBe(requestsBefore);
    expect(certs.requests).toBe(1);
  });

  it("links an existing e-mail/password user with the same e-mail", async () => {
    const existing = await t.signUp("carol@example.com");
    const res = await verify(t, { idToken: await token({ uid: "fb-uid-carol", email: "carol@example.com" }) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { id: string } }).user.id).toBe(existing.userId);
    const [row] = await t.db.select().from(users).where(eq(users.id, existing.userId));
    expect(row?.firebaseUid).toBe("fb-uid-carol");
    // No second welcome bonus for a linked account.
    const credits = await t.app.request("/api/billing/credits", {
      headers: { authorization: `Bearer ${res.headers.get("set-auth-token")}` },
    });
    expect(await credits.json()).toMatchObject({ availableCredits: 50 });
  });

  it("does not link an existing account to a token whose e-mail Firebase has not verified", async () => {
    const existing = await t.signUp("dave@example.com");
    const res = await verify(t, {
      idToken: await token({ uid: "fb-uid-mallory", email: "dave@example.com", emailVerified: false }),
    });
    expect(res.status).toBe(401);
    expect((await res.json()).error).toMatch(/verify the address with Firebase/);
    const [row] = await t.db.select().from(users).where(eq(users.id, existing.userId));
    expect(row?.firebaseUid).toBeNull();
  });

  it("says Firebase is unavailable (503), not that the token is bad, when the certificates can't be fetched", async () => {
    const down = await createTestApp({
      env: { FIREBASE_PROJECT_ID: PROJECT, FIREBASE_CERTS_URL: "http://127.0.0.1:9/certs" },
    });
    try {
      const res = await verify(down, { idToken: await token({ uid: "fb-uid-y", email: "y@example.com" }) });
      expect(res.status).toBe(503);
      expect((await res.json()).error).toMatch(/temporarily unavailable/);
    } finally {
      await down.close();
    }
  });

  it("refuses bad tokens with 401", async () => {
    const now = Math.floor(Date.now() / 1000);
    const good = await token({ uid: "fb-uid-x", email: "x@example.com" });
    const [h, p, s] = good.split(".");
    const tampered = `${h}.${p}.${s?.startsWith("A") ? `B${s.slice(1)}` : `A${s?.slice(1)}`}`;
    const bad = {
      "wrong aud": await token({ uid: "fb-uid-x", email: "x@example.com", aud: "another-project" }),
      "wrong iss": await token({
        uid: "fb-uid-x",
        email: "x@example.com",
        iss: "https://securetoken.google.com/other",
      }),
      expired: await token({ uid: "fb-uid-x", email: "x@example.com", iat: now - 7200, exp: now - 3600 }),
      "unknown kid": await token({ uid: "fb-uid-x", email: "x@example.com", kid: "no-such-key" }),
      "kid of another cert": await token({ uid: "fb-uid-x", email: "x@example.com", key: otherKey }),
      "tampered signature": tampered,
      "auth_time in the future": await token({ uid: "fb-uid-x", email: "x@example.com", authTime: now + 3600 }),
      "sub too long": await token({ uid: "u".repeat(129), email: "x@example.com" }),
      "not a JWT": "not-a-token",
    };
    let n = 0;
    for (const [why, idToken] of Object.entries(bad)) {
      // Each from its own address: the sign-in limiter allows 5 tries per claimed account and address.
      const res = await verify(t, { idToken }, `198.18.0.${++n}`);
      expect({ why, status: res.status }).toEqual({ why, status: 401 });
      expect(await res.json()).toEqual({ error: "Invalid or expired ID token", code: "UNAUTHENTICATED" });
    }
    expect(await t.db.select().from(users).where(eq(users.email, "x@example.com"))).toHaveLength(0);
  });

  it("counts token exchanges in the sign-in limiter before checking them", async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await token({ uid: "fb-uid-limited", email: "lim@example.com", iat: now - 7200, exp: now - 3600 });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await verify(t, { idToken: expired }, "198.18.1.1")).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // Even a good token for that uid waits from that address; another address is not held up.
    const good = await token({ uid: "fb-uid-limited", email: "lim@example.com" });
    const held = await verify(t, { idToken: good }, "198.18.1.1");
    expect(held.status).toBe(429);
    expect(Number(held.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await held.json()).error).toMatch(/Try again in \d+ minutes?/);
    expect((await verify(t, { idToken: good }, "198.18.1.2")).status).toBe(200);
  });

  it("answers 400 when Firebase is not configured, and keeps the session check without a token", async () => {
    const plain = await createTestApp();
    try {
      const res = await verify(plain, { idToken: await token({ uid: "fb-uid-y", email: "y@example.com" }) });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: "Firebase sign-in is not configured on this server",
        code: "VALIDATION",
      });
      const noBody = await plain.app.request("/api/auth/verify", { method: "POST" });
      expect(noBody.status).toBe(401);
    } finally {
      await plain.close();
    }
  });

  it("keeps the server-only exchange endpoint off the HTTP handler", async () => {
    const res = await t.app.request("/api/auth/firebase/sign-in", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ idToken: await token({ uid: "fb-uid-z", email: "z@example.com" }) }),
    });
    expect(res.status).toBe(404);
  });
});
