// Issue 25's loop on the three screens that show AI detection — the Results screen, the full app and the
// PROSE console: a draft written by the offline sample writer (it plants the habits chat models have, see
// src/server/writing/offline/habits.ts) is checked by the real built-in detector, which flags sentences and
// says why; Revise Content rewrites the flagged sentences; the revised draft is checked again and scores
// lower. Each check is read from the API's own answer and from what the screen shows.
import type { Locator, Page, Response } from "@playwright/test";
import { expect, signedInAt, test } from "../fixtures";

interface ApiSentence {
  text: string;
  score: number;
  reasons: string[];
}
interface ApiResult {
  success: boolean;
  aiPercentage: number;
  aiSentences: string[];
  sentences: ApiSentence[];
  verdict: { level: string; label: string; reason: string };
}

const detectResponse = (page: Page) =>
  page.waitForResponse((r) => new URL(r.url()).pathname === "/api/detect-ai" && r.request().method() === "POST", {
    timeout: 60_000,
  });

async function apiResult(response: Response): Promise<ApiResult> {
  expect(response.status()).toBe(200);
  return ((await response.json()) as { aiDetection: ApiResult }).aiDetection;
}

/** The draft's check: sentences flagged, each with a reason of its own; the verdict with its reason. */
function expectFlaggedWithReasons(result: ApiResult) {
  expect(result.success).toBe(true);
  expect(result.aiSentences.length).toBeGreaterThan(0);
  for (const flagged of result.aiSentences) {
    const sentence = result.sentences.find((s) => s.text === flagged);
    expect(sentence, flagged).toBeDefined();
    expect(sentence?.reasons.length, flagged).toBeGreaterThan(0);
  }
  expect(result.verdict.reason.length).toBeGreaterThan(10);
}

/** The panel shows the verdict's reason and the flagged sentences the API returned. */
async function expectPanelShows(panel: Locator, result: ApiResult) {
  await expect(panel.getByTestId("detection-verdict")).toContainText(result.verdict.reason);
  await expect(panel.getByRole("heading", { name: `Flagged sentences (${result.aiSentences.length})` })).toBeVisible();
  await expect(panel.getByTestId("flagged-sentences")).toContainText(result.aiSentences[0].replace(/\*\*/g, ""));
}

/** The highlight view: a flagged sentence, focused, shows one of its reasons in the tooltip. */
async function expectReasonOnFocus(page: Page, draft: Locator, result: ApiResult) {
  const mark = draft.locator("mark[data-flagged][tabindex='0']").first();
  await mark.focus();
  const tooltip = page.getByRole("tooltip");
  await expect(tooltip).toContainText("Flagged as AI");
  const focused = (await mark.textContent()) ?? "";
  const sentence = result.sentences.find((s) => result.aiSentences.includes(s.text) && s.text.includes(focused.trim()));
  const reasons = sentence?.reasons ?? result.sentences.filter((s) => result.aiSentences.includes(s.text))[0].reasons;
  // The tooltip shows the reason in words (quotation marks and all).
  await expect(tooltip).toContainText(reasons[0].split(":")[0]);
}

/** The improvement summary shows the two percentages of the API's answers, and that the score went down. */
async function expectLowerScore(summary: Locator, before: ApiResult, after: ApiResult) {
  expect(after.success).toBe(true);
  expect(after.aiPercentage).toBeLessThan(before.aiPercentage);
  await expect(summary).not.toContainText("analyzing", { timeout: 30_000 });
  await expect(summary).toContainText(`${before.aiPercentage}%`);
  await expect(summary).toContainText(`${after.aiPercentage}%`);
  await expect(summary).toContainText(/down [\d.]+ points?/);
}

test("Results: a model-written draft flagged with reasons → Revise Content → checked again, lower", async ({
  page,
}) => {
  await signedInAt(page, "/draftsmith", "loop-results");
  await page
    .getByLabel("Describe your blog post")
    .fill("Guide for owners of small bakeries on winning local customers with daily photos and replies to reviews.");
  const first = detectResponse(page);
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  const before = await apiResult(await first);
  expectFlaggedWithReasons(before);

  const panel = page.getByTestId("detection-panel");
  await expect(panel.getByText("Complete")).toBeVisible();
  await expectPanelShows(panel, before);
  await expectReasonOnFocus(page, page.getByTestId("highlighted-draft"), before);

  const second = detectResponse(page);
  await panel.getByRole("button", { name: "Revise Content" }).click();
  const after = await apiResult(await second);
  await expectLowerScore(page.getByTestId("improvement-summary"), before, after);
});

test("full app: a model-written draft flagged with reasons → Revise Content → checked again, lower", async ({
  page,
}) => {
  await signedInAt(page, "/draftsmith/generate", "loop-app");
  await page.getByLabel("Blog Topic/Content Type").fill("Blog post: why remote teams should write things down");
  await page.getByLabel("Target Word Count").fill("500");
  const first = detectResponse(page);
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  const before = await apiResult(await first);
  expectFlaggedWithReasons(before);

  const panel = page.getByTestId("detection-panel").first();
  await expect(panel.getByText("Complete", { exact: true })).toBeVisible();
  await expectPanelShows(panel, before);

  const second = detectResponse(page);
  await panel.getByRole("button", { name: "Revise Content" }).click();
  const after = await apiResult(await second);
  const revised = page.getByRole("region", { name: "Revised draft", exact: true });
  await expectLowerScore(revised.getByTestId("improvement-summary"), before, after);
});

test("console: a model-written draft flagged with reasons → Revise Content → checked again, lower", async ({
  page,
}) => {
  await signedInAt(page, "/prose-console", "loop-console");
  await page.getByLabel("Define Intent").fill("Blog post: why remote teams should write things down");
  await page.getByLabel("Target Audience").fill("engineering managers");
  await page.getByLabel("Word Count").fill("500");
  const first = detectResponse(page);
  await page.getByRole("button", { name: /Execute API Call/ }).click();
  const before = await apiResult(await first);
  expectFlaggedWithReasons(before);

  const panel = page.getByTestId("detection-panel");
  await expect(panel.getByText("Complete", { exact: true })).toBeVisible();
  await expectPanelShows(panel, before);
  await expectReasonOnFocus(page, page.getByTestId("blog-post-preview").getByTestId("highlighted-draft"), before);

  const second = detectResponse(page);
  await panel.getByRole("button", { name: "Revise Content" }).click();
  const after = await apiResult(await second);
  await expectLowerScore(page.getByTestId("revised-content-preview").getByTestId("improvement-summary"), before, after);
});
