import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

// Debian's Chromium, never a downloaded browser (no network but the package registries).
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PORT = Number(process.env.E2E_PORT ?? 5187);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), "draftsmith-e2e-"));

export default defineConfig({
  testDir: "e2e",
  // Per build folder, so parallel runs (DIST_DIR) never share artifacts.
  outputDir: `test-results/${(process.env.DIST_DIR ?? "dist").replace(/\W+/g, "-")}`,
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--disable-dev-shm-usage",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: {
    command: `node ${process.env.DIST_DIR ?? "dist"}/server/main.js`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      DATA_DIR: dataDir,
      ADMIN_EMAILS: "admin@e2e.test",
      LOG_LEVEL: "warn",
      WELCOME_BONUS_CREDITS: "50",
      // Every browser test signs up from 127.0.0.1; the limit itself is tested in src/server/auth.
      SIGN_UPS_PER_MINUTE: "1000",
      ...(process.env.E2E_SERVER_ENV ? JSON.parse(process.env.E2E_SERVER_ENV) : {}),
    },
  },
});
