import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "./config";
import { loadEnvFile } from "./env-file";

const dir = mkdtempSync(join(tmpdir(), "draftsmith-env-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe(".env", () => {
  it("adds the file's settings, the environment winning, in the format of node --env-file", () => {
    const file = join(dir, ".env");
    writeFileSync(
      file,
      '# comment\nPORT=5314\nDETECTOR=sapling\nMAIL_FROM="Draftsmith <hello@example.com>"\nexport LOG_LEVEL=debug\n',
    );
    const env: Record<string, string | undefined> = { DETECTOR: "builtin" };
    expect(loadEnvFile(file, env).sort()).toEqual(["LOG_LEVEL", "MAIL_FROM", "PORT"]);
    expect(env).toEqual({
      DETECTOR: "builtin",
      PORT: "5314",
      MAIL_FROM: "Draftsmith <hello@example.com>",
      LOG_LEVEL: "debug",
    });
    // The configuration then reads them like any other setting.
    const config = loadConfig({ ...env, NODE_ENV: "test", DATA_DIR: dir, BETTER_AUTH_SECRET: "x".repeat(40) });
    expect(config.port).toBe(5314);
  });

  it("is optional", () => {
    const env = { PORT: "1" };
    expect(loadEnvFile(join(dir, "missing.env"), env)).toEqual([]);
    expect(env).toEqual({ PORT: "1" });
  });
});
