// Refreshes docs/screenshot.png (the README's picture): the Results screen of a fresh draft, in
// Debian's Chromium against the built app on a throwaway database. Run after `npm run build`.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";

const port = 5400 + Math.floor(Math.random() * 400);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), "draftsmith-shot-"));
const server = spawn("node", ["dist/server/main.js"], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: "production", LOG_LEVEL: "warn" },
  stdio: "inherit",
});
try {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox"],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  await page.goto(base);
  await page.request.post(`${base}/api/auth/sign-up/email`, {
    data: { email: "maya@example.com", password: "screenshot-pass-1" },
    headers: { Origin: base },
  });
  await page.goto(`${base}/draftsmith`);
  await page
    .getByRole("button", { name: /^Generate/ })
    .first()
    .click();
  await page.waitForURL(/results/);
  await page.getByRole("tab", { name: /Draft/ }).waitFor({ timeout: 30_000 });
  await page.waitForTimeout(2500);
  await page.screenshot({ path: "docs/screenshot.png" });
  await browser.close();
} finally {
  server.kill("SIGTERM");
  setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 500);
}
