// Refreshes the README's pictures in Debian's Chromium against the built app on a throwaway
// database: docs/screenshot.png, the Results screen of a fresh draft at 1280 px, and
// docs/screenshot-phone.png, the same screen on a 390×844 phone; docs/screenshot-edit.png, the draft's
// editor open on Results; docs/screenshot-check.png, Check my text with a pasted text. Run after
// `npm run build`.
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
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
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
  // Shot once the draft's analysis is in: the panel says Complete and the cards show percentages.
  await page.getByTestId("detection-panel").getByText("Complete", { exact: true }).waitFor({ timeout: 60_000 });
  await page.screenshot({ path: "docs/screenshot.png" });

  // The same screen on a phone, in the same signed-in browser context.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByTestId("stat-cards").waitFor();
  await page.screenshot({ path: "docs/screenshot-phone.png" });

  // Edit in place: the draft's Markdown editor on Results.
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  await page.getByLabel("Edit the draft (Markdown)").waitFor();
  await page
    .getByRole("button", { name: "Dismiss", exact: false })
    .first()
    .click({ timeout: 2000 })
    .catch(() => {});
  await page.getByTestId("edit-text").evaluate((el) => el.scrollIntoView({ block: "center" }));
  await page.screenshot({ path: "docs/screenshot-edit.png" });

  // Check my text, with a writer's own paragraph pasted.
  await page.goto(`${base}/check`);
  await page.getByLabel("Title (optional)").fill("The Tuesday the kiln died");
  await page
    .getByLabel("Your text")
    .fill(
      "Our kiln died on a Tuesday, which figures. Tuesdays are when the clay shipment shows up, so the back room was already stacked with fifty-pound boxes when the relay clicked and the elements went cold.\n\nMarta swore in Portuguese for a solid minute. Then she made coffee, because that is what she does.",
    );
  await page.screenshot({ path: "docs/screenshot-check.png" });
  await browser.close();
} finally {
  server.kill("SIGTERM");
  setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 500);
}
