import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config";

describe("publishing settings", () => {
  it("default to https and public addresses only, 30 s per exchange, the auth secret as key", () => {
    expect(loadConfig({}).publishing).toEqual({
      encryptionKey: undefined,
      allowPrivateHosts: false,
      timeoutMs: 30_000,
      shopifyApiBase: undefined,
    });
  });

  it("read PUBLISH_ALLOW_PRIVATE_HOSTS, PUBLISH_TIMEOUT_MS, ENCRYPTION_KEY and SHOPIFY_API_BASE", () => {
    const c = loadConfig({
      PUBLISH_ALLOW_PRIVATE_HOSTS: "true",
      PUBLISH_TIMEOUT_MS: "5000",
      ENCRYPTION_KEY: "e".repeat(32),
      SHOPIFY_API_BASE: "http://127.0.0.1:9999/",
    }).publishing;
    expect(c).toEqual({
      encryptionKey: "e".repeat(32),
      allowPrivateHosts: true,
      timeoutMs: 5000,
      shopifyApiBase: "http://127.0.0.1:9999",
    });
  });

  it.each([
    [
      { PUBLISH_ALLOW_PRIVATE_HOSTS: "yes" },
      "PUBLISH_ALLOW_PRIVATE_HOSTS: PUBLISH_ALLOW_PRIVATE_HOSTS must be true or false",
    ],
    [{ ENCRYPTION_KEY: "short" }, "ENCRYPTION_KEY: ENCRYPTION_KEY must be at least 32 characters"],
    [{ SHOPIFY_API_BASE: "ftp://x" }, "SHOPIFY_API_BASE: SHOPIFY_API_BASE must be an http(s) URL"],
  ])("stop the app on a bad value %j with one line that says so", (env, line) => {
    let err: unknown;
    try {
      loadConfig(env);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).problems).toEqual([line]);
  });
});
