// The detection components in a browser, against the real server and its built-in detector, through
// the test-only harness (./harness.ts) until the writing screens embed them: stat cards, the panel
// (click a flagged sentence to copy it, Copy AI Text, clipboard failure), the highlight view (hover
// and keyboard focus show the reasons), Revise Content → re-detection → before/after, the
// 'AI Detection Unavailable' warning, the Insufficient Credits dialog, 1 credit per check, axe.
import { expect, expectNoSeriousA11yViolations, type Page, test } from "../fixtures";
import { availableCredits, createAccount, openHarness, signIn, toastWith } from "./harness";

const ENTRY = "e2e/detection/harness/detection-harness.tsx";
let email: string;

test.beforeAll(async ({ browser }, info) => {
  email = await createAccount(browser, info.project.use.baseURL, "detect");
});

async function analysed(page: Page) {
  await signIn(page, email);
  await openHarness(page, "detection", ENTRY);
  await expect(page.getByTestId("detection-panel")).toContainText("Run AI detection");
  const before = await availableCredits(page.request);
  await page.getByRole("button", { name: "Analyze AI content" }).click();
  await expect(page.getByTestId("detection-panel").getByText("Complete")).toBeVisible();
  return before;
}

test("a check fills the stat cards, the panel and the highlight view, for 1 credit", async ({ page }) => {
  const before = await analysed(page);
  const cards = page.getByTestId("stat-cards");
  await expect(cards.getByRole("definition").first()).toHaveText(/\d+(\.\d)?%/);
  await expect(cards).toContainText("Human-like");
  await expect(cards.locator('[data-stat="words"]')).toContainText("Words");
  const flaggedCount = await page.getByTestId("flagged-sentences").getByRole("listitem").count();
  expect(flaggedCount).toBeGreaterThan(0);
  await expect(page.getByRole("heading", { name: `Flagged sentences (${flaggedCount})` })).toBeVisible();
  // The highlight view: the draft itself, headings rendered, markdown markers gone, flagged marks tinted.
  const draft = page.getByTestId("highlighted-draft");
  await expect(draft.getByRole("heading", { name: "Why small bakeries should post daily photos" })).toBeVisible();
  await expect(draft).not.toContainText("**");
  await expect(draft.locator("mark[data-flagged]")).not.toHaveCount(0);
  expect(before - (await availableCredits(page.request))).toBe(1);
});

test("hover or keyboard focus on a sentence shows its score and reasons", async ({ page }) => {
  await analysed(page);
  const draft = page.getByTestId("highlighted-draft");
  const flagged = draft.locator("mark[data-flagged][tabindex]").filter({ hasText: "pivotal role" });
  await flagged.hover();
  const tip = page.getByRole("tooltip");
  await expect(tip).toBeVisible();
  await expect(tip).toContainText("Flagged as AI");
  await expect(tip).toContainText(/AI likelihood \d/);
  await expect(tip).toContainText(/Stock AI phrase|AI vocabulary/);
  await page.mouse.move(0, 0);
  await expect(tip).toBeHidden();

  // Keyboard: one tab stop into the draft (the first flagged sentence), arrows move, Escape hides.
  await page.getByRole("button", { name: "Analyze AI content" }).focus();
  await page.keyboard.press("Tab");
  const focused = page.locator("mark:focus");
  await expect(focused).toHaveAttribute("data-flagged", "true");
  await expect(tip).toBeVisible();
  await expect(focused).toHaveAttribute("aria-describedby", (await tip.getAttribute("id")) ?? "");
  const first = await focused.getAttribute("data-sentence");
  await page.keyboard.press("ArrowRight");
  await expect(page.locator("mark:focus")).not.toHaveAttribute("data-sentence", first ?? "");
  await expect(tip).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(tip).toBeHidden();
  // Tab leaves the draft in one step (roving tabindex), into the panel.
  await page.keyboard.press("Tab");
  await expect(page.locator("mark:focus")).toHaveCount(0);
});

test("click a flagged sentence to copy it; Copy AI Text; a refused clipboard says so", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await analysed(page);
  const items = page.getByTestId("flagged-sentences").getByRole("button");
  const firstText = ((await items.first().textContent()) ?? "").replace(/^Copy: /, "");
  await items.first().click();
  await expect(toastWith(page, "Copied")).toBeVisible();
  // The list shows inline markdown as text; the copy is the sentence verbatim, as it stands in the draft.
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(await page.getByLabel("Draft", { exact: true }).inputValue()).toContain(copied);
  expect(copied.replace(/\*\*/g, "")).toBe(firstText);

  await page.getByRole("button", { name: "Copy AI Text" }).click();
  const all = await page.evaluate(() => navigator.clipboard.readText());
  expect(all.split("\n")[0]).toBe(copied);
  expect(all.split("\n").length).toBe(await items.count());

  await page.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new Error("denied"));
  });
  await items.first().click();
  await expect(toastWith(page, "Error")).toContainText("Failed to copy AI sentences");
});

test("Revise Content → re-detection shows the improvement before → after", async ({ page }) => {
  await analysed(page);
  const beforeFlagged = await page.getByTestId("flagged-sentences").getByRole("listitem").count();
  const credits = await availableCredits(page.request);
  await page.getByRole("button", { name: "Revise Content" }).click();
  const summary = page.getByTestId("improvement-summary");
  await expect(summary).toBeVisible();
  await expect(summary).not.toContainText("analyzing");
  await expect(summary).toContainText(new RegExp(`Flagged sentences\\s*${beforeFlagged}\\s*to`));
  await expect(summary).toContainText(/down \d/);
  expect(credits - (await availableCredits(page.request))).toBe(1);
});

test("a text too short to judge: 'AI Detection Unavailable', nothing charged", async ({ page }) => {
  await signIn(page, email);
  await openHarness(page, "detection", ENTRY);
  const before = await availableCredits(page.request);
  await page.getByLabel("Draft", { exact: true }).fill("Too short. Really short.");
  await page.getByRole("button", { name: "Analyze AI content" }).click();
  await expect(toastWith(page, "AI Detection Unavailable")).toContainText(/too short/i);
  await expect(page.getByTestId("detection-panel")).toContainText("AI Detection Unavailable");
  await expect(page.getByTestId("stat-cards")).toContainText("Detection unavailable");
  expect(await availableCredits(page.request)).toBe(before);
});

test("a failed call toasts 'AI Detection Failed'; a 402 opens the Insufficient Credits dialog", async ({ page }) => {
  await signIn(page, email);
  await openHarness(page, "detection", ENTRY);
  let answer: { status: number; json: unknown } = {
    status: 500,
    json: { error: "Something went wrong on our side.", code: "INTERNAL" },
  };
  await page.route("**/api/detect-ai", (route) => route.fulfill(answer));
  await page.getByRole("button", { name: "Analyze AI content" }).click();
  await expect(toastWith(page, "AI Detection Failed")).toContainText("Something went wrong on our side.");

  answer = {
    status: 402,
    json: {
      error: "Insufficient credits: this needs 1 credits and you have 0 available.",
      code: "INSUFFICIENT_CREDITS",
      required: 1,
      available: 0,
    },
  };
  await page.getByRole("button", { name: "Analyze AI content" }).click();
  await expect(page.getByRole("dialog")).toContainText("Insufficient Credits");
});

for (const width of [375, 1280]) {
  test(`no serious accessibility violations at ${width} px, no sideways scrolling`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await analysed(page);
    await page.getByTestId("highlighted-draft").locator("mark[data-flagged][tabindex]").first().hover();
    await expect(page.getByRole("tooltip")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}
