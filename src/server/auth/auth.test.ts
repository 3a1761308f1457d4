import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { PASSWORD_POLICY } from "../../shared/auth";
import { describeEachDatabase } from "../testing/databases";
import { createTestApp, type TestApp } from "../testing/test-app";

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

describeEachDatabase("accounts", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ database: kind, env: { ADMIN_EMAILS: "Boss@Example.com" } });
  });
  afterAll(() => t.close());

  const signUp = (body: Record<string, unknown>, ip = "203.0.113.1") =>
    t.app.request("/api/auth/sign-up/email", json(body, { "x-forwarded-for": ip }));
  const signIn = (email: string, password: string, ip = "198.51.100.7") =>
    t.app.request("/api/auth/sign-in/email", json({ email, password }, { "x-forwarded-for": ip }));

  it("signs up with e-mail and password only, deriving a sanitised unique username", async () => {
    const first = await signUp({ email: "Mary.O'Neil+blog@example.com", password: "long-enough-1" });
    expect(first.status).toBe(200);
    const body = await first.json();
    expect(body.user.username).toBe("mary_o_neil_blog");
    expect(first.headers.get("set-auth-token")).toBeTruthy();

    const twin = await signUp({ email: "mary.o.neil.blog@example.org", password: "long-enough-1" }, "203.0.113.2");
    const twinName = (await twin.json()).user.username as string;
    expect(twinName).toMatch(/^mary_o_neil_blog(_\d+)?$/);
    const third = await signUp({ email: "mary_o_neil_blog@example.net", password: "long-enough-1" }, "203.0.113.3");
    const names = new Set([body.user.username, twinName, (await third.json()).user.username]);
    expect(names.size).toBe(3);
  });

  it("refuses a second account for the same address with the spec's text", async () => {
    await signUp({ email: "twice@example.com", password: "long-enough-1" }, "203.0.113.4");
    const again = await signUp({ email: "TWICE@example.com", password: "another-pass-2" }, "203.0.113.5");
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
    expect(await again.json()).toEqual({
      error: "An account already exists with this email address",
      code: "email-already-in-use",
    });
  });

  it("enforces the served password policy", async () => {
    const policy = await (await t.app.request("/api/auth/password-policy")).json();
    expect(policy).toEqual(PASSWORD_POLICY);
    const weak = await signUp({ email: "weak@example.com", password: "x".repeat(policy.minLength - 1) }, "203.0.113.6");
    expect(weak.status).toBe(400);
    expect(await weak.json()).toEqual({
      error: "Password is too weak. Please use a stronger password",
      code: "password-does-not-meet-requirements",
    });
  });

  it("says 'Incorrect email or password' for a wrong password and for an unknown address alike", async () => {
    await signUp({ email: "known@example.com", password: "long-enough-1" }, "203.0.113.7");
    const wrong = await signIn("known@example.com", "not-the-password");
    const unknown = await signIn("nobody@example.com", "not-the-password");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
    const ok = await signIn("known@example.com", "long-enough-1");
    expect(ok.status).toBe(200);
  });

  it("refuses the sixth try for one account from one address, with how long to wait", async () => {
    await signUp({ email: "target@example.com", password: "long-enough-1" }, "203.0.113.8");
    await signUp({ email: "neighbour@example.com", password: "long-enough-1" }, "203.0.113.9");
    for (let i = 0; i < 5; i++)
      expect((await signIn("target@example.com", "guess-guess-1", "192.0.2.50")).status).toBe(401);
    const sixth = await signIn("target@example.com", "long-enough-1", "192.0.2.50");
    expect(sixth.status).toBe(429);
    expect((await sixth.json()).error).toMatch(/^Too many failed sign-in attempts\. Try again in 1[45] minutes\.$/);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(60);
    // The stranger's guesses do not lock the owner out elsewhere, nor other accounts from that address.
    expect((await signIn("target@example.com", "long-enough-1", "192.0.2.51")).status).toBe(200);
    expect((await signIn("neighbour@example.com", "long-enough-1", "192.0.2.50")).status).toBe(200);
  });

  it("shares one count between e-mail and username sign-in for the same account", async () => {
    const res = await signUp({ email: "both-ways@example.com", password: "long-enough-1" }, "203.0.113.30");
    const { username } = (await res.json()).user as { username: string };
    const byUsername = (password: string, ip: string) =>
      t.app.request("/api/auth/sign-in/username", json({ username, password }, { "x-forwarded-for": ip }));
    for (let i = 0; i < 5; i++) expect((await byUsername("guess-guess-1", "192.0.2.60")).status).toBe(401);
    expect((await byUsername("long-enough-1", "192.0.2.60")).status).toBe(429);
    expect((await signIn("both-ways@example.com", "long-enough-1", "192.0.2.60")).status).toBe(429);
    // And the other way round, from a fresh address.
    for (let i = 0; i < 5; i++)
      expect((await signIn("both-ways@example.com", "guess-guess-1", "192.0.2.61")).status).toBe(401);
    expect((await byUsername("long-enough-1", "192.0.2.61")).status).toBe(429);
  });

  it("checks at most five of fifty concurrent guesses, the right password among them", async () => {
    await signUp({ email: "raced@example.com", password: "long-enough-1" }, "203.0.113.31");
    const attempts = Array.from({ length: 50 }, (_, i) =>
      signIn("raced@example.com", i === 39 ? "long-enough-1" : `guess-guess-${i}`, "192.0.2.70"),
    );
    const statuses = (await Promise.all(attempts)).map((r) => r.status);
    const checked = statuses.filter((s) => s !== 429);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(45);
  });

  it("lets a stranger rotating addresses slow an account down, but not lock its owner out of a known address", async () => {
    await signUp({ email: "owner@example.com", password: "long-enough-1" }, "203.0.113.32");
    expect((await signIn("owner@example.com", "long-enough-1", "192.0.2.80")).status).toBe(200); // known address
    for (let i = 0; i < 30; i++) await signIn("owner@example.com", "guess-guess-1", `198.51.100.${100 + i}`);
    const fromNewAddress = await signIn("owner@example.com", "long-enough-1", "198.51.100.200");
    expect(fromNewAddress.status).toBe(429);
    expect((await fromNewAddress.json()).error).toMatch(/Try again in \d+ minutes?/);
    expect((await signIn("owner@example.com", "long-enough-1", "192.0.2.80")).status).toBe(200);
  });

  it("allows at most 10 sign-ups a minute from one client address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await signUp({ email: `burst${i}@example.com`, password: "long-enough-1" }, "192.0.2.99")).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await signUp({ email: "elsewhere@example.com", password: "long-enough-1" }, "192.0.2.100")).status).toBe(
      200,
    );
  });

  it("does not make an unverified sign-up with an ADMIN_EMAILS address an admin", async () => {
    const res = await signUp({ email: "BOSS@example.com", password: "long-enough-1" }, "203.0.113.10");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.user.role).toBe("user");
    expect(body.user.emailVerified).toBe(false);
    const token = res.headers.get("set-auth-token")!;
    const admin = await t.app.request("/api/admin/campaigns", { headers: { authorization: `Bearer ${token}` } });
    expect(admin.status).toBe(403);
  });

  it("accepts the bearer token and the cookie alike, and signs out", async () => {
    const res = await signUp({ email: "both@example.com", password: "long-enough-1" }, "203.0.113.11");
    const token = res.headers.get("set-auth-token")!;
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    for (const headers of [{ authorization: `Bearer ${token}` }, { cookie }] as Record<string, string>[]) {
      const session = await t.app.request("/api/auth/get-session", { headers });
      expect((await session.json()).user.email).toBe("both@example.com");
    }
    const verify = await t.app.request("/api/auth/verify", {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await verify.json()).toMatchObject({ success: true, user: { email: "both@example.com", role: "user" } });
    const out = await t.app.request(
      "http://localhost/api/auth/sign-out",
      json({}, { cookie, origin: "http://localhost" }),
    );
    expect(out.status).toBe(200);
    const after = await t.app.request("/api/billing/credits", { headers: { cookie } });
    expect(after.status).toBe(401);
  });

  it("says whether Google sign-in is configured", async () => {
    expect(await (await t.app.request("/api/auth/providers")).json()).toEqual({
      emailPassword: true,
      emailLink: true,
      google: false,
      tokenSyncUrl: null,
    });
  });
});

// The ancestor case (a process that started the server signs up) is operator-console.test.ts.
describeEachDatabase("ADMIN_EMAILS sign-ups that do not come from a process that started the server", (kind) => {
  let t: TestApp;
  let server: ReturnType<typeof serve>;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({
      database: kind,
      // No proxy configured: the socket's peer is the client.
      env: { ADMIN_EMAILS: "boss@example.com,chief@example.com,owner@example.com", TRUST_PROXY: "false" },
    });
    server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await t?.close();
  });

  const signUpOverHttp = async (email: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}/api/auth/sign-up/email`, {
      ...json({ email, password: "long-enough-1" }, headers),
    });
    expect(res.status).toBe(200);
    return (await res.json()).user as { role: string; emailVerified: boolean };
  };

  // Issue 26: this is what a same-host proxy without X-Forwarded-For looked like (loopback, no
  // forwarding headers), and it used to be admin at once. The client here is the server's own
  // process, which did not start the server: not the operator.
  it("does not make a loopback sign-up without forwarding headers an admin", async () => {
    expect(await signUpOverHttp("Boss@Example.com")).toMatchObject({ role: "user", emailVerified: false });
  });

  it("never trusts a sign-up that came through a proxy", async () => {
    expect((await signUpOverHttp("chief@example.com", { "x-forwarded-for": "127.0.0.1" })).role).toBe("user");
  });

  it("ignores a client's own claim to be the console", async () => {
    const res = await t.app.request(
      "/api/auth/sign-up/email",
      json({ email: "owner@example.com", password: "long-enough-1" }, { "x-draftsmith-operator-console": "1" }),
    );
    expect((await res.json()).user.role).toBe("user");
  });
});
