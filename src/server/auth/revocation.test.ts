// Issue 26: a session revoked through one process kept working on another for up to the session
// cache's ~5 s (a paid call passed). Two app instances on one PostgreSQL database: each paid call
// checks the session in the database, so the revocation holds everywhere at once.
import { afterAll, beforeAll, expect, it } from "vitest";
import { describePostgresOnly } from "../testing/databases";
import { grantCredits, postJson } from "../testing/route-suite";
import { createTestApp, type SignedUpUser, type TestApp } from "../testing/test-app";

const TEXT = "The bakery opens at seven and the bread sells out by noon most days. ".repeat(12);

describePostgresOnly("a revoked session on another app instance", () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp({ database: "pg" });
    second = await createTestApp({ databaseUrl: first.databaseUrl });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  /** A user with credits whose session the second instance has cached (a paid call passed there). */
  async function cachedOnSecond(email: string): Promise<SignedUpUser> {
    const user = await first.signUp(email);
    await grantCredits(first, user, 20, "revocation test");
    const res = await postJson(second, "/api/detect-ai", { text: TEXT }, user);
    expect(res.status).toBe(200);
    // The second instance now answers this credential from its cache.
    expect((await second.app.request("/api/billing/credits", { headers: user.headers })).status).toBe(200);
    return user;
  }

  async function paidCallIsRefused(user: SignedUpUser) {
    const before = await first.deps.ledger.balance(user.userId);
    const res = await postJson(second, "/api/detect-ai", { text: TEXT }, user);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: "Please sign in to continue." });
    expect(await first.deps.ledger.balance(user.userId)).toEqual(before);
  }

  it("refuses a paid call at once after signing out through the other instance", async () => {
    const user = await cachedOnSecond("signed-out@example.com");
    const out = await postJson(first, "/api/auth/sign-out", {}, user);
    expect(out.status).toBe(200);
    await paidCallIsRefused(user);
    // Every paid endpoint, not only detection.
    const seo = await postJson(
      second,
      "/api/seo-produce-code",
      { content: "# T\n\nBread.", platform: "wordpress" },
      user,
    );
    expect(seo.status).toBe(401);
  });

  it("refuses a paid call at once after 'sign out everywhere' through the other instance", async () => {
    const user = await cachedOnSecond("everywhere@example.com");
    const out = await postJson(first, "/api/auth/revoke-sessions", {}, user);
    expect(out.status).toBe(200);
    await paidCallIsRefused(user);
  });
});
