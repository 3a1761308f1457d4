// The SEO panel in a browser, against the real server, through the test-only harness until the
// writing screens embed it: from a draft to copied HTML for each platform, the preview rendered in a
// sandboxed iframe (nothing of the draft runs), the report and the head block visible, 2 credits per
// HTML; the empty-content reason; image URLs refused before sending; the failure toast; Close; axe at
// phone and desktop widths.

import AxeBuilder from "@axe-core/playwright";
import { availableCredits, createAccount, openHarness, signIn, toastWith } from "../detection/harness";
import { expect, type Page, test } from "../fixtures";

const ENTRY = "e2e/seo/harness/seo-harness.tsx";
let email: string;

test.beforeAll(async ({ browser }, info) => {
  email = await createAccount(browser, info.project.use.baseURL, "seo");
});

async function open(page: Page) {
  await signIn(page, email);
  await openHarness(page, "seo", ENTRY);
  await expect(page.getByTestId("seo-panel")).toBeVisible();
}

const generate = (page: Page) => page.getByRole("button", { name: "Generate SEO-Optimized HTML" });

for (const platform of ["wordpress", "shopify"] as const) {
  test(`draft → ${platform} HTML copied, preview rendered, report and head visible`, async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await open(page);
    const before = await availableCredits(page.request);
    await page.getByLabel("Platform").selectOption(platform);
    await page.getByLabel("Image URLs (optional)").fill("https://cdn.example.com/a.jpg, https://cdn.example.com/b.jpg");
    await generate(page).click();

    const code = page.getByTestId("seo-html");
    await expect(code).toBeVisible();
    const html = await code.inputValue();
    expect(await code.getAttribute("readonly")).not.toBeNull();
    if (platform === "wordpress") expect(html).toContain("<!-- wp:heading");
    else expect(html).not.toContain("<!-- wp:");
    expect(html).not.toMatch(/onerror|__pwned/);
    await expect(page.getByTestId("on-html")).toHaveText(`onHtml received ${html.length} characters`);

    await page.getByRole("button", { name: "Copy HTML Code" }).click();
    await expect(toastWith(page, "Copied")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(html);

    // The preview: sandboxed with no permissions, the title as H1, the sections and images rendered.
    const iframe = page.getByTestId("seo-preview");
    expect(await iframe.getAttribute("sandbox")).toBe("");
    const preview = page.frameLocator('[data-testid="seo-preview"]');
    await expect(preview.getByRole("heading", { level: 1 })).toContainText("How Small Bakeries Win Local Customers");
    await expect(preview.getByRole("heading", { name: "Photos that sell bread" })).toBeVisible();
    await expect(preview.locator("img").first()).toHaveAttribute("alt", /.{3,}/);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();

    // The report: an overall score and the checks with their status in words.
    const report = page.getByTestId("seo-report");
    await expect(report.getByTestId("seo-score")).toHaveText(/SEO score \d+\/100/);
    expect(await report.getByRole("listitem").count()).toBeGreaterThan(10);
    await expect(report).toContainText(/Good|Improve|Problem/);

    const meta = page.getByTestId("seo-meta");
    await expect(meta).toContainText(/Meta title\s*\d+\/60 characters/);
    await expect(meta).toContainText("URL slug");
    if (platform === "shopify") await expect(meta).toContainText("article's SEO fields");
    await meta.getByText(/^JSON-LD/).click();
    await expect(meta.locator("pre")).toContainText('"@type": "Article"');

    expect(before - (await availableCredits(page.request))).toBe(2);
  });
}

test("needs a draft: with no content the button is disabled and says why", async ({ page }) => {
  await open(page);
  await page.getByLabel("Draft", { exact: true }).fill("   ");
  await expect(generate(page)).toBeDisabled();
  await expect(page.getByText("Generate a draft or a final version first")).toBeVisible();
  await expect(generate(page)).toHaveAttribute("aria-describedby", /.+/);
});

test("a non-http(s) image URL is refused before anything is sent", async ({ page }) => {
  await open(page);
  let calls = 0;
  page.on("request", (r) => {
    if (r.url().includes("/api/seo-")) calls += 1;
  });
  const images = page.getByLabel("Image URLs (optional)");
  await images.fill("https://cdn.example.com/a.jpg, javascript:alert(3)");
  await generate(page).click();
  await expect(page.getByRole("alert")).toHaveText("Image URL 2 is not an http(s) address: javascript:alert(3)");
  await expect(images).toHaveAttribute("aria-invalid", "true");
  expect(calls).toBe(0);
});

test("a failure toasts 'SEO Optimization Failed'; a 402 opens the Insufficient Credits dialog; Close clears", async ({
  page,
}) => {
  await open(page);
  let answer: { status: number; json: unknown } | null = { status: 503, json: { error: "", code: "INTERNAL" } };
  await page.route("**/api/seo-produce-code", (route) => (answer ? route.fulfill(answer) : route.continue()));
  await generate(page).click();
  await expect(toastWith(page, "SEO Optimization Failed")).toContainText("Failed to optimize content for SEO");

  answer = {
    status: 402,
    json: {
      error: "Insufficient credits: this needs 2 credits and you have 1 available.",
      code: "INSUFFICIENT_CREDITS",
      required: 2,
      available: 1,
    },
  };
  await generate(page).click();
  await expect(page.getByRole("dialog")).toContainText("Insufficient Credits");
  await page.keyboard.press("Escape");

  answer = null;
  await generate(page).click();
  await expect(page.getByTestId("seo-output")).toBeVisible();
  await page.getByTestId("seo-output").getByRole("button", { name: "Close", exact: true }).click();
  await expect(page.getByTestId("seo-output")).toBeHidden();
  await expect(page.getByTestId("on-html")).toHaveText("No HTML yet");
});

for (const width of [375, 1280]) {
  test(`no serious accessibility violations at ${width} px, no sideways scrolling`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await open(page);
    await generate(page).click();
    await expect(page.getByTestId("seo-output")).toBeVisible();
    // axe cannot run inside the preview: its sandbox (no allow-scripts) refuses every script, axe's
    // included, and axe then waits for the frame until the test times out. The frame is only the
    // generated HTML; the page around it is scanned in full.
    const results = await new AxeBuilder({ page }).exclude('[data-testid="seo-preview"]').analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
    await expect(page.getByTestId("seo-preview")).toHaveAttribute("title", /Preview of the/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}
