// "E-mail me a sign-in link" through the real app on a real database: the link goes to the outbox
// (no SMTP_URL), signs in once, for 15 minutes, only to an existing account; the request answers the
// same whatever the address; and the link shares the sign-in limiter with password sign-in.
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, expect, it, vi } from "vitest";
import { users } from "../db/schema";
import { readOutbox } from "../mail/testing/outbox";
import { linkIn } from "../mail/testing/smtp-sink";
import { describeEachDatabase } from "../testing/databases";
import { createTestApp, type SignedUpUser, TEST_PASSWORD, type TestApp } from "../testing/test-app";
import { SIGN_IN_LINK_TTL_SECONDS } from "./auth";
import { ACCOUNT_MESSAGES } from "./auth.routes";

describeEachDatabase("sign-in by e-mailed link", (kind) => {
  let t: TestApp;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp({
      database: kind,
      env: { ADMIN_EMAILS: `boss-link-${kind}@example.com`, TOKEN_SYNC_URL: "/auth/sync" },
    });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await t.deps.mailer.idle();
  });
  afterAll(() => t?.close());

  const email = (prefix: string) => `${prefix}-${++n}-${kind}@example.com`;
  /** A client address of its own per test, unless the test names one. */
  const ip = () => `10.91.${n % 250}.${(n * 11) % 250}`;
  const post = (path: string, body: unknown, from = ip(), headers: Record<string, string> = {}) =>
    t.app.request(path, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": from, ...headers },
      body: JSON.stringify(body),
    });
  const askLink = (address: string, from?: string) => post("/api/auth/sign-in/magic-link", { email: address }, from);
  const signIn = (address: string, password: string, from?: string) =>
    post("/api/auth/sign-in/email", { email: address, password }, from);
  /** The sign-in links mailed to `address` so far. */
  const mailsTo = async (address: string) => {
    await t.deps.mailer.idle();
    return (await readOutbox(t.deps.config.dataDir)).filter((m) => m.to === address && /sign-in link/.test(m.subject));
  };
  /** The newest sign-in link mailed to `address`. */
  const linkTo = async (address: string) => {
    const links = await mailsTo(address);
    expect(links.length, `a sign-in link to ${address}`).toBeGreaterThan(0);
    return linkIn(links[links.length - 1]!);
  };
  const tokenOf = (link: string) => new URL(link).searchParams.get("token") ?? "";
  /** Spends a token as the page /sign-in-link does (a same-origin fetch). */
  const follow = (token: string, from = ip(), headers: Record<string, string> = { "sec-fetch-site": "same-origin" }) =>
    t.app.request(`/api/auth/magic-link/verify?token=${encodeURIComponent(token)}`, {
      headers: { "x-forwarded-for": from, ...headers },
    });
  const sessionOf = async (token: string) => {
    const res = await t.app.request("/api/auth/get-session", { headers: { authorization: `Bearer ${token}` } });
    return (await res.json()) as { user?: { id: string; email: string; emailVerified: boolean; role: string } } | null;
  };
  const signedIn = async (u: Pick<SignedUpUser, "headers">) =>
    (await t.app.request("/api/billing/credits", { headers: u.headers })).status;

  it("mails the account a link that signs in once", async () => {
    const address = email("once");
    const user = await t.signUp(address, { verified: true });
    const asked = await askLink(address.toUpperCase());
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ status: true });

    const [mail, ...more] = await mailsTo(address);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe("Your Draftsmith sign-in link");
    expect(mail?.text).toContain("works once, for 15 minutes");
    expect(mail?.text).not.toContain("not confirmed");
    const link = linkIn(mail!);
    expect(link).toMatch(/^http:\/\/localhost:5000\/sign-in-link\?token=[A-Za-z]+$/);

    const res = await follow(tokenOf(link));
    expect(res.status).toBe(200);
    const token = res.headers.get("set-auth-token");
    expect(token).toBeTruthy();
    expect(res.headers.getSetCookie().some((c) => /session_token=[^;]+/.test(c))).toBe(true);
    expect((await sessionOf(token!))?.user).toMatchObject({ id: user.userId, email: address });

    const again = await follow(tokenOf(link));
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: ACCOUNT_MESSAGES.invalidSignInLink, code: "invalid-token" });
    // A verified account keeps its password and its other sessions.
    expect(await signedIn(user)).toBe(200);
    expect((await signIn(address, TEST_PASSWORD)).status).toBe(200);
  });

  it("keeps the link for 15 minutes and not a second longer", async () => {
    const address = email("clock");
    await t.signUp(address, { verified: true });
    const before = Date.now();
    await askLink(address);
    const first = tokenOf(await linkTo(address));
    await askLink(address);
    const after = Date.now();
    const second = tokenOf(await linkTo(address));
    expect(second).not.toBe(first);
    expect(SIGN_IN_LINK_TTL_SECONDS).toBe(15 * 60);

    // Only the clock the code reads moves; timers and the database's clock stay real.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(before + (SIGN_IN_LINK_TTL_SECONDS - 1) * 1000);
    expect((await follow(first)).status).toBe(200);
    vi.setSystemTime(after + (SIGN_IN_LINK_TTL_SECONDS + 1) * 1000);
    const late = await follow(second);
    expect(late.status).toBe(400);
    expect((await late.json()).error).toBe(ACCOUNT_MESSAGES.invalidSignInLink);
  });

  it("answers the same for an address without an account, mails nobody and makes no account", async () => {
    const address = email("known");
    await t.signUp(address, { verified: true });
    const unknown = email("nobody");
    const a = await askLink(address);
    const b = await askLink(unknown);
    expect(a.status).toBe(b.status);
    expect(await a.json()).toEqual(await b.json());
    expect(await mailsTo(address)).not.toHaveLength(0);
    expect(await mailsTo(unknown)).toHaveLength(0);
    expect(await t.db.select().from(users).where(sql`lower(${users.email}) = ${unknown}`)).toHaveLength(0);
    // The same limits too: the fourth request in an hour is refused for both, in the same words.
    for (let i = 0; i < 2; i++) {
      await askLink(address);
      await askLink(unknown);
    }
    const [c, d] = [await askLink(address), await askLink(unknown)];
    expect([c.status, d.status]).toEqual([429, 429]);
    expect(await c.json()).toEqual(await d.json());
  });

  it("refuses an address that is not one, in the sign-in form's words", async () => {
    const res = await askLink("not-an-address");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Invalid email address", code: "invalid-email" });
  });

  it("is refused where password sign-in is locked out, and counts toward that lock", async () => {
    const locked = email("locked");
    await t.signUp(locked, { verified: true });
    for (let i = 0; i < 5; i++) expect((await signIn(locked, "guess-guess-1", "192.0.2.150")).status).toBe(401);
    const refused = await askLink(locked, "192.0.2.150");
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toMatch(/^Too many failed sign-in attempts\. Try again in 1[45] minutes\.$/);
    expect(await mailsTo(locked)).toHaveLength(0);
    expect((await askLink(locked, "192.0.2.151")).status).toBe(200); // the owner's other address

    // The other way round: three links asked for and two wrong passwords make the sixth attempt.
    const asker = email("asker");
    await t.signUp(asker, { verified: true });
    for (let i = 0; i < 3; i++) expect((await askLink(asker, "192.0.2.152")).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await signIn(asker, "guess-guess-1", "192.0.2.152")).status).toBe(401);
    expect((await signIn(asker, TEST_PASSWORD, "192.0.2.152")).status).toBe(429);
    // Following a link proves the mailbox: the count from that address starts again.
    expect((await follow(tokenOf(await linkTo(asker)), "192.0.2.152")).status).toBe(200);
    expect((await signIn(asker, TEST_PASSWORD, "192.0.2.152")).status).toBe(200);
  });

  it("counts bad links against the client address like failed sign-ins", async () => {
    const address = email("guessed");
    await t.signUp(address, { verified: true });
    await askLink(address);
    const good = tokenOf(await linkTo(address));
    for (let i = 0; i < 5; i++) {
      const bad = await follow(`${good.slice(0, -3)}xyz${i}`, "192.0.2.160");
      expect(bad.status).toBe(400);
      expect((await bad.json()).code).toBe("invalid-token");
    }
    const limited = await follow(good, "192.0.2.160");
    expect(limited.status).toBe(429);
    expect((await limited.json()).error).toMatch(/^Too many failed sign-in attempts/);
    // Refused before the token was looked at: it still works from elsewhere.
    expect((await follow(good, "192.0.2.161")).status).toBe(200);
  });

  it("spends a token only for our own page, never for another site's", async () => {
    const address = email("csrf");
    await t.signUp(address, { verified: true });
    await askLink(address);
    const token = tokenOf(await linkTo(address));
    for (const site of ["cross-site", "same-site", "none"]) {
      const res = await follow(token, ip(), { "sec-fetch-site": site });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: ACCOUNT_MESSAGES.signInLinkElsewhere, code: "FORBIDDEN" });
      expect(res.headers.getSetCookie()).toHaveLength(0);
    }
    // A caller's callbackURL is dropped: the answer is JSON, never a redirect elsewhere.
    const res = await t.app.request(
      `/api/auth/magic-link/verify?token=${token}&callbackURL=${encodeURIComponent("https://evil.example/")}`,
      { headers: { "x-forwarded-for": ip(), "sec-fetch-site": "same-origin" } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("location")).toBeNull();
    const missing = await t.app.request("/api/auth/magic-link/verify", { headers: { "x-forwarded-for": ip() } });
    expect(missing.status).toBe(400);
    expect((await missing.json()).code).toBe("invalid-token");
  });

  it("confirms an unverified address, ending what was set up before the address was proved", async () => {
    const address = email("unproven");
    const user = await t.signUp(address); // unverified, with a password and a session
    await askLink(address);
    const [mail] = await mailsTo(address);
    expect(mail?.text).toContain("Your address is not confirmed yet");
    const res = await follow(tokenOf(linkIn(mail!)));
    expect(res.status).toBe(200);
    const token = res.headers.get("set-auth-token")!;
    expect((await sessionOf(token))?.user?.emailVerified).toBe(true);
    // Better Auth's rule for an address proved by mail: the sessions and the password from before go.
    expect(await signedIn(user)).toBe(401);
    expect((await signIn(address, TEST_PASSWORD)).status).toBe(401);
    const [row] = await t.db.select({ verified: users.emailVerified }).from(users).where(eq(users.id, user.userId));
    expect(row?.verified).toBe(true);
  });

  it("makes an ADMIN_EMAILS address admin once its link confirms it", async () => {
    const boss = await t.signUp(`boss-link-${kind}@example.com`);
    expect((await sessionOf(boss.token))?.user?.role).toBe("user");
    await askLink(`boss-link-${kind}@example.com`);
    const res = await follow(tokenOf(await linkTo(`boss-link-${kind}@example.com`)));
    expect((await sessionOf(res.headers.get("set-auth-token")!))?.user?.role).toBe("admin");
  });

  it("tells the client the ways in and TOKEN_SYNC_URL, and serves the link's page", async () => {
    expect(await (await t.app.request("/api/auth/providers")).json()).toEqual({
      emailPassword: true,
      emailLink: true,
      google: false,
      tokenSyncUrl: "/auth/sync",
    });
    expect((await t.app.request("/sign-in-link?token=abc")).status).toBe(200);
  });

  it("refuses a banned account in words, not a 500", async () => {
    const address = email("banned");
    const user = await t.signUp(address, { verified: true });
    await askLink(address);
    const token = tokenOf(await linkTo(address));
    await t.db.update(users).set({ banned: true }).where(eq(users.id, user.userId));
    const res = await follow(token);
    expect(res.status).toBe(403);
    expect((await res.json()).error).toMatch(/banned/);
  });
});
