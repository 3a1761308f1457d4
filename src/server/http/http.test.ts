import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../testing/databases";
import { createTestApp, type SignedUpUser, type TestApp } from "../testing/test-app";

const ADMIN_ROUTES: [string, string][] = [
  ["GET", "/api/admin/campaigns"],
  ["POST", "/api/admin/campaigns"],
  ["POST", "/api/admin/campaigns/1/activate"],
  ["POST", "/api/admin/campaigns/1/deactivate"],
  ["DELETE", "/api/admin/campaigns/1"],
  ["GET", "/api/admin/campaigns/1/recipients"],
  ["GET", "/api/admin/direct-grant/search?query=ab"],
  ["GET", "/api/admin/direct-grant/history"],
  ["POST", "/api/admin/direct-grant/grant"],
];

describeEachDatabase("HTTP contract", (kind) => {
  let t: TestApp;
  let user: SignedUpUser;
  beforeAll(async () => {
    t = await createTestApp({ database: kind, env: { ADMIN_EMAILS: "chief@example.com" } });
    user = await t.signUp("plain@example.com");
  });
  afterAll(() => t.close());

  it("reports database reachability on /api/health", async () => {
    const res = await t.app.request("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok", database: { kind: t.kind, reachable: true } });
  });

  it("compresses a large API answer for a client that accepts it, with its headers, and sends a small one as it is", async () => {
    // A 404 that names a long path is a JSON answer of a few KB.
    const path = `/api/${"no-such-endpoint/".repeat(200)}`;
    const large = await t.app.request(path, { headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
    expect(large.status).toBe(404);
    expect(large.headers.get("content-encoding")).toBe("br");
    expect(large.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(large.headers.get("x-content-type-options")).toBe("nosniff");
    expect(large.headers.get("x-request-id")).toBeTruthy();
    const body = brotliDecompressSync(Buffer.from(await large.arrayBuffer())).toString();
    expect(JSON.parse(body).error).toBe(`No API endpoint at GET ${path}`);

    const small = await t.app.request("/api/health", { headers: { "accept-encoding": "gzip" } });
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(await small.json()).toMatchObject({ status: "ok" });
    const unaccepted = await t.app.request(path);
    expect(unaccepted.headers.get("content-encoding")).toBeNull();
    expect((await unaccepted.json()).error).toBe(`No API endpoint at GET ${path}`);
  });

  it("answers an unknown /api path with a JSON 404", async () => {
    const res = await t.app.request("/api/nothing-here", { method: "POST" });
    expect(res.status).toBe(404);
    expect(typeof (await res.json()).error).toBe("string");
  });

  it("serves the app's HTML with 200 on known pages and a real 404 elsewhere", async () => {
    const known = await t.app.request("/draftsmith/results");
    expect(known.status).toBe(200);
    expect(await known.text()).toContain('id="root"');
    const unknown = await t.app.request("/definitely/not/a/page");
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('id="root"');
  });

  it("sets security headers", async () => {
    const res = await t.app.request("/");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });

  it("needs a session for credits: 401 with an error body, 200 with a bearer token", async () => {
    const anon = await t.app.request("/api/billing/credits");
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual(expect.objectContaining({ error: expect.any(String) }));
    const res = await t.app.request("/api/billing/credits", { headers: user.headers });
    expect(res.status).toBe(200);
    const body = await res.json();
    for (const field of ["availableCredits", "totalCredits", "usedCredits", "bonusCredits"])
      expect(typeof body[field]).toBe("number");
  });

  it("refuses bodies over the limit with 413 and a JSON error", async () => {
    const res = await t.app.request("/api/auth/verify", {
      method: "POST",
      headers: { ...user.headers, "content-type": "application/json" },
      body: JSON.stringify({ blob: "x".repeat(1_100_000) }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error).toMatch(/too large/);
  });

  it("refuses a cookie-authenticated mutation from a foreign origin, but not from our own", async () => {
    const signIn = await t.app.request("http://localhost/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost" },
      body: JSON.stringify({ email: "plain@example.com", password: "correct-horse-battery" }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const foreign = await t.app.request("http://localhost/api/auth/verify", {
      method: "POST",
      headers: { cookie, origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).error).toMatch(/did not come from this site/);
    const missingOrigin = await t.app.request("http://localhost/api/auth/verify", {
      method: "POST",
      headers: { cookie },
    });
    expect(missingOrigin.status).toBe(403);
    const own = await t.app.request("http://localhost/api/auth/verify", {
      method: "POST",
      headers: { cookie, origin: "http://localhost" },
    });
    expect(own.status).toBe(200);
    const signOut = await t.app.request("http://localhost/api/auth/sign-out", {
      method: "POST",
      headers: { cookie, origin: "https://evil.example", "content-type": "application/json" },
      body: "{}",
    });
    expect(signOut.status).toBe(403);
  });

  describe("the admin gate", () => {
    it.each(ADMIN_ROUTES)(
      "%s %s is 401 signed out and 403 for a non-admin, before validation",
      async (method, path) => {
        const anon = await t.app.request(path, {
          method,
          headers: { "content-type": "application/json" },
          body: method === "GET" ? undefined : "{bad",
        });
        expect(anon.status).toBe(401);
        expect(typeof (await anon.json()).error).toBe("string");
        const plain = await t.app.request(path, {
          method,
          headers: { ...user.headers, "content-type": "application/json" },
          body: method === "GET" ? undefined : "{bad",
        });
        expect(plain.status).toBe(403);
        expect((await plain.json()).error).toBe("This area is for administrators.");
      },
    );

    it("lets a verified ADMIN_EMAILS account through", async () => {
      const chief = await t.signUp("chief@example.com", { verified: true });
      const res = await t.app.request("/api/admin/campaigns", { headers: chief.headers });
      expect([401, 403]).not.toContain(res.status);
      expect(res.status).toBeLessThan(500);
    });
  });
});
