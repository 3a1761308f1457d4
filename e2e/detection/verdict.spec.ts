// The verdict beside the percentage on the three screens that show AI detection — the Results screen, the
// full app and the PROSE console — against the real server and its built-in detector: each shows the level
// with its reason, the stat cards and the analysis panel agree with each other and with the API's answer,
// and the percentage, the verdict and the flag count never contradict one another (likely AI needs ≥ 50 %
// and a flagged sentence; likely human needs < 50 %). Then answers of each level, one stored before
// verdicts existed and one that breaks the rule, through the components' harness.
import type { Locator, Page, Response } from "@playwright/test";
import { expect, signedInAt, test } from "../fixtures";
import { createAccount, openHarness, signIn } from "./harness";

interface ApiResult {
  success: boolean;
  aiPercentage: number;
  aiSentences: string[];
  isAiGenerated: boolean;
  verdict: { level: string; label: string; reason: string };
}

const LABELS: Record<string, string> = {
  likely_human: "Likely human",
  uncertain: "Mixed or uncertain",
  likely_ai: "Likely AI",
};

const detectResponse = (page: Page) =>
  page.waitForResponse((r) => new URL(r.url()).pathname === "/api/detect-ai" && r.request().method() === "POST", {
    timeout: 45_000,
  });

async function apiResult(response: Response): Promise<ApiResult> {
  const body = (await response.json()) as { aiDetection: ApiResult };
  return body.aiDetection;
}

const percent = async (locator: Locator) => Number(((await locator.textContent()) ?? "").replace(/[^\d.]/g, ""));

interface Shown {
  level: string;
  text: string;
  aiPercentage: number;
  flagged: number;
}

/** What the analysis panel shows: the verdict, the AI percentage and the flag count. */
async function panelShows(panel: Locator): Promise<Shown> {
  const verdict = panel.getByTestId("detection-verdict");
  await expect(verdict).toBeVisible();
  const heading = (await panel.getByRole("heading", { name: /^Flagged sentences \(\d+\)$/ }).textContent()) ?? "";
  return {
    level: (await verdict.getAttribute("data-level")) ?? "",
    text: (await verdict.textContent()) ?? "",
    aiPercentage: await percent(panel.locator("[data-stat=ai] dd")),
    flagged: Number(heading.replace(/\D/g, "")),
  };
}

/** What the stat cards show. */
async function cardsShow(cards: Locator): Promise<Shown> {
  const verdict = cards.getByTestId("detection-verdict");
  await expect(verdict).toBeVisible();
  return {
    level: (await verdict.getAttribute("data-level")) ?? "",
    text: (await verdict.textContent()) ?? "",
    aiPercentage: await percent(cards.locator("[data-stat=ai] dd").first()),
    flagged: Number(((await cards.locator("[data-stat=flagged] dd").first().textContent()) ?? "").replace(/\D/g, "")),
  };
}

/** The rule of src/shared/detection.ts (verdictConflicts), as the screen shows it. */
function expectAgreement(shown: Shown) {
  expect(Object.keys(LABELS)).toContain(shown.level);
  expect(shown.text.startsWith(LABELS[shown.level])).toBe(true);
  // A reason follows the label.
  expect(shown.text.length).toBeGreaterThan(LABELS[shown.level].length + 10);
  if (shown.level === "likely_ai") {
    expect(shown.aiPercentage).toBeGreaterThanOrEqual(50);
    expect(shown.flagged).toBeGreaterThan(0);
  }
  if (shown.level === "likely_human") expect(shown.aiPercentage).toBeLessThan(50);
}

function expectSameAsApi(shown: Shown, api: ApiResult) {
  expect(api.success).toBe(true);
  expect(shown.level).toBe(api.verdict.level);
  expect(shown.text).toContain(api.verdict.reason);
  expect(shown.aiPercentage).toBe(api.aiPercentage);
  expect(shown.flagged).toBe(api.aiSentences.length);
  expect(api.isAiGenerated).toBe(api.verdict.level === "likely_ai");
}

test("the Results screen: stat cards and analysis panel show one verdict, with its reason", async ({ page }) => {
  await signedInAt(page, "/draftsmith", "verdict-results");
  await page
    .getByLabel("Describe your blog post")
    .fill("Guide for owners of small bakeries on winning local customers with daily photos and replies to reviews.");
  const detected = detectResponse(page);
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  await expect(page).toHaveURL(/\/draftsmith\/results(\?document=[\w-]+)?$/);
  const api = await apiResult(await detected);
  const panel = page.getByTestId("detection-panel");
  await expect(panel.getByText("Complete")).toBeVisible();

  const cards = await cardsShow(page.getByTestId("stat-cards"));
  const analysis = await panelShows(panel);
  expectAgreement(cards);
  expectSameAsApi(cards, api);
  expect(analysis).toEqual(cards);
  // The AI card's note is the verdict's label, not a second opinion.
  await expect(page.getByTestId("stat-cards").locator("[data-stat=ai]")).toContainText(LABELS[api.verdict.level]);
});

test("the full app: the AI Detection Analysis panel shows the verdict with its reason", async ({ page }) => {
  await signedInAt(page, "/draftsmith/generate", "verdict-app");
  await page.getByLabel("Blog Topic/Content Type").fill("Blog post: why remote teams should write things down");
  await page.getByLabel("Target Word Count").fill("500");
  const detected = detectResponse(page);
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  const api = await apiResult(await detected);
  const panel = page.getByTestId("detection-panel");
  await expect(panel.getByText("Complete", { exact: true })).toBeVisible();
  const shown = await panelShows(panel);
  expectAgreement(shown);
  expectSameAsApi(shown, api);
});

test("the PROSE console: the analysis panel and the revise-text tool's cards show the verdict", async ({ page }) => {
  await signedInAt(page, "/prose-console", "verdict-console");
  await page.getByLabel("Define Intent").fill("Blog post: why remote teams should write things down");
  await page.getByLabel("Target Audience").fill("engineering managers");
  await page.getByLabel("Word Count").fill("500");
  const detected = detectResponse(page);
  await page.getByRole("button", { name: /Execute API Call/ }).click();
  const api = await apiResult(await detected);
  const panel = page.getByTestId("detection-panel");
  await expect(panel.getByText("Complete", { exact: true })).toBeVisible();
  const shown = await panelShows(panel);
  expectAgreement(shown);
  expectSameAsApi(shown, api);

  // Revise Existing Text: its analysis (stat cards) carries the verdict too.
  const tool = page.getByTestId("revise-text-tool");
  await tool.getByLabel("Text to revise").fill(
    "In today's fast-paced digital landscape, it is important to note that remote teams must leverage documentation " +
      "to unlock unprecedented productivity. Moreover, written decisions serve as a game-changer for distributed " +
      "collaboration, fostering seamless alignment across time zones. Furthermore, it is crucial to embrace a holistic " +
      "approach that empowers every stakeholder to navigate the ever-evolving landscape of asynchronous work. " +
      // Long enough that the revision (shorter than the original) still has the 40 words a verdict needs.
      "Our team writes each decision in a short note with the date, the people involved and the reason. " +
      "New hires read the notes in their first week and ask fewer questions in meetings. " +
      "When a choice turns out wrong, the note tells us what we knew at the time, so nobody has to guess.",
  );
  const revisedCheck = detectResponse(page);
  await tool.getByRole("button", { name: "Revise with PROSE" }).click();
  const revisedApi = await apiResult(await revisedCheck);
  const cards = await cardsShow(tool.getByTestId("stat-cards"));
  expectAgreement(cards);
  expectSameAsApi(cards, revisedApi);
});

test.describe("answers of every kind, through the components", () => {
  const ENTRY = "e2e/detection/harness/detection-harness.tsx";
  let email: string;
  test.beforeAll(async ({ browser }, info) => {
    email = await createAccount(browser, info.project.use.baseURL, "verdict-harness");
  });

  const base = {
    success: true,
    humanPercentage: 0,
    wordCount: 180,
    detector: "builtin",
    sentences: [
      {
        text: "In today's fast-paced digital landscape, it is important to note that a vibrant online presence plays a pivotal role for local bakeries.",
        start: 0,
        end: 0,
        score: 0.96,
        reasons: ["Stock AI phrase: “it is important to note”"],
      },
    ],
  };
  const flagged = [base.sentences[0].text];
  const answers: [string, Record<string, unknown>, string, RegExp][] = [
    [
      "likely AI",
      {
        aiPercentage: 93.4,
        isAiGenerated: true,
        aiSentences: flagged,
        verdict: {
          level: "likely_ai",
          label: "Likely AI",
          reason: "Reads as AI-written throughout: uniform sentence rhythm.",
        },
      },
      "likely_ai",
      /Likely AI.*uniform sentence rhythm/,
    ],
    [
      "mixed or uncertain",
      {
        aiPercentage: 88.1,
        isAiGenerated: false,
        aiSentences: [],
        verdict: {
          level: "uncertain",
          label: "Mixed or uncertain",
          reason: "Formal writing such as legal or academic text is often scored higher.",
        },
      },
      "uncertain",
      /Mixed or uncertain.*Formal writing/,
    ],
    [
      "likely human",
      {
        aiPercentage: 8.2,
        isAiGenerated: false,
        aiSentences: [],
        verdict: { level: "likely_human", label: "Likely human", reason: "Few signs of AI writing." },
      },
      "likely_human",
      /Likely human.*Few signs of AI writing/,
    ],
    [
      "stored before verdicts existed",
      { aiPercentage: 87.5, isAiGenerated: true, aiSentences: flagged },
      "likely_ai",
      /Likely AI/,
    ],
    [
      "that breaks the rule (likely human at 85 % with a flag)",
      {
        aiPercentage: 85,
        isAiGenerated: true,
        aiSentences: flagged,
        verdict: { level: "likely_human", label: "Likely human", reason: "Few signs of AI writing." },
      },
      "uncertain",
      /Mixed or uncertain/,
    ],
  ];

  for (const [name, answer, level, text] of answers) {
    test(`an answer ${name} shows "${LABELS[level]}" on the cards and in the panel alike`, async ({ page }) => {
      await signIn(page, email);
      await openHarness(page, "detection", ENTRY);
      const aiPercentage = answer.aiPercentage as number;
      await page.route("**/api/detect-ai", (route) =>
        route.fulfill({
          json: { aiDetection: { ...base, ...answer, humanPercentage: 100 - aiPercentage }, creditsUsed: 1 },
        }),
      );
      await page.getByRole("button", { name: "Analyze AI content" }).click();
      const panel = page.getByTestId("detection-panel");
      await expect(panel.getByText("Complete")).toBeVisible();
      const cards = await cardsShow(page.getByTestId("stat-cards"));
      const analysis = await panelShows(panel);
      expect(cards.level).toBe(level);
      expect(cards.text).toMatch(text);
      expect(analysis).toEqual(cards);
      expectAgreement(cards);
    });
  }
});
