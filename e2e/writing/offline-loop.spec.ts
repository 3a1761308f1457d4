// The product with no model keys (issue 11): the whole loop — draft, detect, final rewrite, detect,
// SEO — on the Results screen and in the full app, where only detection and SEO HTML cost credits,
// the writing is labelled and recorded as the offline sample writer, and the final version has fewer
// flagged sentences than the draft by the real built-in detector. Then a server started with
// OFFLINE_WRITER=off: the screens say no model is configured and writing answers 503.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { expect, flaggedBeforeAfter, OFFLINE_NOTE, PASSWORD, signedInAt, test, uniqueEmail } from "../fixtures";

const OFFLINE_LABEL = "Offline sample writer";
const WRITING_ENDPOINTS = ["/api/execute", "/api/final-rewrite", "/api/revise-text", "/api/seo-revise-text"];

interface UsageRow {
  endpoint: string;
  aiProvider: string | null;
  creditsUsed: number;
  requestTokens: number;
  responseTokens: number;
}

/** `base`: another server than the suite's own (the OFFLINE_WRITER=off one). */
async function balance(page: Page, base = ""): Promise<number> {
  const res = await page.request.get(`${base}/api/billing/credits`);
  return ((await res.json()) as { availableCredits: number }).availableCredits;
}

async function usage(page: Page, base = ""): Promise<UsageRow[]> {
  const res = await page.request.get(`${base}/api/billing/usage?limit=20`);
  return ((await res.json()) as { usage: UsageRow[] }).usage;
}

/** Writing was free and said so; what the loop cost is exactly what detection and SEO HTML charged. */
async function expectOnlyDetectionAndSeoCharged(page: Page, spent: number) {
  const rows = await usage(page);
  const writing = rows.filter((r) => WRITING_ENDPOINTS.includes(r.endpoint));
  expect(writing.map((r) => r.endpoint).sort()).toEqual(["/api/execute", "/api/final-rewrite"]);
  for (const r of writing)
    expect(r).toMatchObject({ aiProvider: "offline", creditsUsed: 0, requestTokens: 0, responseTokens: 0 });
  const detections = rows.filter((r) => r.endpoint === "/api/detect-ai");
  expect(detections).toHaveLength(2);
  const seo = rows.filter((r) => r.endpoint === "/api/seo-produce-code");
  expect(seo).toHaveLength(1);
  const paid = [...detections, ...seo].reduce((sum, r) => sum + r.creditsUsed, 0);
  expect(paid).toBeGreaterThan(0);
  expect(spent).toBe(paid);
}

/** The flagged-sentence count in the detection panel (a few, for the sample drafts). */
async function flaggedIn(panel: Locator): Promise<number> {
  const heading = panel.getByText(/^Flagged sentences \(\d+\)$/);
  await expect(heading).toBeVisible({ timeout: 30_000 });
  const flagged = Number((await heading.textContent())?.match(/\d+/)?.[0]);
  expect(flagged).toBeGreaterThanOrEqual(2);
  return flagged;
}

/** The final version's summary: the draft's count before, fewer after. */
async function expectFewerFlagged(summary: Locator, flagged: number) {
  const [draftFlags, finalFlags] = await flaggedBeforeAfter(summary);
  expect(draftFlags).toBe(flagged);
  expect(finalFlags).toBeLessThan(draftFlags);
}

/** SEO HTML from the panel's button, then the bill: only detection and SEO, writing labelled offline. */
async function finishWithSeoHtml(page: Page, button: string, before: number) {
  const seo = page.getByTestId("seo-panel");
  await seo.getByRole("button", { name: button }).click();
  // The full app shows the code in its panel; the Results screen shows it once, in its SEO HTML tab.
  const code = seo.getByTestId("seo-html").or(page.getByTestId("seo-html-tab-code")).first();
  await expect(code).toHaveValue(/wp:paragraph/, { timeout: 20_000 });
  await expect.poll(() => usage(page).then((rows) => rows.length)).toBe(5);
  await expectOnlyDetectionAndSeoCharged(page, before - (await balance(page)));
  await expectUsageHistoryLabelled(page);
}

/** Usage History names the offline sample writer on the free rows. */
async function expectUsageHistoryLabelled(page: Page) {
  await page.goto("/billing");
  await page.getByRole("tab", { name: "Usage History" }).click();
  const rows = page.getByRole("row").filter({ hasText: OFFLINE_LABEL });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "Draft generation" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "Final rewrite" })).toHaveCount(1);
  // Free rows say so (issue 31), not a 0 in the charged colour.
  for (const row of await rows.all()) await expect(row.getByRole("cell").last()).toHaveText("Free");
}

test.describe("no model keys: the offline sample writer", () => {
  test("Results screen: draft → detect → final version → detect → SEO HTML, paying only detection and SEO", async ({
    page,
  }) => {
    await signedInAt(page, "/draftsmith", "offline-results");
    // Before anything runs, the home screen says who will write: the free sample writer, not a model.
    await expect(page.getByTestId("model-notice")).toContainText("the offline sample writer answers instead");
    await expect(page.getByTestId("model-notice")).toContainText("free (0 credits)");
    const before = await balance(page);

    // The default prompt, as a newcomer would send it.
    await page.getByRole("button", { name: "Generate", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Your draft" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("writer-note").first()).toHaveText(OFFLINE_NOTE);
    const flagged = await flaggedIn(page.getByTestId("detection-panel"));

    await page.getByRole("button", { name: "Generate final version" }).click();
    await expect(page.getByRole("heading", { name: "Final version", exact: true })).toBeVisible();
    await expect(page.getByTestId("writer-note").first()).toHaveText(OFFLINE_NOTE);
    await expectFewerFlagged(page.getByTestId("improvement-summary"), flagged);

    await finishWithSeoHtml(page, "Generate SEO-Optimized HTML", before);
  });

  test("full app: generate → detect → Final Rewrite → detect → SEO HTML, paying only detection and SEO", async ({
    page,
  }) => {
    await signedInAt(page, "/draftsmith/generate", "offline-app");
    await expect(page.getByTestId("model-notice")).toContainText("offline sample writer");
    const before = await balance(page);

    await page.getByRole("button", { name: "Generate", exact: true }).click();
    await expect(page.getByText(OFFLINE_NOTE).first()).toBeVisible({ timeout: 30_000 });
    const detection = page.getByTestId("detection-panel").first();
    const flagged = await flaggedIn(detection);

    await detection.getByRole("button", { name: "Final Rewrite" }).click();
    const analysis = page.getByRole("region", { name: "AI analysis of the final rewrite" });
    await expectFewerFlagged(analysis.getByTestId("improvement-summary"), flagged);

    // Request History names the writer plainly.
    const history = page.getByTestId("request-history");
    await expect(history.getByRole("listitem")).toHaveCount(2);
    for (const item of await history.getByRole("listitem").all()) await expect(item).toContainText(OFFLINE_LABEL);

    await finishWithSeoHtml(page, "Produce SEO HTML Code", before);
  });
});

/** The built app on a port of its own choosing, with OFFLINE_WRITER=off and a fresh database. */
async function startServerWithoutWriter(): Promise<{ base: string; stop: () => void }> {
  const dataDir = mkdtempSync(join(tmpdir(), "draftsmith-e2e-nowriter-"));
  const child: ChildProcess = spawn(process.execPath, [`${process.env.DIST_DIR ?? "dist"}/server/main.js`], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      OFFLINE_WRITER: "off",
      OPENAI_API_KEY: "",
      ANTHROPIC_API_KEY: "",
      SIGN_UPS_PER_MINUTE: "1000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stop = () => {
    child.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  };
  const port = await new Promise<number>((resolve, reject) => {
    let log = "";
    // A generous ceiling, as for the suite's own servers (playwright.config.ts): a start takes seconds
    // on a quiet machine and can take a minute or more on a busy one.
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${log}`)), 180_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      log += chunk.toString();
      const m = log.match(/"event":"server\.listening"[^\n]*"port":(\d+)/);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      log += chunk.toString();
    });
    child.once("exit", (code) => reject(new Error(`the server exited (${code}):\n${log}`)));
  }).catch((err) => {
    stop();
    throw err;
  });
  return { base: `http://127.0.0.1:${port}`, stop };
}

test.describe("OFFLINE_WRITER=off and no model key", () => {
  let server: { base: string; stop: () => void };
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    server = await startServerWithoutWriter();
  });
  test.afterAll(() => server?.stop());

  test("the screens say no model is configured, and writing answers 503 with that message", async ({ page }) => {
    const { base } = server;
    await page.goto(`${base}/draftsmith`);
    const signUp = await page.request.post(`${base}/api/auth/sign-up/email`, {
      data: { email: uniqueEmail("nowriter"), password: PASSWORD },
      headers: { Origin: base },
    });
    expect(signUp.status(), await signUp.text()).toBe(200);
    await page.reload();
    const notice = page.getByRole("alert").filter({ hasText: "No model is configured on this server" });
    await expect(notice).toBeVisible();

    // Trying anyway: the server's 503 reaches the user in words, and nothing is charged.
    const before = await balance(page, base);
    await page.getByRole("button", { name: "Generate", exact: true }).click();
    await expect(page.getByRole("region", { name: /Notifications/ })).toContainText(
      "No model is configured on this server",
    );
    await expect(page).toHaveURL(/\/draftsmith$/);
    expect(await balance(page, base)).toBe(before);
    expect(await usage(page, base)).toEqual([]);

    for (const path of ["/draftsmith/generate", "/prose-console"]) {
      await page.goto(`${base}${path}`);
      await expect(page.getByRole("alert").filter({ hasText: "No model is configured on this server" })).toBeVisible();
    }
  });
});
