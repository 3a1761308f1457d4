import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("runs on its defaults with no settings", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 5000,
      dataDir: "./data",
      databaseUrl: undefined,
      stripe: undefined,
      google: undefined,
    });
    expect(c.detection.detector).toBe("builtin");
    expect(c.welcomeBonusCredits).toBe(50);
  });

  it("reports one clear line per bad setting", () => {
    try {
      loadConfig({ PORT: "abc", DATABASE_URL: "mysql://x", BETTER_AUTH_SECRET: "short", DETECTOR: "magic" });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems;
      expect(problems).toHaveLength(4);
      expect(problems.join("\n")).toMatch(/PORT/);
      expect(problems.join("\n")).toMatch(/DATABASE_URL must start with postgres/);
      expect(problems.join("\n")).toMatch(/BETTER_AUTH_SECRET must be at least 32 characters/);
      expect(problems.join("\n")).toMatch(/DETECTOR must be builtin, gptzero or sapling/);
    }
  });

  it("keeps the offline writer on unless OFFLINE_WRITER=off, and names a bad value", () => {
    expect(loadConfig({}).offlineWriter).toBe(true);
    expect(loadConfig({ OFFLINE_WRITER: "off" }).offlineWriter).toBe(false);
    expect(() => loadConfig({ OFFLINE_WRITER: "no" })).toThrow(/OFFLINE_WRITER must be on or off/);
  });

  it("needs the keys that go with a choice", () => {
    expect(() => loadConfig({ DETECTOR: "gptzero" })).toThrow(/GPTZERO_API_KEY/);
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: "id" })).toThrow(/set together/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_test_1" })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it("normalises admin e-mails and the public URL", () => {
    const c = loadConfig({ ADMIN_EMAILS: " A@x.com, b@Y.com ,", PUBLIC_URL: "https://app.example.com/" });
    expect(c.adminEmails).toEqual(["a@x.com", "b@y.com"]);
    expect(c.publicUrl).toBe("https://app.example.com");
  });

  it("reads TRUST_PROXY as off, a hop count (true = 1) or trusted proxy addresses", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 192.0.2.7" }).trustProxy).toEqual({
      addresses: ["10.0.0.0/8", "192.0.2.7"],
    });
    expect(() => loadConfig({ TRUST_PROXY: "yes please" })).toThrow(/TRUST_PROXY must be true, false, a number/);
  });

  it("reads TOKEN_SYNC_URL as a path or an http(s) URL, unset by default", () => {
    expect(loadConfig({}).tokenSyncUrl).toBeUndefined();
    expect(loadConfig({ TOKEN_SYNC_URL: "/auth/sync" }).tokenSyncUrl).toBe("/auth/sync");
    expect(loadConfig({ TOKEN_SYNC_URL: "https://app.example.com/sync" }).tokenSyncUrl).toBe(
      "https://app.example.com/sync",
    );
    for (const bad of ["//elsewhere.example/sync", "javascript:alert(1)", "sync"])
      expect(() => loadConfig({ TOKEN_SYNC_URL: bad }), bad).toThrow(/TOKEN_SYNC_URL must be a path/);
  });

  it("takes every Better Auth setting through config: BETTER_AUTH_URL as PUBLIC_URL, the rest refused", () => {
    expect(loadConfig({}).authBaseUrl).toBe("http://localhost:5000");
    expect(loadConfig({ PORT: "6100" }).authBaseUrl).toBe("http://localhost:6100");
    const aliased = loadConfig({ BETTER_AUTH_URL: "https://app.example.com/" });
    expect(aliased.publicUrl).toBe("https://app.example.com");
    expect(aliased.authBaseUrl).toBe("https://app.example.com");
    expect(() => loadConfig({ BETTER_AUTH_URL: "https://a.example.com", PUBLIC_URL: "https://b.example.com" })).toThrow(
      /BETTER_AUTH_URL and PUBLIC_URL differ/,
    );
    expect(() => loadConfig({ BETTER_AUTH_TRUSTED_ORIGINS: "https://evil.example" })).toThrow(
      /BETTER_AUTH_TRUSTED_ORIGINS is not used/,
    );
    expect(() => loadConfig({ BETTER_AUTH_SECRETS: "1:abc" })).toThrow(/BETTER_AUTH_SECRETS is not used/);
  });

  it("reads the mail settings", () => {
    expect(loadConfig({}).mail).toEqual({ smtpUrl: undefined, from: "Draftsmith <no-reply@localhost>" });
    expect(loadConfig({ PUBLIC_URL: "https://app.example.com" }).mail.from).toBe(
      "Draftsmith <no-reply@app.example.com>",
    );
    expect(loadConfig({ SMTP_URL: "smtps://u:p@mail.example.com:465", MAIL_FROM: "Us <us@example.com>" }).mail).toEqual(
      {
        smtpUrl: "smtps://u:p@mail.example.com:465",
        from: "Us <us@example.com>",
      },
    );
    expect(() => loadConfig({ SMTP_URL: "mail.example.com" })).toThrow(/SMTP_URL must start with smtp/);
    expect(loadConfig({}).requireEmailVerification).toBe(false);
    expect(loadConfig({ REQUIRE_EMAIL_VERIFICATION: "true" }).requireEmailVerification).toBe(true);
    expect(() => loadConfig({ REQUIRE_EMAIL_VERIFICATION: "yes" })).toThrow(/REQUIRE_EMAIL_VERIFICATION/);
  });
});
