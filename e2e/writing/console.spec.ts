// The PROSE console (/prose-console, spec §2, §4, §5, §8, §9) on the offline writer and the built-in
// detector: execute → detection → revise → compare → final rewrite → SEO; Revise Existing Text with
// Enhance and Enhance Again; the submit button's states; the failure toasts; reset; axe; 375 px.
import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, OFFLINE_NOTE, signedInAt, test } from "../fixtures";

const BRIEF = "Blog post: why remote teams should write things down";
/** Pasted text for Revise Existing Text: long enough for the detector to judge (40 words, 3 sentences). */
const PASTED =
  "In today's fast-paced digital landscape, it is important to note that remote teams must leverage documentation to unlock unprecedented productivity. " +
  "Moreover, written decisions serve as a game-changer for distributed collaboration, fostering seamless alignment across time zones. " +
  "Furthermore, it is crucial to embrace a holistic approach that empowers every stakeholder to navigate the ever-evolving landscape of asynchronous work. " +
  "Ultimately, teams that delve into robust writing habits will thrive in the modern workplace.";

const signedInConsole = (page: Page, prefix = "console") => signedInAt(page, "/prose-console", prefix);

const executeButton = (page: Page) => page.getByRole("button", { name: /Execute API Call|Completed|Execution Failed/ });
const toast = (page: Page) => page.getByRole("region", { name: /Notifications/ });

async function fillBrief(page: Page) {
  await page.getByLabel("Define Intent").fill(BRIEF);
  await page.getByLabel("Target Audience").fill("engineering managers");
  await page.getByLabel("Word Count").fill("500");
}

async function clipboard(page: Page) {
  return page.evaluate(() => navigator.clipboard.readText());
}

test.describe("PROSE console", () => {
  test("header, session form, fixed parameters and validation", async ({ page }) => {
    await page.goto("/prose-console");
    await expect(page.getByRole("heading", { level: 1, name: "OpenAI API Console" })).toBeVisible();
    await expect(page.getByText("PROSE System Interface")).toBeVisible();
    await expect(page.getByTestId("provider-badge")).toHaveText("openai");
    await expect(page.getByTestId("model-name")).toContainText("GPT-5");
    await expect(page.getByRole("link", { name: "Back to Draftsmith" })).toHaveAttribute("href", "/draftsmith");

    // Defaults (spec §5): today's date, provider openai, a sample brief.
    const today = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
    });
    await expect(page.getByLabel("Current Date")).toHaveValue(today);
    await expect(page.getByLabel("Word Count")).toHaveAttribute("placeholder", "e.g. 800");
    await expect(page.getByLabel("AI Provider")).toHaveValue("openai");
    await expect(page.getByLabel("Define Intent")).not.toHaveValue("");
    await expect(page.getByLabel("Additional Context")).toHaveAttribute("rows", "3");

    // The intent tooltip opens on keyboard focus.
    await page.getByRole("button", { name: /About intent/ }).focus();
    await expect(page.getByRole("tooltip")).toContainText("Intent = document type + topic or question to be answered");

    // The fixed API parameters follow the provider, read-only.
    const params = page.getByTestId("fixed-api-parameters");
    await expect(params).toContainText("GPT-5");
    await expect(params).toContainText("30,000");
    await expect(params).toContainText("none");
    await page.getByLabel("AI Provider").selectOption("anthropic");
    await expect(page.getByRole("heading", { level: 1, name: "Anthropic API Console" })).toBeVisible();
    await expect(page.getByTestId("provider-badge")).toHaveText("anthropic");
    await expect(params).toContainText("Claude Sonnet 4");
    await expect(params).toContainText("20,000");
    await expect(params).toContainText("web_search");
    await expect(params).toContainText("1");

    // The spec §5 messages show under each field.
    await page.getByLabel("Define Intent").fill("   ");
    await page.getByLabel("Current Date").fill("");
    await executeButton(page).click();
    await expect(page.getByText("Content type is required")).toBeVisible();
    await expect(page.getByText("Current date is required")).toBeVisible();
    await expect(page.getByLabel("Define Intent")).toHaveAttribute("aria-invalid", "true");

    // Signed out, a valid form asks to sign in first.
    await page.getByLabel("Define Intent").fill(BRIEF);
    await page.getByLabel("Current Date").fill(today);
    await executeButton(page).click();
    await expect(page.getByRole("dialog").getByRole("form", { name: "Sign in" })).toBeVisible();

    // The form card collapses and expands.
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Collapse the session form" }).click();
    await expect(page.getByLabel("Define Intent")).toBeHidden();
    await page.getByRole("button", { name: "Expand the session form" }).click();
    await expect(page.getByLabel("Define Intent")).toBeVisible();
  });

  test("execute → detection → revise → compare → final rewrite → SEO, then reset", async ({ page, context }) => {
    // The longest flow of the suite (six round trips and three detections): three times the budget
    // of a test, so a busy machine slows it down without failing it.
    test.slow();
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signedInConsole(page, "flow");
    await expect(page.getByText("No requests yet")).toBeVisible();
    await fillBrief(page);

    await executeButton(page).click();
    // 'Completed' with the milliseconds, green; the success toast says how long the call took.
    const done = page.getByRole("button", { name: /^Completed \(\d+ms\)$/ });
    await expect(done).toBeVisible();
    await expect(done).toHaveAttribute("data-state", "success");
    await expect(done).toHaveClass(/bg-emerald-700/);
    await expect(toast(page)).toContainText(/API call completed in \d+ms/);

    const preview = page.getByTestId("blog-post-preview");
    await expect(preview.getByRole("heading", { name: "Blog Post Preview" })).toBeVisible();
    await expect(preview.getByText(OFFLINE_NOTE)).toBeVisible();
    await expect(preview).toContainText(/remote teams/i);
    await preview.getByRole("button", { name: "Copy Blog" }).click();
    await expect(toast(page)).toContainText("Copied");
    expect(await clipboard(page)).toMatch(/remote teams/i);

    // Detection ran by itself after the draft.
    const detection = page.getByTestId("detection-panel");
    await expect(detection.getByText("Complete", { exact: true })).toBeVisible();
    const flagged = detection.getByTestId("flagged-sentences").getByRole("button");
    expect(await flagged.count()).toBeGreaterThan(0);
    await expect(preview.getByTestId("highlighted-draft")).toBeVisible();

    // Revise Content → the comparison, analysed by itself.
    await detection.getByRole("button", { name: "Revise Content" }).click();
    const revised = page.getByTestId("revised-content-preview");
    await expect(revised.getByRole("heading", { name: "Original", exact: true })).toBeVisible();
    await expect(revised.getByRole("heading", { name: "Revised", exact: true })).toBeVisible();
    await expect(revised.getByTestId("improvement-summary")).toBeVisible();
    await expect(revised.getByText("Complete", { exact: true })).toBeVisible();
    await expect(revised.getByRole("region", { name: "Original content", exact: true })).toContainText(/remote teams/i);
    await expect(revised.getByRole("region", { name: "Revised content", exact: true })).toContainText(/remote teams/i);
    await revised.getByRole("button", { name: "Copy Revised Content" }).click();
    await expect(toast(page)).toContainText("Copied");

    // Final Rewrite of the draft (the revision may have left nothing flagged) → its own analysis,
    // improvement, Continue Iterating.
    await detection.first().getByRole("button", { name: "Final Rewrite" }).click();
    const final = page.getByTestId("final-rewrite-preview");
    await expect(final.getByText("Complete", { exact: true })).toBeVisible();
    await expect(final.getByTestId("stat-cards")).toBeVisible();
    await expect(final.getByTestId("improvement-summary")).toBeVisible();
    await expect(final.getByRole("heading", { name: "Continue Iterating" })).toBeVisible();
    await expect(final.getByRole("button", { name: "Revise", exact: true })).toBeVisible();
    await expect(final.getByRole("button", { name: "Rewrite Again" })).toBeVisible();
    await final.getByRole("button", { name: "Copy Final Content" }).click();
    await expect(toast(page)).toContainText("Copied");

    // Close Comparison clears the comparison.
    await revised.getByRole("button", { name: "Close Comparison" }).click();
    await expect(revised).toBeHidden();

    // SEO Optimize → the SEO HTML Optimization panel → HTML.
    await final.getByRole("button", { name: "SEO Optimize" }).click();
    const seo = page.getByTestId("seo-panel");
    await expect(seo.getByText("SEO HTML Optimization")).toBeVisible();
    await seo.getByLabel("Platform").selectOption("shopify");
    await seo.getByRole("button", { name: /Generate SEO-Optimized HTML/ }).click();
    await expect(seo.getByTestId("seo-html")).toHaveValue(/<h2/);
    await expect(seo.getByRole("button", { name: "Copy HTML Code" })).toBeVisible();

    // Close Preview clears the final rewrite.
    await final.getByRole("button", { name: "Close Preview" }).click();
    await expect(final).toBeHidden();

    // The history lists the draft, the revision and the final rewrite (refreshed, not polled).
    const history = page.getByTestId("request-history");
    await expect(history.getByRole("listitem")).toHaveCount(3);
    await expect(history.getByRole("listitem").first()).toContainText("Final rewrite");
    await expect(history).toContainText(BRIEF);
    await expect(history).toContainText("Final rewrite");

    // Reset: the form back to its defaults, results and history cleared.
    await page.getByRole("button", { name: "Reset & Clear History" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Reset & Clear History" }).click();
    await expect(toast(page)).toContainText("System Reset");
    await expect(page.getByText("No requests yet")).toBeVisible();
    await expect(page.getByLabel("Target Audience")).toHaveValue("");
    await expect(page.getByLabel("AI Provider")).toHaveValue("openai");
    await expect(preview).toBeHidden();
    await expect(detection).toBeHidden();
    await expect(page.getByRole("button", { name: "Execute API Call" })).toBeVisible();
  });

  test("Revise Existing Text: revise → analysis after 500 ms → Enhance → Enhance Again", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signedInConsole(page, "revise-text");
    const tool = page.getByTestId("revise-text-tool");
    const text = tool.getByLabel("Text to revise");

    // Nothing to work on yet.
    await expect(tool.getByRole("button", { name: "Revise with PROSE" })).toBeDisabled();
    await expect(tool.getByText("Paste or type the text to revise first.")).toBeVisible();
    await text.fill("   ");
    await text.press("Control+Enter");
    await expect(toast(page)).toContainText("Text Required");
    await expect(toast(page)).toContainText("Please enter text to revise");
    await tool.getByRole("button", { name: "Enhance Content" }).click();
    await expect(toast(page)).toContainText("No Content to Revise");
    await expect(toast(page)).toContainText("Please generate revised text first");

    // The provider select says GPT-5, not GPT-4o.
    const provider = tool.getByLabel("Provider");
    await expect(provider.locator("option")).toHaveText(["Anthropic Claude Sonnet 4", "OpenAI GPT-5"]);
    await provider.selectOption("anthropic");

    await text.fill(PASTED);
    await tool.getByRole("button", { name: "Revise with PROSE" }).click();
    await expect(tool.getByText(OFFLINE_NOTE)).toBeVisible();
    await expect(tool.getByRole("region", { name: "Revised text", exact: true })).not.toBeEmpty();
    await expect(tool.getByTestId("stat-cards")).toContainText("%");
    // Spec §9: the analysis starts 500 ms after the revised text arrived (the browser's own timings).
    const gap = await page.evaluate(() => {
      const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      const revised = entries.filter((e) => e.name.endsWith("/api/revise-text")).at(-1);
      const detected = entries.filter((e) => e.name.endsWith("/api/detect-ai"));
      return { count: detected.length, gap: revised && detected[0] ? detected[0].startTime - revised.responseEnd : -1 };
    });
    expect(gap.count).toBe(1);
    expect(gap.gap, "the analysis waits 500 ms").toBeGreaterThanOrEqual(450);

    await tool.getByRole("button", { name: "Copy" }).click();
    await expect(toast(page)).toContainText("Copied");

    // Enhance: a final rewrite with the session context of type 'Text Revision', then analysed.
    const enhanceBody = page.waitForRequest((r) => r.url().endsWith("/api/final-rewrite"));
    await tool.getByRole("button", { name: "Enhance Content" }).click();
    const first = (await enhanceBody).postDataJSON() as {
      sessionContext: { contentType: string; aiProvider: string };
      aiDetectedSentences: string[];
    };
    expect(first.sessionContext.contentType).toBe("Text Revision");
    expect(first.sessionContext.aiProvider).toBe("anthropic");
    expect(first.aiDetectedSentences.length).toBeGreaterThan(0);
    const enhanced = page.getByTestId("final-enhanced-text");
    await expect(enhanced.getByRole("heading", { name: "Final Enhanced Text" })).toBeVisible();
    await expect(enhanced.getByText(/^(Complete|Unavailable)$/)).toBeVisible();

    // Enhance Again: type 'Final Text Revision'.
    const againBody = page.waitForRequest((r) => r.url().endsWith("/api/final-rewrite"));
    await enhanced.getByRole("button", { name: "Enhance Again" }).click();
    expect(
      ((await againBody).postDataJSON() as { sessionContext: { contentType: string } }).sessionContext.contentType,
    ).toBe("Final Text Revision");
    await expect(enhanced.getByText(/^(Complete|Unavailable)$/)).toBeVisible();

    // A reload brings the panel back from the revised text's document (`?revised=`), each text with
    // its stored analysis: nothing is analysed (or charged) again.
    await expect(page).toHaveURL(/[?&]revised=[0-9a-f-]{36}/);
    const revisedText = (await tool.getByRole("region", { name: "Revised text", exact: true }).textContent()) ?? "";
    const enhancedText =
      (await enhanced.getByRole("region", { name: "Final enhanced text", exact: true }).textContent()) ?? "";
    const detectCalls: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/detect-ai")) detectCalls.push(r.url());
    });
    await page.reload();
    await expect(tool.getByRole("region", { name: "Revised text", exact: true })).toHaveText(revisedText);
    await expect(tool.getByTestId("stat-cards")).toContainText("%");
    await expect(enhanced.getByRole("region", { name: "Final enhanced text", exact: true })).toHaveText(enhancedText);
    await expect(enhanced.getByText("Complete")).toBeVisible();
    expect(detectCalls).toEqual([]);

    // Analyze AI Content runs the analysis again; Close clears the enhanced text, then the revised text.
    await tool.getByRole("button", { name: "Analyze AI Content" }).click();
    await expect(tool.getByTestId("stat-cards")).toContainText("%");
    await enhanced.getByRole("button", { name: "Close" }).click();
    await expect(enhanced).toBeHidden();
    await tool.getByRole("button", { name: "Close" }).click();
    await expect(tool.getByRole("region", { name: "Revised text", exact: true })).toBeHidden();
    await expect(page).not.toHaveURL(/revised=/);

    const history = page.getByTestId("request-history");
    await expect(history.getByRole("listitem")).toHaveCount(3);
    await expect(history).toContainText("Revised text");
  });

  test("the submit button turns red and each failure has its own toast", async ({ page }) => {
    await signedInConsole(page, "failures");
    await fillBrief(page);

    // A provider outage: 'Service Unavailable', then 'Execution Failed - Retry' in red.
    await page.route("**/api/execute", (route) =>
      route.fulfill({
        status: 503,
        json: { error: "The AI service is temporarily unavailable. Please try again.", code: "PROVIDER_UNAVAILABLE" },
      }),
    );
    await executeButton(page).click();
    const failed = page.getByRole("button", { name: "Execution Failed - Retry" });
    await expect(failed).toBeVisible();
    await expect(failed).toHaveClass(/bg-red-700/);
    await expect(toast(page)).toContainText("Service Unavailable");

    // A provider key problem: 'Authentication Error' (console wording).
    await page.route("**/api/execute", (route) =>
      route.fulfill({
        status: 502,
        json: { error: "The AI provider rejected our authentication. Check the API key.", code: "PROVIDER_AUTH" },
      }),
    );
    await failed.click();
    await expect(toast(page)).toContainText("Authentication Error");
    await expect(toast(page)).toContainText("API key issue detected");

    // Retry for real.
    await page.unroute("**/api/execute");
    await page.getByRole("button", { name: "Execution Failed - Retry" }).click();
    await expect(page.getByRole("button", { name: /^Completed \(\d+ms\)$/ })).toBeVisible();
    const detection = page.getByTestId("detection-panel");
    await expect(detection.getByText("Complete", { exact: true })).toBeVisible();

    // 'Final Rewrite Failed' with the server's reason.
    await page.route("**/api/final-rewrite", (route) => route.fulfill({ status: 500, body: "upstream exploded" }));
    await detection.getByRole("button", { name: "Final Rewrite" }).click();
    await expect(toast(page)).toContainText("Final Rewrite Failed");
    await expect(toast(page)).toContainText("Could not perform final rewrite");

    // 'AI Detection Failed' when the check itself fails.
    await page.route("**/api/detect-ai", (route) => route.fulfill({ status: 500, body: "" }));
    await page.getByTestId("blog-post-preview").getByRole("button", { name: "Run AI Detection" }).click();
    await expect(toast(page)).toContainText("AI Detection Failed");

    // 'Text Revision Failed' ('Failed to revise text').
    await page.route("**/api/revise-text", (route) => route.fulfill({ status: 500, body: "" }));
    const tool = page.getByTestId("revise-text-tool");
    await tool.getByLabel("Text to revise").fill(PASTED);
    await tool.getByRole("button", { name: "Revise with PROSE" }).click();
    await expect(toast(page)).toContainText("Text Revision Failed");
    await expect(toast(page)).toContainText("Failed to revise text");

    // 'Reset Failed' ('Failed to reset system'): nothing is cleared.
    await page.route("**/api/reset", (route) => route.fulfill({ status: 500, body: "" }));
    await page.getByRole("button", { name: "Reset & Clear History" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Reset & Clear History" }).click();
    await expect(toast(page)).toContainText("Reset Failed");
    await expect(toast(page)).toContainText("Failed to reset system");
    await expect(page.getByTestId("blog-post-preview")).toBeVisible();
  });

  test("axe finds nothing serious, empty and with results", async ({ page }) => {
    await signedInConsole(page, "axe");
    await expectNoSeriousA11yViolations(page);
    await fillBrief(page);
    await executeButton(page).click();
    await expect(page.getByTestId("detection-panel").getByText("Complete", { exact: true })).toBeVisible();
    await page.getByTestId("detection-panel").getByRole("button", { name: "Revise Content" }).click();
    await expect(page.getByTestId("revised-content-preview").getByText("Complete", { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("works on a 375 px phone", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signedInConsole(page, "phone");
    const noOverflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
    expect(await noOverflow()).toBe(true);
    await expect(page.getByRole("heading", { level: 1, name: "OpenAI API Console" })).toBeVisible();
    await fillBrief(page);
    await executeButton(page).click();
    await expect(page.getByRole("button", { name: /^Completed \(\d+ms\)$/ })).toBeVisible();
    await expect(page.getByTestId("detection-panel").getByText("Complete", { exact: true })).toBeVisible();
    await page.getByTestId("detection-panel").getByRole("button", { name: "Revise Content" }).click();
    const revised = page.getByTestId("revised-content-preview");
    await expect(revised.getByText("Complete", { exact: true })).toBeVisible();
    // Side by side becomes one above the other; nothing spills sideways.
    const [original, revisedBox] = await Promise.all([
      revised.getByRole("region", { name: "Original content", exact: true }).boundingBox(),
      revised.getByRole("region", { name: "Revised content", exact: true }).boundingBox(),
    ]);
    expect(original && revisedBox && revisedBox.y > original.y).toBe(true);
    expect(await noOverflow()).toBe(true);
    await expectNoSeriousA11yViolations(page);
  });
});
