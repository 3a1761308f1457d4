// Issue 26: behind a proxy without TRUST_PROXY every visitor has the proxy's address. 100 failed
// sign-ins from one visitor then locked every user out for 14 minutes (the admin's correct password:
// 429). Now a browser that has signed in to an account before carries a device cookie, and its
// attempts are counted in its own bucket: the stranger fills the shared address's and the account's
// buckets, not the owner's. The spec's sixth failed sign-in for one e-mail is still refused.
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../testing/databases";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../testing/test-app";
import { DEVICE_COOKIE } from "./auth.routes";
import { UNTRUSTED_PROXY_NOTICE, UntrustedProxyNotice } from "./client-address";

describeEachDatabase("sign-in lockout through a proxy without TRUST_PROXY", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // No TRUST_PROXY: app.request() has no socket, so every request shares one address, as every
    // visitor behind an untrusted proxy shares the proxy's.
    t = await createTestApp({ database: kind, env: { TRUST_PROXY: "" } });
  });
  afterAll(() => t.close());

  const signIn = (email: string, password: string, cookie?: string) =>
    t.app.request("/api/auth/sign-in/email", {
      method: "POST",
      // A browser sends its Origin with a cookie (Better Auth checks it on cookie-carrying requests).
      headers: { "content-type": "application/json", ...(cookie ? { cookie, origin: "http://localhost" } : {}) },
      body: JSON.stringify({ email, password }),
    });
  const deviceOf = (res: Response) => {
    const set = res.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
    expect(set).toMatch(/HttpOnly/);
    return set!.split(";")[0] as string;
  };

  it("still refuses the sixth failed sign-in for one e-mail, from a known browser too", async () => {
    const cy = await t.signUp(`cy-${kind}@example.com`);
    const device = deviceOf(await signIn(cy.email, TEST_PASSWORD));
    for (let i = 0; i < 5; i++) expect((await signIn(cy.email, `wrong-${i}-password`, device)).status).toBe(401);
    const sixth = await signIn(cy.email, TEST_PASSWORD, device);
    expect(sixth.status).toBe(429);
    expect((await sixth.json()).error).toMatch(/^Too many failed sign-in attempts\. Try again in 1[45] minutes\.$/);
  });
  // A hundred password checks (scrypt each): minutes on a busy machine.
  it("lets an account's owner in from a browser they used before, however many failures a stranger sent", {
    timeout: 400_000,
  }, async () => {
    await t.insertUser("unused@example.com"); // the table is not empty of others
    const admin = await t.signUp(`admin-${kind}@example.com`);
    const bea = await t.signUp(`bea-${kind}@example.com`);
    // Each signs in once in their browser: it is given a device cookie.
    const adminDevice = deviceOf(await signIn(admin.email, TEST_PASSWORD));
    const beaDevice = deviceOf(await signIn(bea.email, TEST_PASSWORD));

    // The attack: 100 failed sign-ins from one visitor, spread over many addresses and the two accounts.
    for (let i = 0; i < 100; i++) {
      const target = i % 10 === 0 ? admin.email : i % 10 === 1 ? bea.email : `guess-${i}@example.com`;
      await signIn(target, `wrong-password-${i}`);
    }
    // The stranger (and anyone else without a known device, behind the same proxy) is refused now…
    const stranger = await signIn(admin.email, TEST_PASSWORD);
    expect(stranger.status).toBe(429);
    expect(stranger.headers.get("retry-after")).toMatch(/^\d+$/);
    // …but the owners, from their own browsers, sign in with their passwords.
    expect((await signIn(admin.email, TEST_PASSWORD, adminDevice)).status).toBe(200);
    expect((await signIn(bea.email, TEST_PASSWORD, beaDevice)).status).toBe(200);
    // A device cookie of one account is no key to another.
    expect((await signIn(bea.email, TEST_PASSWORD, adminDevice)).status).toBe(429);
    // A made-up device id is unknown: counted with the stranger.
    expect((await signIn(admin.email, TEST_PASSWORD, `${DEVICE_COOKIE}=${"0".repeat(32)}`)).status).toBe(429);
  });
});

describe("requests through a proxy while TRUST_PROXY is unset", () => {
  const run = (trust: false | { hops: number }) => {
    const warnings: unknown[] = [];
    const notice = new UntrustedProxyNotice(trust);
    const app = new Hono().get("/x", (c) => {
      notice.check(c, { warn: (obj) => warnings.push(obj) });
      return c.text("ok");
    });
    return { notice, warnings, app };
  };

  it("says so once in the log, and keeps the notice for the admin screen", async () => {
    const { notice, warnings, app } = run(false);
    await app.request("/x");
    expect(notice.notice).toBeNull();
    await app.request("/x", { headers: { "x-forwarded-for": "203.0.113.9" } });
    await app.request("/x", { headers: { forwarded: "for=203.0.113.10" } });
    expect(warnings).toEqual([{ event: "http.untrusted_proxy", header: "x-forwarded-for" }]);
    expect(notice.notice).toBe(UNTRUSTED_PROXY_NOTICE);
  });

  it("says nothing when TRUST_PROXY is set", async () => {
    const { notice, warnings, app } = run({ hops: 1 });
    await app.request("/x", { headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(warnings).toEqual([]);
    expect(notice.notice).toBeNull();
  });

  it("shows the notice to an admin through GET /api/admin/status", async () => {
    const untrusted = await createTestApp({ env: { TRUST_PROXY: "" } });
    const trusted = await createTestApp();
    try {
      for (const t of [untrusted, trusted]) {
        // signUp() sends X-Forwarded-For, as a proxy would.
        const admin = await t.signUp("boss@example.com", { admin: true });
        const res = await t.app.request("/api/admin/status", { headers: admin.headers });
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({ untrustedProxy: t === untrusted ? UNTRUSTED_PROXY_NOTICE : null });
      }
      const user = await untrusted.signUp("user@example.com");
      expect((await untrusted.app.request("/api/admin/status", { headers: user.headers })).status).toBe(403);
    } finally {
      await untrusted.close();
      await trusted.close();
    }
  });
});
