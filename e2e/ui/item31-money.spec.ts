// Issue 31, items 1, 3 and 10: paid SEO work survives a reload (the report, meta fields and platform come
// back on Results and in the full app), Documents shows the last checked figure, and checking unchanged
// text again is free and says so.
import type { Page } from "@playwright/test";
import { toastWith } from "../detection/harness";
import { expect, signedInAt, test } from "../fixtures";

async function balance(page: Page): Promise<number> {
  const res = await page.request.get("/api/billing/credits");
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { availableCredits: number }).availableCredits;
}

async function draftOnResults(page: Page, prefix: string): Promise<string> {
  await signedInAt(page, "/draftsmith", prefix);
  await page
    .getByLabel("Describe your blog post")
    .fill("How-to guide for small bakeries on getting more local customers from Google Business Profile.");
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Your draft" })).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveURL(/\/draftsmith\/results\?document=[\w-]+$/);
  return new URL(page.url()).searchParams.get("document") ?? "";
}

test("the SEO report, meta fields and platform survive a reload on Results and in the full app", async ({ page }) => {
  test.setTimeout(180_000);
  const documentId = await draftOnResults(page, "seokept");
  const panel = page.getByTestId("seo-panel");
  await panel.getByLabel("Platform").selectOption("shopify");
  await panel.getByRole("button", { name: "Generate SEO-Optimized HTML" }).click();
  await expect(panel.getByRole("heading", { name: "Shopify HTML" })).toBeVisible({ timeout: 30_000 });
  const score = await panel.getByTestId("seo-score").textContent();
  expect(score).toMatch(/SEO score \d+\/100/);
  const slug = panel.getByText(/^[a-z0-9]+(-[a-z0-9]+)+$/).first();
  const slugText = await slug.textContent();

  const before = await balance(page);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Your draft" })).toBeVisible({ timeout: 30_000 });
  const again = page.getByTestId("seo-panel");
  await expect(again.getByRole("heading", { name: "Shopify HTML" })).toBeVisible();
  await expect(again.getByLabel("Platform")).toHaveValue("shopify");
  await expect(again.getByTestId("seo-score")).toHaveText(score ?? "");
  await expect(again.getByText(slugText ?? "", { exact: true }).first()).toBeVisible();
  await expect(again.getByTestId("seo-output-elsewhere")).toBeVisible();
  await expect(page.getByRole("tab", { name: "SEO HTML" })).toBeEnabled();

  // The full app reopens the same document with the same report.
  await page.goto(`/draftsmith/generate?document=${documentId}`);
  const full = page.getByTestId("seo-panel");
  await expect(full.getByRole("heading", { name: "Shopify HTML" })).toBeVisible({ timeout: 30_000 });
  await expect(full.getByLabel("Platform")).toHaveValue("shopify");
  await expect(full.getByTestId("seo-score")).toHaveText(score ?? "");
  // Reopening cost nothing.
  expect(await balance(page)).toBe(before);

  // Item 10: Documents shows the draft's figure, though the latest version is the SEO HTML made from it.
  await page.goto("/documents");
  const listed = page.getByTestId("document-ai-score").first();
  await expect(listed).toContainText(/\d+(\.\d)?\s?% AI/);
  await expect(listed).toContainText("on the draft");

  // Item 8: the draft against the Shopify HTML made from it compares words, not markup.
  await page.goto(`/documents/${documentId}`);
  await page.getByLabel("From", { exact: true }).selectOption({ index: 0 });
  await page.getByLabel("To", { exact: true }).selectOption({ index: 1 });
  const summary = page.getByTestId("diff-summary");
  await expect(summary).toBeVisible();
  const text = (await summary.textContent()) ?? "";
  const counted = /^([\d,]+) of ([\d,]+) sentences? changed/.exec(text);
  if (counted) expect(Number(counted[1]?.replace(/,/g, ""))).toBeLessThanOrEqual(Number(counted[2]?.replace(/,/g, "")));
  else expect(text).toBe("No differences: the two versions have the same text.");
  await expect(page.getByTestId("diff")).not.toContainText("<h2");
  await expect(page.getByTestId("diff")).not.toContainText("##");
});

test("checking unchanged text again answers from the last check, free, and says so; one word count everywhere", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const documentId = await draftOnResults(page, "recheck");
  const stats = page.getByTestId("stat-cards");
  // The automatic check after the draft has answered (the card shows its figure, not "—").
  await expect(stats.locator('[data-stat="ai"] dd').first()).toHaveText(/%/, { timeout: 60_000 });
  const figure = await stats.locator('[data-stat="ai"] dd').first().textContent();
  const before = await balance(page);

  const checked = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/detect-ai");
  await page.getByRole("button", { name: "Analyze AI content" }).first().click();
  const answer = (await (await checked).json()) as { creditsUsed: number; cached?: boolean };
  expect(answer).toMatchObject({ creditsUsed: 0, cached: true });
  await expect(toastWith(page, "Checked before")).toBeVisible();
  await expect(stats.locator('[data-stat="ai"] dd').first()).toHaveText(figure ?? "");
  expect(await balance(page)).toBe(before);

  // Item 6: one counter — Results, the full app's draft line and its analysis say the same number.
  const words = (await stats.locator('[data-stat="words"] dd').first().textContent())?.trim() ?? "";
  expect(words).toMatch(/^[\d,]+$/);
  await page.goto(`/draftsmith/generate?document=${documentId}`);
  await expect(page.getByText(`${words} words`).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-stat="words"]').first()).toContainText(words);
});

test("Usage and 'How Credits Work' agree: fixed prices say so, free rows are not red", async ({ page }) => {
  await signedInAt(page, "/billing", "pricing");
  const origin = new URL(page.url()).origin;
  const drafted = await page.request.post("/api/execute", {
    headers: { Origin: origin },
    data: {
      currentDate: "2026-11-28",
      contentType: "A guide to pricing sourdough at a market stall",
      aiProvider: "openai",
    },
  });
  expect(drafted.status()).toBe(200);
  const text = `${"We price each loaf from its flour, its hours and the stall's rent, then round up to the next half. ".repeat(6)}`;
  const checked = await page.request.post("/api/detect-ai", { headers: { Origin: origin }, data: { text } });
  expect(checked.status()).toBe(200);

  const how = page.getByRole("region", { name: "How Credits Work" });
  await expect(how).toContainText("AI detection and SEO HTML have a fixed price");
  await expect(how.getByText("AI detection (fixed price)")).toBeVisible();

  await page.getByRole("tab", { name: "Usage History" }).click();
  const rows = page.getByRole("table").getByRole("row");
  const detection = rows.filter({ hasText: "Fixed price" }).first();
  await expect(detection).toBeVisible();
  await expect(detection.getByRole("cell").last()).toHaveText("1");
  const free = rows.filter({ hasText: "Free" }).first();
  await expect(free).toBeVisible();
  await expect(free.getByRole("cell").last()).not.toHaveClass(/text-red/);
});

test("Results lets the user set the focus keyphrase, shows the guess as a suggestion, and the score's word follows its checks", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await draftOnResults(page, "keyphrase");
  const panel = page.getByTestId("seo-panel");
  const field = panel.getByLabel("Focus keyphrase (optional)");
  await expect(field).toHaveValue("");
  await panel.getByRole("button", { name: "Generate SEO-Optimized HTML" }).click();
  const suggestion = panel.getByTestId("keyphrase-suggestion");
  await expect(suggestion).toContainText("guessed from the title", { timeout: 30_000 });
  const guessed = /“(.+)”/.exec((await suggestion.textContent()) ?? "")?.[1] ?? "";
  expect(guessed.length).toBeGreaterThan(0);
  await suggestion.getByRole("button", { name: "Use it as the focus keyphrase" }).click();
  await expect(field).toHaveValue(guessed);
  await expect(suggestion).toHaveCount(0);

  await field.fill("google business profile");
  const sent = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/seo-produce-code");
  await panel.getByRole("button", { name: "Generate SEO-Optimized HTML" }).click();
  expect((await sent).postDataJSON()).toMatchObject({ keyphrase: "google business profile" });
  await expect(panel.getByText("google business profile", { exact: true }).first()).toBeVisible({ timeout: 30_000 });

  // A report with a problem is never called "Good", whatever its score.
  const problems = await panel.getByTestId("seo-report").locator('li[data-status="bad"]').count();
  if (problems > 0) await expect(panel.getByTestId("seo-score")).not.toContainText("(Good)");
});
