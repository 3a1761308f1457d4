// Google sign-in at the wire: Better Auth talks to a loopback fake of Google's OAuth endpoints
// (authorization, token, OpenID userinfo) exactly as it would talk to Google.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";

interface FakeGoogle {
  base: string;
  server: Server;
  tokenRequests: URLSearchParams[];
}

async function startFakeGoogle(profile: { sub: string; email: string; name: string }): Promise<FakeGoogle> {
  const tokenRequests: URLSearchParams[] = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    if (url.pathname === "/o/oauth2/v2/auth") {
      // The user consents: Google redirects back with a code and the state it was given.
      const back = new URL(url.searchParams.get("redirect_uri")!);
      back.searchParams.set("code", "fake-auth-code");
      back.searchParams.set("state", url.searchParams.get("state")!);
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (url.pathname === "/token" && req.method === "POST") {
      let body = "";
      for await (const chunk of req) body += chunk;
      const params = new URLSearchParams(body);
      tokenRequests.push(params);
      if (params.get("code") !== "fake-auth-code") {
        res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ error: "invalid_grant" }));
        return;
      }
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          access_token: "fake-access-token",
          token_type: "Bearer",
          expires_in: 3599,
          scope: "openid email profile",
        }),
      );
      return;
    }
    if (url.pathname === "/v1/userinfo") {
      if (req.headers.authorization !== "Bearer fake-access-token") {
        res.writeHead(401).end();
        return;
      }
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          ...profile,
          email_verified: true,
          picture: "https://example.com/p.png",
          given_name: "Grace",
        }),
      );
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, server, tokenRequests };
}

const cookieJar = (res: Response, jar: Map<string, string>) => {
  for (const c of res.headers.getSetCookie()) {
    const [kv] = c.split(";");
    const i = kv.indexOf("=");
    jar.set(kv.slice(0, i), kv.slice(i + 1));
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
};

/** A test app whose Google is a fresh fake that signs `profile` in. */
async function appWithGoogle(
  profile: Parameters<typeof startFakeGoogle>[0],
): Promise<{ google: FakeGoogle; t: TestApp }> {
  const google = await startFakeGoogle(profile);
  const t = await createTestApp({
    env: {
      GOOGLE_CLIENT_ID: "client-id.apps.example",
      GOOGLE_CLIENT_SECRET: "client-secret",
      GOOGLE_OAUTH_BASE_URL: google.base,
    },
  });
  return { google, t };
}

describe("Google sign-in", () => {
  let google: FakeGoogle;
  let t: TestApp;
  beforeAll(async () => {
    ({ google, t } = await appWithGoogle({ sub: "google-uid-42", email: "grace@example.com", name: "Grace Hopper" }));
  });
  afterAll(async () => {
    await t.close();
    google.server.close();
  });

  it("signs in through the popup flow and creates the user with a derived username", async () => {
    expect(await (await t.app.request("/api/auth/providers")).json()).toEqual({
      emailPassword: true,
      emailLink: true,
      google: true,
      tokenSyncUrl: null,
    });
    const jar = new Map<string, string>();
    const start = await t.app.request("http://localhost/api/auth/sign-in/social", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost" },
      body: JSON.stringify({ provider: "google", callbackURL: "/auth/popup-complete", disableRedirect: true }),
    });
    expect(start.status).toBe(200);
    const { url } = (await start.json()) as { url: string };
    expect(url.startsWith(`${google.base}/o/oauth2/v2/auth?`)).toBe(true);
    const auth = new URL(url);
    expect(auth.searchParams.get("client_id")).toBe("client-id.apps.example");
    expect(auth.searchParams.get("code_challenge_method")).toBe("S256");
    let cookie = cookieJar(start, jar);

    const consent = await fetch(url, { redirect: "manual" });
    expect(consent.status).toBe(302);
    const callback = await t.app.request(consent.headers.get("location")!, { headers: { cookie } });
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe("/auth/popup-complete");
    cookie = cookieJar(callback, jar);

    expect(google.tokenRequests).toHaveLength(1);
    expect(google.tokenRequests[0].get("code_verifier")).toBeTruthy();
    const session = await (await t.app.request("/api/auth/get-session", { headers: { cookie } })).json();
    expect(session.user).toMatchObject({ email: "grace@example.com", username: "grace", role: "user" });
    const credits = await t.app.request("/api/billing/credits", { headers: { cookie } });
    expect(credits.status).toBe(200);
  });

  it("refuses a callback whose state it did not issue", async () => {
    const forged = await t.app.request("http://localhost/api/auth/callback/google?code=fake-auth-code&state=forged");
    expect(forged.status).toBeGreaterThanOrEqual(300);
    expect(forged.headers.get("location") ?? "").toMatch(/error/);
  });

  it("counts callbacks in the sign-in limiter, per client address", async () => {
    const forged = (address: string) =>
      t.app.request("http://localhost/api/auth/callback/google?code=fake-auth-code&state=forged", {
        headers: { "x-forwarded-for": address },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await forged("192.0.2.240")).status);
    expect(statuses.slice(0, 5).every((s) => s === 302)).toBe(true);
    expect(statuses[5]).toBe(429);
    expect((await forged("192.0.2.241")).status).toBe(302);
  });
});

describe("Google linking from Settings", () => {
  let google: FakeGoogle;
  let t: TestApp;
  beforeAll(async () => {
    ({ google, t } = await appWithGoogle({ sub: "google-uid-77", email: "linus@example.com", name: "Linus" }));
  });
  afterAll(async () => {
    await t.close();
    google.server.close();
  });

  it("links Google to a password account, then unlinks it", async () => {
    const jar = new Map<string, string>();
    const signUp = await t.app.request("http://localhost/api/auth/sign-up/email", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost" },
      body: JSON.stringify({ email: "linus@example.com", password: "long-enough-1" }),
    });
    let cookie = cookieJar(signUp, jar);
    const account = async () => (await t.app.request("/api/account", { headers: { cookie } })).json();
    expect((await account()).google).toEqual({ configured: true, accountId: null });

    const start = await t.app.request("http://localhost/api/auth/link-social", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost", cookie },
      body: JSON.stringify({ provider: "google", callbackURL: "/auth/popup-complete", disableRedirect: true }),
    });
    expect(start.status).toBe(200);
    cookie = cookieJar(start, jar);
    const consent = await fetch(((await start.json()) as { url: string }).url, { redirect: "manual" });
    const callback = await t.app.request(consent.headers.get("location")!, { headers: { cookie } });
    expect(callback.headers.get("location")).toBe("/auth/popup-complete");
    cookie = cookieJar(callback, jar);
    const linked = await account();
    expect(linked.google).toEqual({ configured: true, accountId: expect.any(String) });
    expect(linked.signInMethods.sort()).toEqual(["credential", "google"]);

    const unlink = await t.app.request("http://localhost/api/auth/unlink-account", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost", cookie },
      body: JSON.stringify({ accountId: linked.google.accountId }),
    });
    expect(unlink.status, await unlink.clone().text()).toBe(200);
    expect((await account()).google.accountId).toBeNull();
  });
});
