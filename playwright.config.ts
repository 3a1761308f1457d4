import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

// Debian's Chromium, never a downloaded browser (no network but the package registries).
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PORT = Number(process.env.E2E_PORT ?? 5187);
// The servers' data folders: made once, in the runner (the workers, which load this file too,
// inherit them), so specs can read the server's mail outbox (DATA_DIR/outbox: the server runs
// without SMTP_URL) — see e2e/account/outbox.ts. The runner removes them when it exits, after it has
// stopped the servers (a globalTeardown would run while they still hold them).
if (!process.env.E2E_DATA_DIR) {
  const made = [mkdtempSync(join(tmpdir(), "draftsmith-e2e-")), mkdtempSync(join(tmpdir(), "draftsmith-e2e-stripe-"))];
  [process.env.E2E_DATA_DIR, process.env.E2E_STRIPE_DATA_DIR] = made;
  process.on("exit", () => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });
}
const dataDir = process.env.E2E_DATA_DIR;
const stripeDataDir = process.env.E2E_STRIPE_DATA_DIR ?? mkdtempSync(join(tmpdir(), "draftsmith-e2e-stripe-"));
const DIST = process.env.DIST_DIR ?? "dist";
// e2e/credits/purchase.spec.ts buys credits on a second app, with Stripe keys, whose SDK talks to a
// loopback Stripe (e2e/credits/fake-stripe-checkout.ts) that also plays the hosted checkout page.
const STRIPE_APP_PORT = PORT + 1;
const FAKE_STRIPE_PORT = PORT + 2;
const STRIPE_WEBHOOK_SECRET = "whsec_e2e_draftsmith_fake_stripe_0123456789";
const serverEnv = (port: number, dir: string): Record<string, string> => ({
  NODE_ENV: "production",
  PORT: String(port),
  DATA_DIR: dir,
  ADMIN_EMAILS: "admin@e2e.test",
  LOG_LEVEL: "warn",
  WELCOME_BONUS_CREDITS: "50",
  // Every browser test signs up from 127.0.0.1; the limit itself is tested in src/server/auth.
  SIGN_UPS_PER_MINUTE: "1000",
  // e2e/publishing connects to loopback fakes of WordPress (http on 127.0.0.1).
  PUBLISH_ALLOW_PRIVATE_HOSTS: "true",
  ...(process.env.E2E_SERVER_ENV ? JSON.parse(process.env.E2E_SERVER_ENV) : {}),
});

export default defineConfig({
  testDir: "e2e",
  // Per build folder, so parallel runs (DIST_DIR) never share artifacts.
  outputDir: `test-results/${(process.env.DIST_DIR ?? "dist").replace(/\W+/g, "-")}`,
  fullyParallel: false,
  workers: 2,
  // At most one retry, on CI only; a test that passed only on it is listed by e2e/retried-reporter.ts
  // (and .ci/run prints it), so a flake is seen the day it appears.
  retries: process.env.CI ? 1 : 0,
  // Generous ceilings: a test waits on events (a response, a visible element), and a busy 2-core
  // machine may take several times as long as an idle one to produce them.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [["list"], ["./e2e/retried-reporter.ts"]],
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
  webServer: [
    {
      command: `node ${DIST}/server/main.js`,
      url: `http://127.0.0.1:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: serverEnv(PORT, dataDir),
    },
    {
      command: "npx tsx e2e/credits/fake-stripe-checkout.ts",
      url: `http://127.0.0.1:${FAKE_STRIPE_PORT}/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: { FAKE_STRIPE_PORT: String(FAKE_STRIPE_PORT), STRIPE_WEBHOOK_SECRET },
    },
    {
      command: `node ${DIST}/server/main.js`,
      url: `http://127.0.0.1:${STRIPE_APP_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        ...serverEnv(STRIPE_APP_PORT, stripeDataDir),
        STRIPE_SECRET_KEY: "sk_test_e2e_draftsmith_fake_stripe",
        STRIPE_WEBHOOK_SECRET,
        STRIPE_API_BASE: `http://127.0.0.1:${FAKE_STRIPE_PORT}`,
      },
    },
  ],
});
