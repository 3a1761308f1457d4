// Issue 31, item 14 (phone and small things): the verify-e-mail banner is small and can be dismissed
// for the session; after Generate SEO the HTML is in view; touch screens are told to tap, not hover;
// the sessions table stacks on a phone, so "Sign out" needs no sideways scrolling.
import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, signedInAt, test } from "../fixtures";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function toResults(page: Page, prefix: string) {
  await signedInAt(page, "/draftsmith", prefix);
  await page
    .getByLabel("Describe your blog post")
    .fill("How-to guide for small bakeries on getting more local customers from Google Business Profile.");
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  await expect(page).toHaveURL(/\/draftsmith\/results(\?document=[\w-]+)?$/);
  await expect(page.getByRole("heading", { name: "Your draft" })).toBeVisible({ timeout: 60_000 });
}

for (const [name, size] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const) {
  test(`the verify-e-mail banner is one short line and can be dismissed for the session (${name})`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await signedInAt(page, "/draftsmith", "banner");
    const banner = page.getByTestId("verify-email-banner");
    await expect(banner).toBeVisible();
    const box = await banner.boundingBox();
    expect(box?.height ?? 999, "the banner's height").toBeLessThanOrEqual(name === "phone" ? 52 : 60);
    await expectNoSeriousA11yViolations(page);

    await banner.getByRole("button", { name: "Dismiss for this session" }).click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId("header-credits")).toBeVisible();
    await expect(page.getByTestId("verify-email-banner")).toHaveCount(0);

    // A new tab is a new session: the reminder is back.
    const tab = await page.context().newPage();
    await tab.setViewportSize(size);
    await tab.goto("/draftsmith");
    await expect(tab.getByTestId("verify-email-banner")).toBeVisible();
    await tab.close();
  });

  test(`the sessions table needs no sideways scrolling to reach "Sign out" (${name})`, async ({ page }) => {
    await page.setViewportSize(size);
    await signedInAt(page, "/settings", "sessions");
    const table = page.getByRole("table", { name: "Active sessions" });
    const signOut = table.getByRole("button", { name: /Sign out/ }).first();
    await expect(signOut).toBeVisible();
    const button = await signOut.boundingBox();
    expect((button?.x ?? 0) + (button?.width ?? 0)).toBeLessThanOrEqual(size.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    // No sideways-scrolling region around it.
    await expect(page.getByRole("region", { name: "Active sessions, scrolls sideways" })).toHaveCount(0);
    if (name === "phone") await expect(table.getByText("Last active").first()).toBeVisible();
  });
}

test("after Generate SEO on a phone, the HTML is scrolled into view", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(PHONE);
  await toResults(page, "seo-scroll");
  const panel = page.getByTestId("seo-panel");
  const generate = panel.getByRole("button", { name: "Generate SEO-Optimized HTML" });
  await generate.scrollIntoViewIfNeeded();
  await generate.click();
  const code = page.getByTestId("seo-html-tab-code");
  await expect(code).toBeAttached({ timeout: 30_000 });
  await expect(page.getByRole("tab", { name: "SEO HTML" })).toBeInViewport({ timeout: 10_000 });
  await expect(page.getByRole("tab", { name: "SEO HTML" })).toBeFocused();
});

test.describe("on a touch screen", () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test("the highlight view says tap, and a tap shows why a sentence was flagged", async ({ page }) => {
    test.setTimeout(180_000);
    await toResults(page, "tap");
    const highlighted = page.getByTestId("highlighted-draft");
    await expect(highlighted).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText(/Tap a sentence to see why\./)).toBeVisible();
    await expect(page.getByText(/Hover over a sentence/)).toHaveCount(0);
    await highlighted.locator("mark[data-sentence]").first().tap();
    await expect(highlighted.getByRole("tooltip")).toBeVisible();
  });
});

test("with a mouse the highlight view still says hover", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  await toResults(page, "hover");
  await expect(page.getByTestId("highlighted-draft")).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/Hover over a sentence, or tab into the draft/)).toBeVisible();
});
