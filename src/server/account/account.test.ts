// The account features through the real app on a real database, with a real SMTP server in this
// process catching what the app sends: verification, reset, change of address and password,
// sessions, the data download, deletion, and REQUIRE_EMAIL_VERIFICATION.
import { createHash, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "../auth/auth.routes";
import { VERIFY_FIRST_MESSAGE } from "../auth/require-verified";
import { creditTransactions, publications, publishingConnections, users, verifications } from "../db/schema";
import { declarationOf } from "../http/openapi";
import { linkIn, type SmtpSink, startSmtpSink } from "../mail/testing/smtp-sink";
import { describeEachDatabase } from "../testing/databases";
import { assertLedgerInvariants } from "../testing/ledger-invariants";
import { grantCredits, postJson } from "../testing/route-suite";
import { createTestApp, type SignedUpUser, TEST_PASSWORD, type TestApp } from "../testing/test-app";
import { ACCOUNT_DELETE_MESSAGES } from "./account.service";

const NEW_PASSWORD = "a-brand-new-password-7";
/** A connected site as publishing saves it (the secret sealed; here a stand-in ciphertext). */
const connectionRow = (userId: string) => ({
  id: randomUUID(),
  userId,
  platform: "wordpress",
  name: "Fake Bakery Blog",
  siteUrl: "https://bakery.example",
  account: "editor",
  secretCiphertext: "v1.sealed-nonce.sealed-secret-ciphertext.sealed-tag",
  secretHint: "••••UVWX",
  status: "verified",
  verifiedAt: new Date(),
});
/** How Better Auth keeps a verification identifier with `storeIdentifier: "hashed"`: SHA-256, base64url. */
const stored = (identifier: string) => createHash("sha256").update(identifier).digest("base64url");
/** A session known only by its bearer token. */
const bearer = (token: string): SignedUpUser => ({
  userId: "",
  email: "",
  token,
  headers: { authorization: `Bearer ${token}` },
});

describeEachDatabase("account features", (kind) => {
  let sink: SmtpSink;
  let t: TestApp;
  let n = 0;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({
      database: kind,
      env: {
        SMTP_URL: sink.url,
        MAIL_FROM: "Draftsmith <mail@draftsmith.test>",
        ADMIN_EMAILS: `Boss-${kind}@Example.com`,
      },
    });
  });
  afterEach(async () => {
    await t.deps.mailer.idle();
    await assertLedgerInvariants(t.db);
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  const email = (prefix: string) => `${prefix}-${++n}-${kind}@example.com`;
  const mailTo = (to: string, subject: RegExp) => sink.waitFor((m) => m.to === to && subject.test(m.subject));
  const ip = () => `10.77.${n % 250}.${(n * 7) % 250}`;
  const post = (path: string, body: unknown, user?: SignedUpUser | null, headers: Record<string, string> = {}) =>
    postJson(t, path, body, user, { "x-forwarded-for": ip(), ...headers });
  const signIn = async (address: string, password = TEST_PASSWORD) => {
    const res = await post("/api/auth/sign-in/email", { email: address, password });
    const token = res.headers.get("set-auth-token");
    return {
      status: res.status,
      user: token ? bearer(token) : null,
    };
  };
  const session = async (u: SignedUpUser) => {
    const res = await t.app.request("/api/auth/get-session", { headers: u.headers });
    return (await res.json()) as { user?: { emailVerified: boolean; role: string; email: string } } | null;
  };
  const follow = (link: string) => t.app.request(link, { headers: { "x-forwarded-for": ip() } });
  const resetTokenOf = (link: string) => new URL(link).searchParams.get("token")!;

  it("sends a verification e-mail on sign-up whose link verifies the address", async () => {
    const address = email("verify");
    const user = await t.signUp(address);
    expect((await session(user))?.user?.emailVerified).toBe(false);
    const mail = await mailTo(address, /Verify your e-mail/);
    expect(mail.from).toBe('"Draftsmith" <mail@draftsmith.test>');
    const link = linkIn(mail);
    expect(link.startsWith("http://localhost:5000/api/auth/verify-email?token=")).toBe(true);
    const res = await follow(link);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/settings?verified=1");
    expect((await session(user))?.user?.emailVerified).toBe(true);
    const status = await (await t.app.request("/api/account", { headers: user.headers })).json();
    expect(status).toMatchObject({ email: address, emailVerified: true, hasPassword: true });
  });

  it("resends the verification e-mail to the signed-in address only, within limits", async () => {
    const address = email("resend");
    const user = await t.signUp(address);
    await mailTo(address, /Verify/);
    const res = await post("/api/auth/send-verification-email", { email: "someone-else@example.com" }, user);
    expect(res.status).toBe(200);
    await t.deps.mailer.idle();
    expect(sink.messages.filter((m) => m.to === address)).toHaveLength(2);
    expect(sink.messages.some((m) => m.to === "someone-else@example.com")).toBe(false);
    let last = 200;
    for (let i = 0; i < 3; i++) last = (await post("/api/auth/send-verification-email", {}, user)).status;
    expect(last).toBe(429);
  });

  it("makes an ADMIN_EMAILS address admin only once it is verified, whatever its case", async () => {
    const boss = await t.signUp(`boss-${kind}@example.com`);
    expect((await session(boss))?.user?.role).toBe("user");
    expect((await t.app.request("/api/admin/campaigns", { headers: boss.headers })).status).toBe(403);
    await follow(linkIn(await mailTo(`boss-${kind}@example.com`, /Verify/)));
    await t.app.request("/api/auth/sign-out", { method: "POST", headers: boss.headers });
    const again = await signIn(`BOSS-${kind}@example.com`);
    expect(again.status).toBe(200);
    expect((await session(again.user!))?.user?.role).toBe("admin");
    expect((await t.app.request("/api/admin/campaigns", { headers: again.user!.headers })).status).toBe(200);
  });

  it("resets a forgotten password with a link that works once and ends every session", async () => {
    const address = email("forgot");
    const user = await t.signUp(address);
    const other = (await signIn(address)).user!;
    const asked = await post("/api/auth/request-password-reset", { email: address.toUpperCase() });
    expect(asked.status).toBe(200);
    const mail = await mailTo(address, /Reset your Draftsmith password/);
    const link = linkIn(mail);
    expect(link).toMatch(/^http:\/\/localhost:5000\/reset-password\?token=[\w-]+$/);
    expect(mail.text).toContain("1 hour");

    const weak = await post("/api/auth/reset-password", { token: resetTokenOf(link), newPassword: "short" });
    expect(weak.status).toBe(400);
    expect((await weak.json()).error).toBe("Password is too weak. Please use a stronger password");
    const done = await post("/api/auth/reset-password", { token: resetTokenOf(link), newPassword: NEW_PASSWORD });
    expect(done.status).toBe(200);
    const again = await post("/api/auth/reset-password", {
      token: resetTokenOf(link),
      newPassword: "yet-another-pass-9",
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: ACCOUNT_MESSAGES.invalidResetToken, code: "invalid-token" });

    for (const u of [user, other])
      expect((await t.app.request("/api/billing/credits", { headers: u.headers })).status).toBe(401);
    expect((await signIn(address)).status).toBe(401);
    expect((await signIn(address, NEW_PASSWORD)).status).toBe(200);
  });

  it("keeps no reset token in the database, only its hash, and the link still resets the password", async () => {
    const address = email("hashed");
    const user = await t.signUp(address);
    await post("/api/auth/request-password-reset", { email: address });
    const token = resetTokenOf(linkIn(await mailTo(address, /Reset/)));
    // The attack: read the verification table (a backup, a read-only SQL injection) for a usable token.
    const rows = await t.db.select().from(verifications);
    expect(rows.length).toBeGreaterThan(0);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(token);
    const mine = rows.filter((r) => r.value === user.userId);
    expect(mine.map((r) => r.identifier)).toEqual([stored(`reset-password:${token}`)]);
    // What the table holds is of no use as a token.
    const withHash = await post("/api/auth/reset-password", {
      token: stored(`reset-password:${token}`),
      newPassword: NEW_PASSWORD,
    });
    expect(withHash.status).toBe(400);
    const done = await post("/api/auth/reset-password", { token, newPassword: NEW_PASSWORD });
    expect(done.status).toBe(200);
    expect((await signIn(address, NEW_PASSWORD)).status).toBe(200);
  });

  it("refuses a reset link after its hour", async () => {
    const address = email("late");
    await t.signUp(address);
    await post("/api/auth/request-password-reset", { email: address });
    const token = resetTokenOf(linkIn(await mailTo(address, /Reset/)));
    const [row] = await t.db
      .select({ expiresAt: verifications.expiresAt })
      .from(verifications)
      .where(eq(verifications.identifier, stored(`reset-password:${token}`)));
    // Issued for one hour from now (give or take the time the test took).
    expect(Math.abs(row!.expiresAt.getTime() - Date.now() - 3600_000)).toBeLessThan(300_000);
    await t.db
      .update(verifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verifications.identifier, stored(`reset-password:${token}`)));
    const res = await post("/api/auth/reset-password", { token, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/expired or was already used/);
    expect((await signIn(address)).status).toBe(200);
  });

  it("answers a reset request the same whether or not the address has an account, and mails only the owner", async () => {
    const address = email("known");
    await t.signUp(address);
    await mailTo(address, /Verify/);
    const unknown = email("unknown");
    const a = await post("/api/auth/request-password-reset", { email: address });
    const b = await post("/api/auth/request-password-reset", { email: unknown });
    expect(a.status).toBe(b.status);
    expect(await a.json()).toEqual(await b.json());
    await mailTo(address, /Reset/);
    await t.deps.mailer.idle();
    expect(sink.messages.some((m) => m.to === unknown)).toBe(false);
    // Limited per address alike: the fourth request in the hour is refused for both.
    for (let i = 0; i < 2; i++) {
      await post("/api/auth/request-password-reset", { email: address });
      await post("/api/auth/request-password-reset", { email: unknown });
    }
    const [c, d] = [
      await post("/api/auth/request-password-reset", { email: address }),
      await post("/api/auth/request-password-reset", { email: unknown }),
    ];
    expect([c.status, d.status]).toEqual([429, 429]);
    expect(await c.json()).toEqual(await d.json());
  });

  it("changes the address only through a link sent to the new one, and never says an address is taken", async () => {
    const address = email("mover");
    const user = await t.signUp(address);
    const taken = email("taken");
    await t.signUp(taken);
    await t.deps.mailer.idle(); // their verification mails are out of the way
    const before = sink.messages.length;
    const toTaken = await post("/api/auth/change-email", { newEmail: taken }, user);
    const fresh = email("fresh");
    const toFresh = await post("/api/auth/change-email", { newEmail: fresh }, user);
    expect(toTaken.status).toBe(toFresh.status);
    expect(await toTaken.json()).toEqual(await toFresh.json());
    const mail = await mailTo(fresh, /Confirm your new e-mail/);
    await t.deps.mailer.idle();
    const sent = sink.messages.slice(before);
    expect(sent.map((m) => m.to).filter((to) => to !== taken)).toEqual([fresh]);
    // No message mentions any address but its own recipient's.
    for (const m of sink.messages)
      for (const other of [address, taken]) if (m.to !== other) expect(m.text).not.toContain(other);
    expect((await session(user))?.user?.email).toBe(address);
    const res = await follow(linkIn(mail));
    expect(res.headers.get("location")).toBe("/settings?email-changed=1");
    const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, user.userId));
    expect(row?.email).toBe(fresh);
  });

  it("changes the password with the current one and signs out every other session", async () => {
    const address = email("changer");
    const me = await t.signUp(address);
    const elsewhere = (await signIn(address)).user!;
    const wrong = await post(
      "/api/auth/change-password",
      { currentPassword: "not-my-password", newPassword: NEW_PASSWORD },
      me,
    );
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error).toBe("Your current password is not correct");
    const ok = await post(
      "/api/auth/change-password",
      { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
      me,
    );
    expect(ok.status).toBe(200);
    const token = ok.headers.get("set-auth-token");
    expect(token).toBeTruthy();
    expect((await t.app.request("/api/billing/credits", { headers: elsewhere.headers })).status).toBe(401);
    expect(
      (await t.app.request("/api/billing/credits", { headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(200);
    expect((await signIn(address, NEW_PASSWORD)).status).toBe(200);
  });

  it("lists sessions with browser and time, ends one, and signs out everywhere", async () => {
    const address = email("sessions");
    const me = await t.signUp(address);
    const firefox = await post("/api/auth/sign-in/email", { email: address, password: TEST_PASSWORD }, null, {
      "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
      "x-forwarded-for": "198.51.100.44",
    });
    const other = bearer(firefox.headers.get("set-auth-token")!);
    const list = (await (await t.app.request("/api/account/sessions", { headers: me.headers })).json())
      .sessions as Array<{
      id: string;
      current: boolean;
      browser: string;
      os: string;
      ipAddress: string;
      lastActiveAt: string;
    }>;
    expect(list).toHaveLength(2);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const ff = list.find((s) => !s.current)!;
    expect(ff).toMatchObject({ browser: "Firefox 128", os: "Linux", ipAddress: "198.51.100.44" });
    expect(Number.isNaN(Date.parse(ff.lastActiveAt))).toBe(false);

    const stranger = await t.signUp(email("stranger"));
    expect(
      (await t.app.request(`/api/account/sessions/${ff.id}`, { method: "DELETE", headers: stranger.headers })).status,
    ).toBe(404);
    expect(
      (await t.app.request(`/api/account/sessions/${ff.id}`, { method: "DELETE", headers: me.headers })).status,
    ).toBe(200);
    expect((await t.app.request("/api/billing/credits", { headers: other.headers })).status).toBe(401);
    expect((await t.app.request("/api/billing/credits", { headers: me.headers })).status).toBe(200);

    const all = await post("/api/account/sessions/revoke-all", {}, me);
    expect(all.status).toBe(200);
    expect((await t.app.request("/api/billing/credits", { headers: me.headers })).status).toBe(401);
  });

  it("downloads the account's data: profile, history, transactions and usage, and nothing secret", async () => {
    const address = email("exporter");
    const me = await t.signUp(address);
    await grantCredits(t, me, 40, "export test");
    await t.deps.ledger.grant({
      userId: me.userId,
      amount: 5,
      type: "grant",
      metadata: { reason: "thanks", adminId: "admin-1", adminEmail: "chief@example.com" },
    });
    const draft = await post(
      "/api/execute",
      {
        currentDate: "2025-01-01",
        contentType: "a short post about exporting data",
        aiProvider: "openai",
        wordCount: "150",
      },
      me,
    );
    expect(draft.status).toBe(200);
    const site = connectionRow(me.userId);
    await t.db.insert(publishingConnections).values(site);
    const res = await t.app.request("/api/account/export", { headers: me.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="draftsmith-.+\.json"$/);
    const data = await res.json();
    expect(data.profile).toMatchObject({ id: me.userId, email: address, emailVerified: false });
    expect(data.profile.signInMethods.map((m: { provider: string }) => m.provider)).toEqual(["credential"]);
    expect(data.history).toHaveLength(1);
    expect(data.history[0].contentType).toBe("a short post about exporting data");
    expect(data.transactions.map((x: { type: string }) => x.type)).toEqual(expect.arrayContaining(["bonus", "grant"]));
    // The offline writer is free: a usage row, no ledger movement (so not among the transactions).
    expect(data.transactions.map((x: { type: string }) => x.type)).not.toContain("usage");
    expect(data.usage).toHaveLength(1);
    expect(data.usage[0]).toMatchObject({ aiProvider: "offline", creditsUsed: 0 });
    expect(data.documents).toHaveLength(1);
    expect(data.documents[0].brief).toBe("a short post about exporting data");
    expect(data.documents[0].versions[0]).toMatchObject({ kind: "draft", creditsUsed: data.usage[0].creditsUsed });
    expect(data.documents[0].versions[0].content.length).toBeGreaterThan(100);
    // The balance as the billing API reports it, as a number.
    const balance = await (await t.app.request("/api/billing/credits", { headers: me.headers })).json();
    expect(data.credits).toEqual({
      totalPurchased: balance.totalCredits,
      bonusCredits: balance.bonusCredits,
      usedCredits: balance.usedCredits,
      heldCredits: 0,
      availableCredits: balance.availableCredits,
    });
    expect(data.credits.availableCredits).toBeGreaterThan(0);
    // Connected sites, without their secret (not even its last characters).
    expect(data.connections).toEqual([
      {
        id: site.id,
        platform: "wordpress",
        name: "Fake Bakery Blog",
        siteUrl: "https://bakery.example",
        username: "editor",
        status: "verified",
        lastError: null,
        verifiedAt: site.verifiedAt.toISOString(),
        createdAt: expect.any(String),
      },
    ]);
    const text = JSON.stringify(data);
    expect(text).not.toMatch(/sealed|UVWX/);
    expect(text).not.toContain("chief@example.com");
    expect(text).not.toMatch(/"password"|scrypt|\$argon|"token"/);
    expect((await t.app.request("/api/account/export")).status).toBe(401);
  });

  it("deletes an account on its typed address: history and sessions gone, the ledger kept and still summing", async () => {
    const address = email("leaver");
    const me = await t.signUp(address);
    await grantCredits(t, me, 25, "before leaving");
    const written = await post(
      "/api/execute",
      { currentDate: "2025-01-01", contentType: "one last post", aiProvider: "openai" },
      me,
    );
    // A connected site and a post published there: both go with the account.
    const { documentId, versionId } = (await written.json()) as { documentId: string; versionId: string };
    const site = connectionRow(me.userId);
    await t.db.insert(publishingConnections).values(site);
    await t.db.insert(publications).values({
      id: randomUUID(),
      userId: me.userId,
      documentId,
      versionId,
      connectionId: site.id,
      platform: "wordpress",
      remoteId: "101",
      url: "https://bakery.example/one-last-post/",
      status: "publish",
      state: "done",
    });
    const totals = async () =>
      (
        await t.db
          .select({
            n: sql<number>`count(*)::int`,
            sum: sql<number>`coalesce(sum(${creditTransactions.amount}), 0)::int`,
          })
          .from(creditTransactions)
      )[0];
    const before = await totals();
    const grantsBefore = (await t.deps.directGrants.history(1000)).filter((g) => g.userId === me.userId);
    expect(grantsBefore).toHaveLength(1);

    const mismatch = await post(
      "/api/account/delete",
      { confirmEmail: "someone@example.com", password: TEST_PASSWORD },
      me,
    );
    expect(mismatch.status).toBe(400);
    expect((await mismatch.json()).error).toBe(ACCOUNT_DELETE_MESSAGES.confirmMismatch);
    const res = await post(
      "/api/account/delete",
      { confirmEmail: ` ${address.toUpperCase()} `, password: TEST_PASSWORD },
      me,
    );
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => /session_token=;.*Max-Age=0/.test(c))).toBe(true);

    expect((await t.app.request("/api/billing/credits", { headers: me.headers })).status).toBe(401);
    expect((await signIn(address)).status).toBe(401);
    expect(await t.db.select().from(users).where(eq(users.id, me.userId))).toHaveLength(0);
    const history = await t.db.execute(sql`SELECT count(*)::int AS n FROM api_requests WHERE user_id = ${me.userId}`);
    expect((history as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(0);
    expect(await t.db.select().from(publishingConnections).where(eq(publishingConnections.userId, me.userId))).toEqual(
      [],
    );
    expect(await t.db.select().from(publications).where(eq(publications.userId, me.userId))).toEqual([]);
    // The books: the same rows and the same sum, the grant still in the admin's history, anonymised.
    expect(await totals()).toEqual(before);
    const grantsAfter = await t.deps.directGrants.history(1000);
    const moved = grantsAfter.find((g) => g.id === grantsBefore[0]!.id);
    expect(moved).toBeDefined();
    expect(moved!.email).toMatch(/@deleted\.invalid$/);
    expect(moved!.creditsGranted).toBe(25);
    // The placeholder keeping those rows is nobody: not found by admins, not granted by campaigns.
    expect(await t.deps.directGrants.search("deleted.invalid")).toEqual([]);
    const placeholder = moved!.userId;
    const { campaign } = await t.deps.campaigns.create(
      {
        name: `After ${address}`,
        description: "",
        creditAmount: 5,
        campaignType: "all_users",
        startDate: new Date(Date.now() - 60_000),
        active: true,
      },
      me.userId,
    );
    const recipients = await t.deps.campaigns.recipients(campaign.id);
    expect(recipients.length).toBeGreaterThan(0);
    expect(recipients.some((r) => r.userId === placeholder || r.username.startsWith("deleted_"))).toBe(false);
    const final = await mailTo(address, /has been deleted/);
    expect(final.text).toContain("deleted");
    // The address is free again.
    expect((await post("/api/auth/sign-up/email", { email: address, password: TEST_PASSWORD })).status).toBe(200);
  });

  // Issue 26: deleting the account and signing up again with the same address granted the welcome
  // bonus again. A campaign is granted once per address (kept as a hash, not the address).
  it("grants the welcome bonus once per address, not again after the account is deleted", async () => {
    const address = email("twice");
    const available = async (u: SignedUpUser) => (await t.deps.ledger.balance(u.userId)).availableCredits;
    const first = await t.signUp(address);
    const bonus = await available(first);
    expect(bonus).toBe(t.deps.config.welcomeBonusCredits);
    expect(bonus).toBeGreaterThan(0);
    expect((await post("/api/account/delete", { confirmEmail: address, password: TEST_PASSWORD }, first)).status).toBe(
      200,
    );
    // Again, in another case and with spaces trimmed: the same address.
    const again = await t.signUp(address.toUpperCase());
    expect(again.userId).not.toBe(first.userId);
    expect(await available(again)).toBe(0);
    // The address itself is not kept with the campaign's recipients, only its hash.
    const kept = await t.db.execute(
      sql`SELECT address_hash FROM bonus_credit_recipients WHERE address_hash IS NOT NULL AND address_hash ILIKE ${`%${address.split("@")[0]}%`}`,
    );
    expect((kept as unknown as { rows: unknown[] }).rows).toHaveLength(0);
    // Another address still gets it.
    expect(await available(await t.signUp(email("fresh")))).toBe(bonus);
  });

  it("asks for the password again: a stolen session alone can't delete the account (issue 26)", async () => {
    const address = email("stolen");
    const me = await t.signUp(address);
    const missing = await post("/api/account/delete", { confirmEmail: address }, me);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: ACCOUNT_DELETE_MESSAGES.passwordMissing });
    const wrong = await post("/api/account/delete", { confirmEmail: address, password: "a-guessed-password" }, me);
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ error: ACCOUNT_DELETE_MESSAGES.passwordWrong });
    // Guesses count as sign-in attempts: the fifth wrong one in a row is the last checked.
    for (let i = 0; i < 4; i++)
      await post("/api/account/delete", { confirmEmail: address, password: `guess-${i}-password` }, me);
    const limited = await post("/api/account/delete", { confirmEmail: address, password: TEST_PASSWORD }, me);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    // Still there, still signed in.
    expect((await t.app.request("/api/account", { headers: me.headers })).status).toBe(200);
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.id, me.userId))).toHaveLength(1);
  });

  it("deletes an account without a password (Google only) only from a recent sign-in", async () => {
    const { userId, email: address } = await t.insertUser(email("google-only"));
    const ctx = await t.deps.auth.$context;
    const session = await ctx.internalAdapter.createSession(userId);
    const me = bearer(session.token);
    await t.db.execute(sql`UPDATE sessions SET created_at = now() - interval '11 minutes' WHERE id = ${session.id}`);
    const stale = await post("/api/account/delete", { confirmEmail: address }, me);
    expect(stale.status).toBe(403);
    expect(await stale.json()).toMatchObject({ error: ACCOUNT_DELETE_MESSAGES.signInAgain });
    const fresh = bearer((await ctx.internalAdapter.createSession(userId)).token);
    expect((await post("/api/account/delete", { confirmEmail: address }, fresh)).status).toBe(200);
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.id, userId))).toHaveLength(0);
  });

  it("refuses to delete the last administrator", async () => {
    const only = await t.signUp(email("only-admin"), { admin: true });
    // Every other admin made by earlier tests steps down first.
    await t.db
      .update(users)
      .set({ role: "user" })
      .where(sql`${users.role} = 'admin' AND ${users.id} <> ${only.userId}`);
    const address = (await t.db.select({ e: users.email }).from(users).where(eq(users.id, only.userId)))[0]!.e;
    const res = await post("/api/account/delete", { confirmEmail: address, password: TEST_PASSWORD }, only);
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe(ACCOUNT_DELETE_MESSAGES.lastAdmin);
    const second = await t.signUp(email("second-admin"), { admin: true });
    expect((await post("/api/account/delete", { confirmEmail: address, password: TEST_PASSWORD }, only)).status).toBe(
      200,
    );
    expect((await t.app.request("/api/admin/campaigns", { headers: second.headers })).status).toBe(200);
  });
});

describeEachDatabase("REQUIRE_EMAIL_VERIFICATION", (kind) => {
  let sink: SmtpSink;
  let strict: TestApp;
  let relaxed: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    strict = await createTestApp({ database: kind, env: { SMTP_URL: sink.url, REQUIRE_EMAIL_VERIFICATION: "true" } });
    relaxed = await createTestApp({ database: kind, env: { SMTP_URL: sink.url } });
  });
  afterAll(async () => {
    await strict?.close();
    await relaxed?.close();
    await sink?.close();
  });
  const detect = (t: TestApp, u: SignedUpUser) =>
    postJson(t, "/api/detect-ai", { text: "A short text that the detector is asked about. ".repeat(8) }, u);

  it("refuses the paid endpoints to an unverified account with a clear 403, and charges nothing", async () => {
    const u = await strict.signUp(`strict-${kind}@example.com`);
    const before = await strict.deps.ledger.balance(u.userId);
    // Every route declared paid (doc({ paid: true })), batches included: taken from the app itself.
    const paid = new Map<string, string>();
    for (const route of strict.app.routes) {
      if (declarationOf(route.handler)?.paid) paid.set(`${route.method} ${route.path}`, route.path);
    }
    expect([...paid.keys()]).toEqual(expect.arrayContaining(["POST /api/execute", "POST /api/batches"]));
    for (const [name, path] of paid) {
      const url = path.replace(/:[A-Za-z]+/g, randomUUID());
      const res = await postJson(strict, url, {}, u);
      expect(res.status, name).toBe(403);
      expect((await res.json()).error, name).toBe(VERIFY_FIRST_MESSAGE);
    }
    expect(await strict.deps.ledger.balance(u.userId)).toEqual(before);
    // Free parts of the product still answer.
    expect((await strict.app.request("/api/billing/credits", { headers: u.headers })).status).toBe(200);
    expect((await strict.app.request("/api/history", { headers: u.headers })).status).toBe(200);

    const mail = await sink.waitFor((m) => m.to === `strict-${kind}@example.com`);
    await strict.app.request(linkIn(mail));
    expect((await detect(strict, u)).status).toBe(200);
  });

  it("lets unverified accounts spend when it is off (the default)", async () => {
    const u = await relaxed.signUp(`relaxed-${kind}@example.com`);
    expect((await detect(relaxed, u)).status).toBe(200);
  });
});
