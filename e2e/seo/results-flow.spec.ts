// Issue 6's flow on the Results screen itself: from a draft to copied HTML for each platform, the
// preview rendered and the report visible.
import { toastWith } from "../detection/harness";
import { expect, signUpViaApi, test, uniqueEmail } from "../fixtures";

test("draft → SEO HTML for WordPress and Shopify, copied, preview rendered, report visible", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/draftsmith");
  await signUpViaApi(page, uniqueEmail("flow-seo"));
  await page.reload();
  await expect(page.getByTestId("header-credits")).toBeVisible();
  await page
    .getByLabel("Describe your blog post")
    .fill("How-to guide for small bakeries on getting more local customers from Google Business Profile.");
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  await expect(page).toHaveURL(/\/draftsmith\/results(\?document=[\w-]+)?$/);
  await expect(page.getByRole("heading", { name: "Your draft" })).toBeVisible({ timeout: 30_000 });

  const panel = page.getByTestId("seo-panel");
  for (const platform of ["wordpress", "shopify"] as const) {
    await panel.getByLabel("Platform").selectOption(platform);
    await panel.getByRole("button", { name: "Generate SEO-Optimized HTML" }).click();
    // The code and the preview show once, in the SEO HTML tab; the panel keeps the actions and the report.
    const code = page.getByTestId("seo-html-tab-code");
    await expect(code).toBeVisible({ timeout: 20_000 });
    await expect(
      panel.getByRole("heading", { name: platform === "shopify" ? "Shopify HTML" : "WordPress HTML" }),
    ).toBeVisible();
    const html = await code.inputValue();
    if (platform === "wordpress") expect(html).toContain("<!-- wp:");
    else expect(html).not.toContain("<!-- wp:");

    await panel.getByRole("button", { name: "Copy HTML Code" }).click();
    await expect(toastWith(page, "Copied")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(html);

    await expect(panel.locator("textarea, iframe")).toHaveCount(0);
    await expect(page.locator("iframe")).toHaveCount(1);
    const preview = page.frameLocator(
      `iframe[title="Preview of the ${platform === "shopify" ? "Shopify" : "WordPress"} HTML"]`,
    );
    await expect(preview.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(preview.getByRole("heading", { level: 2 }).first()).toBeVisible();
    await expect(panel.getByTestId("seo-report").getByTestId("seo-score")).toHaveText(/SEO score \d+\/100/);
    await expect(panel.getByTestId("seo-report").getByRole("listitem").first()).toBeVisible();
  }
  // The SEO HTML tab opened with the latest HTML.
  await expect(page.getByRole("tab", { name: "SEO HTML" })).toBeEnabled();
  // Switching the platform drops HTML made for the other one instead of leaving it on screen.
  await panel.getByLabel("Platform").selectOption("wordpress");
  await expect(panel.getByRole("heading", { name: "Shopify HTML" })).toHaveCount(0);
  await expect(page.getByRole("tab", { name: "SEO HTML" })).toBeDisabled();
});
