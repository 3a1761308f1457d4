// The full generation app (/draftsmith/generate, spec §2, §4, §5, §8) on the offline writer and the
// built-in detector: generate → auto-detection → revise → final rewrite → code version → SEO HTML,
// the request history and reset; the cost gate opening the Insufficient Credits dialog; the
// session-expired path; axe.
import type { Page } from "@playwright/test";
import {
  expect,
  expectNoSeriousA11yViolations,
  OFFLINE_NOTE,
  signedInAt,
  signUpViaApi,
  spendCreditsBelow,
  test,
  uniqueEmail,
} from "../fixtures";

const BRIEF = "Blog post: why remote teams should write things down";

async function signedInApp(page: Page, prefix = "app") {
  await signedInAt(page, "/draftsmith/generate", prefix);
  await expect(page.getByTestId("header-credits")).toContainText(/\d/);
}

const toast = (page: Page) => page.getByRole("region", { name: /Notifications/ });
const generateButton = (page: Page) => page.getByRole("button", { name: "Generate", exact: true });
/** The status badge in an accordion panel's header. */
const panelStatus = (page: Page, title: string) =>
  page.getByRole("button", { name: new RegExp(`^${title}`) }).locator("[data-status]");

test.describe("full generation app", () => {
  test("generate → detection → revise → final rewrite → code → SEO HTML, history, reset", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signedInApp(page, "flow");

    await expect(page.getByRole("heading", { level: 1, name: "Full Generation App" })).toBeVisible();
    await expect(page.getByTestId("model-badge")).toHaveText("Model: GPT-5");
    await expect(page.getByTestId("style-badge")).toHaveText("Style: PROSE 2");
    await expect(page.getByRole("link", { name: "PROSE console" }).last()).toHaveAttribute("href", "/prose-console");
    for (const title of ["Original Draft", "AI Detection Analysis", "Final Optimized Draft", "Code Version"])
      await expect(panelStatus(page, title)).toHaveText("Pending");
    await expect(page.getByText("No requests yet")).toBeVisible();
    await expect(page.getByTestId("seo-panel")).toBeHidden();

    // The badges follow the form.
    await page.getByLabel("AI Model").selectOption("anthropic");
    await expect(page.getByTestId("model-badge")).toHaveText("Model: Claude Sonnet 4");
    await page.getByLabel("Writing Style").selectOption("original");
    await expect(page.getByTestId("style-badge")).toHaveText("Style: PROSE original");
    await page.getByLabel("AI Model").selectOption("openai");
    await page.getByLabel("Writing Style").selectOption("prose2");

    // The placeholders of the other tabs.
    await page.getByRole("tab", { name: "Advanced" }).click();
    await expect(page.getByText("Advanced settings are coming.")).toBeVisible();
    await page.getByRole("tab", { name: "SEO Settings" }).click();
    await expect(page.getByText("SEO settings are coming.")).toBeVisible();
    await page.getByRole("tab", { name: "Content" }).click();

    // Validation (spec §5) under the field.
    await page.getByLabel("Blog Topic/Content Type").fill("");
    await generateButton(page).click();
    await expect(page.getByText("Content type is required")).toBeVisible();

    await page.getByLabel("Blog Topic/Content Type").fill(BRIEF);
    await page.getByLabel("Target Word Count").fill("500");
    await page.getByLabel("Target Audience").fill("engineering managers");
    await page.getByLabel("SEO Keywords").fill("remote documentation, async writing");
    const streamed = page.waitForRequest(
      (r) => r.url().endsWith("/api/execute") && r.headers().accept === "text/event-stream",
    );
    await generateButton(page).click();
    const body = (await streamed).postDataJSON() as Record<string, string>;
    expect(body).toMatchObject({ contentType: BRIEF, writingStyle: "prose2", aiProvider: "openai" });

    // The draft, then its analysis by itself.
    await expect(panelStatus(page, "Original Draft")).toHaveText("Ready");
    const draftRegion = page.getByRole("region", { name: "Original draft", exact: true });
    await expect(draftRegion).toContainText(/remote teams/i);
    await expect(page.getByText(OFFLINE_NOTE).first()).toBeVisible();
    await expect(panelStatus(page, "AI Detection Analysis")).toHaveText("Complete");
    const detection = page.getByTestId("detection-panel");
    expect(await detection.getByTestId("flagged-sentences").getByRole("button").count()).toBeGreaterThan(0);

    await page.getByRole("button", { name: "Copy Draft" }).click();
    await expect(toast(page)).toContainText("Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/remote teams/i);

    // Revise Content → the revised draft beside the original, analysed by itself.
    await detection.getByRole("button", { name: "Revise Content" }).click();
    const revised = page.getByRole("region", { name: "Revised draft", exact: true });
    await expect(revised.getByRole("region", { name: "Revised content", exact: true })).toContainText(/remote teams/i);
    await expect(revised.getByTestId("improvement-summary")).toBeVisible();
    await expect(revised.locator("[data-status]").first()).toHaveText("Complete");

    // Final Rewrite of the original draft (the revision may have left nothing flagged) → the Final
    // Optimized Draft and its Code Version.
    await detection.first().getByRole("button", { name: "Final Rewrite" }).click();
    await expect(panelStatus(page, "Final Optimized Draft")).toHaveText("Complete");
    await expect(panelStatus(page, "Code Version")).toHaveText("Ready");
    await expect(page.getByRole("region", { name: "Final content", exact: true })).toContainText(/remote teams/i);
    await expect(page.getByTestId("code-version")).toContainText("# ");
    await page.getByRole("button", { name: "Copy Markdown" }).click();
    await expect(toast(page)).toContainText("Copied");

    // The SEO Optimization card, labelled 'Produce SEO HTML Code'.
    const seo = page.getByTestId("seo-panel");
    await expect(seo.getByText("SEO Optimization", { exact: true })).toBeVisible();
    await seo.getByRole("button", { name: "Produce SEO HTML Code" }).click();
    await expect(seo.getByTestId("seo-html")).toHaveValue(/wp:paragraph/);

    // The history lists the draft, the revision and the final rewrite, newest first.
    const history = page.getByTestId("request-history");
    await expect(history.getByRole("listitem")).toHaveCount(3);
    await expect(history.getByRole("listitem").first()).toContainText("Final rewrite");
    await expect(history.getByRole("listitem").last()).toContainText("Draft");
    await expect(history).toContainText(BRIEF);

    // Reset and Clear History asks first, saying the documents are kept; then defaults back, results and history gone.
    await page.getByRole("button", { name: "Reset and Clear History" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("Your documents are kept");
    await confirm.getByRole("button", { name: "Reset and Clear History" }).click();
    await expect(toast(page)).toContainText("System Reset");
    await expect(page.getByText("No requests yet")).toBeVisible();
    await expect(page.getByLabel("Target Audience")).toHaveValue("");
    await expect(page.getByLabel("SEO Keywords")).toHaveValue("");
    await expect(page.getByLabel("AI Model")).toHaveValue("openai");
    for (const title of ["Original Draft", "AI Detection Analysis", "Final Optimized Draft", "Code Version"])
      await expect(panelStatus(page, title)).toHaveText("Pending");
    await expect(seo).toBeHidden();
    const after = await page.request.get("/api/history");
    expect(await after.json()).toEqual([]);
  });

  test("with nothing left, Generate opens the Insufficient Credits dialog for what the draft and its check cost", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signedInApp(page, "poor");
    // Spend the 50 welcome credits honestly (offline drafts are free; SEO HTML and checks are not).
    const left = await spendCreditsBelow(page, 1);
    expect(left).toBe(0);

    await page.reload();
    await expect(page.getByTestId("header-credits")).toContainText("0");
    let executed = false;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/execute")) executed = true;
    });
    await generateButton(page).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Insufficient Credits" })).toBeVisible();
    await expect(dialog.getByText("Current balance")).toBeVisible();
    // The offline writer's draft is free; the check after it costs 1 (issue 31: not §9's minimum of 5).
    await expect(dialog.getByRole("definition").nth(1)).toHaveText("1");
    await expect(dialog).toContainText("an administrator can grant you credits");
    await expect(dialog.getByRole("button", { name: "Buy Credits" })).toHaveCount(0);
    expect(executed, "no request is sent below the cost").toBe(false);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expectNoSeriousA11yViolations(page);
  });

  test("signed out, Generate asks to sign in; an expired session opens the sign-in dialog", async ({ page }) => {
    await page.goto("/draftsmith/generate");
    await generateButton(page).click();
    await expect(page.getByRole("dialog").getByRole("form", { name: "Sign in" })).toBeVisible();
    await page.keyboard.press("Escape");

    await signUpViaApi(page, uniqueEmail("expired"));
    await page.reload();
    await expect(page.getByTestId("header-credits")).toContainText(/\d/);
    await page.route("**/api/execute", (route) =>
      route.fulfill({ status: 401, json: { error: "Please sign in to continue.", code: "UNAUTHENTICATED" } }),
    );
    await generateButton(page).click();
    await expect(toast(page)).toContainText("Authentication Error");
    await expect(page.getByRole("dialog").getByRole("form", { name: "Sign in" })).toBeVisible();
  });

  test("axe finds nothing serious, empty and with results; usable at 375 px", async ({ page }) => {
    await signedInApp(page, "axe");
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel("Blog Topic/Content Type").fill(BRIEF);
    await page.getByLabel("Target Word Count").fill("400");
    await generateButton(page).click();
    await expect(panelStatus(page, "AI Detection Analysis")).toHaveText("Complete");
    await expectNoSeriousA11yViolations(page);

    await page.setViewportSize({ width: 375, height: 812 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(generateButton(page)).toBeVisible();
  });
});
