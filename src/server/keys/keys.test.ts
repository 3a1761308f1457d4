// API keys (issue 28): created once and stored hashed, scoped per route, never on account or admin
// routes, rate limited per key, revoked at once, and named on the usage rows they pay for.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiKeyScope, ApiKeysResponse, CreateApiKeyResponse } from "../../shared/api-keys";
import type { UsageResponse } from "../../shared/billing";
import { apiKeys, creditTransactions } from "../db/schema";
import { describeEachDatabase, describePostgresOnly } from "../testing/databases";
import { grantCredits, postJson } from "../testing/route-suite";
import { createTestApp, type SignedUpUser, type TestApp } from "../testing/test-app";
import { hashApiKey } from "./api-keys.service";

const TEXT = "The bakery opens at seven and the bread sells out by noon most days. ".repeat(12);
const ALL_SCOPES: ApiKeyScope[] = ["write", "detect", "seo", "documents", "publish", "batches", "billing"];

async function createKey(t: TestApp, user: SignedUpUser, scopes: ApiKeyScope[], name = "script") {
  const res = await postJson(t, "/api/keys", { name, scopes }, user);
  expect(res.status).toBe(201);
  return (await res.json()) as CreateApiKeyResponse;
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const withKey = (t: TestApp, key: string, path: string, init: RequestInit = {}) =>
  t.app.request(path, { ...init, headers: { ...bearer(key), ...(init.headers as Record<string, string>) } });
const postWithKey = (t: TestApp, key: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  withKey(t, key, path, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

describeEachDatabase("API keys", (kind) => {
  let t: TestApp;
  let ada: SignedUpUser;
  beforeAll(async () => {
    t = await createTestApp({ database: kind, env: { WELCOME_BONUS_CREDITS: "0", ADMIN_EMAILS: "root@example.com" } });
    ada = await t.signUp("ada@example.com");
    await grantCredits(t, ada, 50, "api keys test");
  });
  afterAll(async () => t?.close());

  it("shows the secret once and keeps only its hash", async () => {
    const created = await createKey(t, ada, ["detect"], "hash check");
    expect(created.key).toMatch(/^dsk_[\w-]{40,}$/);
    expect(created.prefix).toBe(created.key.slice(0, 12));
    expect(created).toMatchObject({ scopes: ["detect"], expiresAt: null });
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row?.hash).toBe(hashApiKey(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key);
    const list = (await (await t.app.request("/api/keys", { headers: ada.headers })).json()) as ApiKeysResponse;
    const listed = list.keys.find((k) => k.id === created.id);
    expect(listed).toMatchObject({ name: "hash check", prefix: created.prefix, scopes: ["detect"], lastUsedAt: null });
    expect(JSON.stringify(list)).not.toContain(created.key);
  });

  it("validates the request", async () => {
    expect((await postJson(t, "/api/keys", { name: "", scopes: ["detect"] }, ada)).status).toBe(400);
    expect((await postJson(t, "/api/keys", { name: "x", scopes: [] }, ada)).status).toBe(400);
    expect((await postJson(t, "/api/keys", { name: "x", scopes: ["admin"] }, ada)).status).toBe(400);
    const res = await postJson(t, "/api/keys", { name: "x", scopes: ["billing"], expiresInDays: 30 }, ada);
    const body = (await res.json()) as CreateApiKeyResponse;
    expect(new Date(body.expiresAt ?? 0).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });

  it("reaches what its scopes allow, and nothing else", async () => {
    const { key } = await createKey(t, ada, ["detect"]);
    const detected = await postWithKey(t, key, "/api/detect-ai", { text: TEXT });
    expect(detected.status).toBe(200);
    const seo = await postWithKey(t, key, "/api/seo-produce-code", { content: "# T\n\nBread.", platform: "wordpress" });
    expect(seo.status).toBe(403);
    expect(await seo.json()).toEqual({ error: 'This API key lacks the "seo" scope.', code: "KEY_SCOPE", scope: "seo" });
    expect((await withKey(t, key, "/api/billing/credits")).status).toBe(403);
    expect((await withKey(t, key, "/api/documents")).status).toBe(403);
    const billing = await createKey(t, ada, ["billing", "documents"]);
    expect((await withKey(t, billing.key, "/api/billing/credits")).status).toBe(200);
    expect((await withKey(t, billing.key, "/api/documents")).status).toBe(200);
    // Read-only billing: no checkout with a key.
    const checkout = await postWithKey(t, billing.key, "/api/billing/checkout", { packageId: 1 });
    expect(checkout.status).toBe(403);
  });

  it("never reaches account, key or admin routes, whatever its scopes", async () => {
    const root = await t.signUp("root@example.com", { admin: true });
    const adaKey = (await createKey(t, ada, ALL_SCOPES)).key;
    const rootKey = (await createKey(t, root, ALL_SCOPES)).key;
    const refused = async (res: Response) => {
      expect([401, 403]).toContain(res.status);
      expect(await res.text()).not.toContain('"success":true');
    };
    for (const key of [adaKey, rootKey]) {
      await refused(await withKey(t, key, "/api/account"));
      await refused(await withKey(t, key, "/api/account/sessions"));
      await refused(await withKey(t, key, "/api/account/export"));
      await refused(await postWithKey(t, key, "/api/account/sessions/revoke-all", {}));
      await refused(await postWithKey(t, key, "/api/account/delete", { confirmEmail: "ada@example.com" }));
      await refused(await withKey(t, key, "/api/keys"));
      await refused(await postWithKey(t, key, "/api/keys", { name: "more", scopes: ["detect"] }));
      await refused(await postWithKey(t, key, "/api/auth/change-password", { currentPassword: "x", newPassword: "y" }));
      await refused(await postWithKey(t, key, "/api/auth/update-user", { name: "Mallory" }));
      await refused(await postWithKey(t, key, "/api/auth/revoke-sessions", {}));
      await refused(await withKey(t, key, "/api/auth/get-session"));
      await refused(await withKey(t, key, "/api/admin/campaigns"));
    }
    const account = await withKey(t, adaKey, "/api/account");
    expect(await account.json()).toMatchObject({ code: "KEY_NOT_ALLOWED" });
    const admin = await withKey(t, rootKey, "/api/admin/campaigns");
    expect(admin.status).toBe(403);
    // The session still works, and the keys still exist.
    expect((await t.app.request("/api/account", { headers: ada.headers })).status).toBe(200);
    expect((await withKey(t, adaKey, "/api/billing/credits")).status).toBe(200);
  });

  it("is refused at once when revoked or expired, and an unknown key is a 401", async () => {
    const created = await createKey(t, ada, ["billing"]);
    expect((await withKey(t, created.key, "/api/billing/credits")).status).toBe(200);
    const revoke = await t.app.request(`/api/keys/${created.id}`, { method: "DELETE", headers: ada.headers });
    expect(revoke.status).toBe(200);
    const after = await withKey(t, created.key, "/api/billing/credits");
    expect(after.status).toBe(401);
    expect(await after.json()).toMatchObject({ code: "INVALID_API_KEY" });
    // Revoked keys leave the list; a second revoke is a 404.
    const list = (await (await t.app.request("/api/keys", { headers: ada.headers })).json()) as ApiKeysResponse;
    expect(list.keys.map((k) => k.id)).not.toContain(created.id);
    expect((await t.app.request(`/api/keys/${created.id}`, { method: "DELETE", headers: ada.headers })).status).toBe(
      404,
    );
    // Someone else's key is not theirs to revoke.
    const other = await createKey(t, ada, ["billing"]);
    const bob = await t.signUp("bob@example.com");
    expect((await t.app.request(`/api/keys/${other.id}`, { method: "DELETE", headers: bob.headers })).status).toBe(404);
    // Expired.
    await t.db.update(apiKeys).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(apiKeys.id, other.id));
    expect((await withKey(t, other.key, "/api/billing/credits")).status).toBe(401);
    expect((await withKey(t, "dsk_not-a-key", "/api/billing/credits")).status).toBe(401);
  });

  it("names the key on the usage rows it paid for, in Usage History and the data export", async () => {
    const created = await createKey(t, ada, ["detect", "billing"], "Spreadsheet");
    // Texts of their own: a re-check of a text already checked is free and leaves no usage row.
    const viaKey = `${TEXT} We checked this copy from the spreadsheet.`;
    expect((await postWithKey(t, created.key, "/api/detect-ai", { text: viaKey })).status).toBe(200);
    // And one through the app itself.
    expect(
      (await postJson(t, "/api/detect-ai", { text: `${TEXT} We checked this copy in the app.` }, ada)).status,
    ).toBe(200);
    const rows = await t.db
      .select({ apiKeyId: creditTransactions.apiKeyId })
      .from(creditTransactions)
      .where(eq(creditTransactions.apiKeyId, created.id));
    expect(rows).toHaveLength(1);
    const usage = (await (await withKey(t, created.key, "/api/billing/usage")).json()) as UsageResponse;
    expect(usage.usage[0]?.apiKey).toBeNull();
    expect(usage.usage[1]?.apiKey).toBe("Spreadsheet");
    const exported = (await (await t.app.request("/api/account/export", { headers: ada.headers })).json()) as {
      usage: Array<{ apiKey: string | null; apiKeyId: string | null }>;
    };
    expect(exported.usage.some((u) => u.apiKey === "Spreadsheet" && u.apiKeyId === created.id)).toBe(true);
    // The keys themselves are listed, never their hash or secret.
    const keysExported = (exported as unknown as { apiKeys: Array<Record<string, unknown>> }).apiKeys;
    expect(keysExported.find((k) => k.id === created.id)).toMatchObject({
      name: "Spreadsheet",
      prefix: created.prefix,
    });
    const [row] = await t.db.select({ hash: apiKeys.hash }).from(apiKeys).where(eq(apiKeys.id, created.id));
    const dump = JSON.stringify(exported);
    expect(dump).not.toContain(created.key);
    expect(dump).not.toContain(row?.hash);
    const listed = (await (await t.app.request("/api/keys", { headers: ada.headers })).json()) as ApiKeysResponse;
    expect(listed.keys.find((k) => k.id === created.id)?.lastUsedAt).not.toBeNull();
  });

  it("needs no Origin for a key, and a key with a session cookie cross-site gets no session", async () => {
    const { key } = await createKey(t, ada, ["detect"]);
    const crossSite = { origin: "https://evil.example" };
    expect((await postWithKey(t, key, "/api/detect-ai", { text: TEXT }, crossSite)).status).toBe(200);
    // A cookie beside the key is ignored: the key never borrows the session's powers.
    const cookie = { cookie: `better-auth.session_token=${ada.token}`, ...crossSite };
    const res = await postWithKey(t, key, "/api/account/sessions/revoke-all", {}, cookie);
    expect(res.status).toBe(403);
    expect((await t.app.request("/api/account", { headers: ada.headers })).status).toBe(200);
  });
});

describe("API key rate limit", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { API_KEY_REQUESTS_PER_MINUTE: "3" } });
  });
  afterAll(async () => t?.close());

  it("answers 429 with Retry-After once a key is over its limit, per key", async () => {
    const user = await t.signUp("limited@example.com");
    const first = await createKey(t, user, ["billing"]);
    const second = await createKey(t, user, ["billing"]);
    for (let i = 0; i < 3; i++) expect((await withKey(t, first.key, "/api/billing/credits")).status).toBe(200);
    const over = await withKey(t, first.key, "/api/billing/credits");
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await over.json()).toMatchObject({ code: "RATE_LIMITED", retryAfter: expect.any(Number) });
    expect((await withKey(t, second.key, "/api/billing/credits")).status).toBe(200);
    // The session is not limited by its keys.
    expect((await t.app.request("/api/billing/credits", { headers: user.headers })).status).toBe(200);
  });
});

describe("API keys under REQUIRE_EMAIL_VERIFICATION", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { REQUIRE_EMAIL_VERIFICATION: "true", WELCOME_BONUS_CREDITS: "0" } });
  });
  afterAll(async () => t?.close());

  it("spends only for a verified owner, as the session does", async () => {
    const user = await t.signUp("unverified@example.com");
    await grantCredits(t, user, 10, "verification test");
    const { key } = await createKey(t, user, ["detect", "billing"]);
    const refused = await postWithKey(t, key, "/api/detect-ai", { text: TEXT });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "FORBIDDEN" });
    // Reading is not spending.
    expect((await withKey(t, key, "/api/billing/credits")).status).toBe(200);
  });
});

describePostgresOnly("a revoked API key on another app instance", () => {
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

  it("is refused by the other instance at once", async () => {
    const user = await first.signUp("two-processes@example.com");
    await grantCredits(first, user, 20, "revocation test");
    const created = await createKey(first, user, ["detect"]);
    expect((await postWithKey(second, created.key, "/api/detect-ai", { text: TEXT })).status).toBe(200);
    const before = await first.deps.ledger.balance(user.userId);
    const revoke = await first.app.request(`/api/keys/${created.id}`, { method: "DELETE", headers: user.headers });
    expect(revoke.status).toBe(200);
    const after = await postWithKey(second, created.key, "/api/detect-ai", { text: TEXT });
    expect(after.status).toBe(401);
    expect(await first.deps.ledger.balance(user.userId)).toEqual(before);
  });
});
