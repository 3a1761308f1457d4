import { expect, expectNoSeriousA11yViolations, test } from "../fixtures";

test.describe("pages", () => {
  test("an unknown path is a real 404 showing 'Page Not Found'", async ({ page }) => {
    const res = await page.goto("/no/such/page");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page Not Found", exact: true })).toBeVisible();
    await expect(page).toHaveTitle("Page Not Found · Draftsmith");
    await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("the policy covers every point of the spec", async ({ page }) => {
    await page.goto("/policy");
    await expect(page.getByRole("heading", { level: 1, name: "User policy" })).toBeVisible();
    const body = page.locator("article");
    for (const point of [
      /at least 18 years old/,
      /first draft/,
      /plagiarism/,
      /fact-checking/,
      /Attribution is mandatory/,
      /Prohibited uses/,
      /Third-party AI services/,
      /12 months/,
      /indemnify/,
      /Massachusetts/,
    ]) {
      await expect(body).toContainText(point);
    }
    await expectNoSeriousA11yViolations(page);
  });

  test("the prompting guide has every section and a way back home", async ({ page }) => {
    await page.goto("/prompting-guide");
    for (const title of [
      "The One-Sentence Rule",
      "Choosing Your Model",
      "The Revision Trap",
      "Essential Prompting Elements",
      "Sample Prompts That Work",
      "Common Prompting Mistakes",
      "Pro Tips",
      "Getting Started",
      "AI Detection and Quality Balance",
    ]) {
      await expect(page.getByRole("heading", { name: title })).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the landing page works on a 375 px phone and by keyboard", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    await expect(page.getByRole("banner").getByRole("button", { name: "Sign In" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    await expectNoSeriousA11yViolations(page);
  });
});
