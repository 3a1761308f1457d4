// Better Auth gets every setting from config.ts: it never falls back on its own environment
// variables, and a default start logs no "Base URL is not set" warning.
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../config";
import { createMailer } from "../mail/mailer";
import { createTestApp, type TestApp } from "../testing/test-app";
import { createAuth } from "./auth";

describe("Better Auth's settings", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const build = (env: Record<string, string>) => {
    const lines: string[] = [];
    const logger = pino(
      { level: "debug" },
      new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const config = loadConfig({ NODE_ENV: "development", DATA_DIR: "/nonexistent-draftsmith", ...env });
    const auth = createAuth({
      config,
      db: t.db,
      logger,
      mailer: createMailer({ ...config.mail, dataDir: config.dataDir }, logger),
      secret: "a-test-secret-that-is-long-enough-0123456789",
      onUserCreated: async () => {},
    });
    return { auth, lines };
  };

  it("starts with no base-URL warning and never reads BETTER_AUTH_URL behind config's back", async () => {
    const warn = vi.spyOn(console, "warn");
    const log = vi.spyOn(console, "log");
    vi.stubEnv("BETTER_AUTH_URL", "https://evil.example");
    try {
      const { auth, lines } = build({ PORT: "5123" });
      const context = await auth.$context;
      expect(context.baseURL).toBe("http://localhost:5123/api/auth");
      const printed = [...lines, ...warn.mock.calls.flat(), ...log.mock.calls.flat()].join("\n");
      expect(printed).not.toMatch(/Base URL is not set/);
    } finally {
      vi.unstubAllEnvs();
      warn.mockRestore();
      log.mockRestore();
    }
  });

  it("uses PUBLIC_URL as the base URL", async () => {
    const { auth } = build({ PUBLIC_URL: "https://app.example.com" });
    expect((await auth.$context).baseURL).toBe("https://app.example.com/api/auth");
  });
});
