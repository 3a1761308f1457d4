// Issue 15's visual pass: every screen at a phone's 390×844 and a desktop's 1280×800, signed out, as
// a user and as an admin — axe at zero serious or critical violations, no sideways scrolling of the
// page body, and a title of its own. Then the desktop breakages the walk-through found, each a test.
import type { Page } from "@playwright/test";
import { estimateDraftCredits } from "../../src/shared/credits-math";
import { newUserElsewhere, signInAsAdmin } from "../credits/helpers";
import { expect, expectNoSeriousA11yViolations, signUpViaApi, test, uniqueEmail } from "../fixtures";

const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
] as const;

const PUBLIC = [
  "/draftsmith",
  "/draftsmith/generate",
  "/prose-console",
  "/prompting-guide",
  "/policy",
  "/billing",
  "/billing/success",
  "/reset-password",
  "/sign-in-link",
  "/no-such-page",
];
const SIGNED_IN = ["/draftsmith", "/draftsmith/generate", "/prose-console", "/billing", "/documents", "/settings"];
const SIGNED_IN_MORE = ["/settings/connections", "/check"];
const ADMIN = ["/admin/bonus-credits", "/admin/direct-grant"];

async function checkScreen(page: Page, path: string, titles: Map<string, string>) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  // Wait for spinners of the first load to go (tables, packages, history).
  await expect(page.locator('[role="status"] .animate-spin, main .animate-spin')).toHaveCount(0);
  const [scroll, client] = await page.evaluate(() => [document.body.scrollWidth, document.body.clientWidth]);
  expect(scroll, `${path}: the page body scrolls sideways`).toBeLessThanOrEqual(client);
  await expectNoSeriousA11yViolations(page);
  const title = await page.title();
  expect(title, path).toMatch(/Draftsmith/);
  titles.set(path, title);
}

for (const vp of VIEWPORTS) {
  test.describe(`every screen at ${vp.width}×${vp.height}`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });
    // A walk runs axe on up to nine screens: 60–90 s on a busy 2-core machine, past the 90 s default.
    test.describe.configure({ timeout: 300_000 });

    test(`signed out (${vp.name})`, async ({ page }) => {
      const titles = new Map<string, string>();
      for (const path of PUBLIC) await checkScreen(page, path, titles);
      // Each page says which it is.
      expect(titles.get("/billing")).toBe("Billing · Draftsmith");
      const distinct = new Set([...titles].filter(([p]) => p !== "/draftsmith").map(([, t]) => t));
      expect(distinct.size).toBe(PUBLIC.length - 1);
    });

    test(`as a user (${vp.name})`, async ({ page }) => {
      await page.goto("/policy");
      await signUpViaApi(page, uniqueEmail(`visual-${vp.name}`));
      const titles = new Map<string, string>();
      for (const path of [...SIGNED_IN, ...SIGNED_IN_MORE]) await checkScreen(page, path, titles);
    });

    test(`as an admin (${vp.name})`, async ({ page, baseURL }) => {
      await page.goto("/policy");
      await signInAsAdmin(page, baseURL);
      const titles = new Map<string, string>();
      for (const path of ADMIN) await checkScreen(page, path, titles);
      expect(titles.get("/admin/direct-grant")).toBe("Direct Credit Grant · Admin · Draftsmith");
    });
  });
}

test.describe("desktop breakages", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the 'Most popular' badge stays inside the Creator card", async ({ page }) => {
    await page.goto("/billing");
    const creator = page
      .getByRole("list", { name: "Credit packages" })
      .getByRole("listitem")
      .filter({ hasText: "Creator" });
    const badge = creator.getByText("Most popular");
    await expect(badge).toBeVisible();
    const [card, b] = [await creator.boundingBox(), await badge.boundingBox()];
    expect((b?.x ?? 0) + (b?.width ?? 0)).toBeLessThanOrEqual((card?.x ?? 0) + (card?.width ?? 0));
  });

  test("the full app's model select shows the whole model name", async ({ page }) => {
    await page.goto("/draftsmith/generate");
    const select = page.getByLabel("AI Model");
    await select.selectOption("anthropic");
    const fits = await select.evaluate((el: HTMLSelectElement) => {
      const style = getComputedStyle(el);
      const ctx = document.createElement("canvas").getContext("2d");
      if (!ctx) return false;
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = el.options[el.selectedIndex]?.text ?? "";
      const room = el.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return ctx.measureText(text).width <= room;
    });
    expect(fits).toBe(true);
  });

  test("a Direct Grant amount over the limit says why the button is off", async ({ page, browser, baseURL }) => {
    const tag = `visualgrant${Date.now().toString(36)}`;
    await newUserElsewhere(browser, baseURL, `${tag}@e2e.test`);
    await page.goto("/policy");
    await signInAsAdmin(page, baseURL);
    await page.goto("/admin/direct-grant");
    await page.getByPlaceholder("Search by email or username...").fill(tag);
    await page
      .getByRole("list", { name: "Search results" })
      .getByRole("button", { name: new RegExp(`Add .*${tag}@e2e.test`) })
      .click();
    await page.getByLabel("Reason for Grant").fill("Visual pass");
    await page.getByLabel("Credit Amount per User").fill("20000");
    const button = page.getByRole("button", { name: /^Grant .* Credits$/ });
    await expect(button).toBeDisabled();
    await expect(page.getByTestId("grant-blocked")).toHaveText("At most 10,000 credits per user.");
    await expect(button).toHaveAccessibleDescription("At most 10,000 credits per user.");
  });

  test("the full app and the console show a draft's estimate before the click, from the shared formula", async ({
    page,
  }) => {
    await page.goto("/draftsmith/generate");
    await page.getByLabel("Target Word Count").fill("1500");
    await expect(page.getByRole("form", { name: "Content" })).toContainText(
      `A draft of 1,500 words costs about ${estimateDraftCredits(1500)} credits`,
    );
    await page.goto("/prose-console");
    await page.getByLabel("Word Count").fill("800");
    await expect(page.getByTestId("execute-cost")).toContainText(
      `A draft of 800 words costs about ${estimateDraftCredits(800)} credits`,
    );
  });
});
