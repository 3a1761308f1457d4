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
});
