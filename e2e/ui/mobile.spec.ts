// Issue 15, "Mobile": on a 390 px phone every header link is reachable through a menu, the billing
// tables and the campaign actions sit on screen, the balance comes first, and the console's draft
// grows with the page instead of sitting in a small scroll box.
import type { Page } from "@playwright/test";
import { signInAsAdmin } from "../credits/helpers";
import { expect, expectNoSeriousA11yViolations, signedInAt, test } from "../fixtures";

test.use({ viewport: { width: 390, height: 844 } });

/** The element lies inside the 390 px viewport horizontally (not clipped off to the right). */
async function expectOnScreenHorizontally(page: Page, locator: ReturnType<Page["locator"]>) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  expect(box, "the element is rendered").not.toBeNull();
  const width = page.viewportSize()?.width ?? 390;
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
}

async function expectNoHorizontalOverflow(page: Page) {
  const [scroll, client] = await page.evaluate(() => [document.body.scrollWidth, document.body.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(client);
}

test.describe("on a phone", () => {
  test("a menu button opens the header's links, keeps focus inside, and closes on navigation", async ({ page }) => {
    await page.goto("/draftsmith");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    const links = menu.getByRole("navigation", { name: "Mobile" }).getByRole("link");
    await expect(links).toHaveText(["Full app", "PROSE console", "Prompting guide"]);
    // Focus is trapped: tabbing past the last control wraps inside the menu.
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press("Tab");
      expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await expectNoSeriousA11yViolations(page);
    await links.filter({ hasText: "Prompting guide" }).click();
    await expect(page).toHaveURL(/\/prompting-guide$/);
    await expect(menu).toBeHidden();
  });

  test("signed in, the menu also lists Documents", async ({ page }) => {
    await signedInAt(page, "/draftsmith", "mobile-menu");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" }).getByRole("link")).toHaveText([
      "Full app",
      "Documents",
      "New batch",
      "PROSE console",
      "Prompting guide",
    ]);
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Documents" }).click();
    await expect(page).toHaveURL(/\/documents$/);
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
  });

  test("billing shows the balance first, and Transactions and Usage fit on screen", async ({ page }) => {
    await signedInAt(page, "/billing", "mobile-billing");
    // One paid call, so Usage has a row.
    const res = await page.request.post("/api/detect-ai", {
      headers: { Origin: new URL(page.url()).origin },
      data: {
        text: "Check your opening hours on every map app before each holiday weekend. ".repeat(6),
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    await page.reload();

    const balance = page.getByRole("region", { name: "Credit Balance" });
    const tabs = page.getByRole("tablist", { name: "Billing" });
    await expect(balance).toBeVisible();
    const [b, t] = [await balance.boundingBox(), await tabs.boundingBox()];
    expect(b?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(t?.y ?? 0);

    await page.getByRole("tab", { name: "Transactions" }).click();
    const bonus = page.getByRole("row").filter({ hasText: "Bonus" }).first();
    await expect(bonus).toBeVisible();
    await expectOnScreenHorizontally(page, bonus.getByRole("cell").last());
    // Each stacked cell names its column.
    expect(
      await bonus
        .getByRole("cell")
        .last()
        .evaluate((el) => getComputedStyle(el, "::before").content),
    ).toBe('"Balance after"');
    // The paid call reads as Usage names it, not by its endpoint ("detect-ai").
    await expect(page.getByRole("row").filter({ hasText: "AI detection" })).toHaveCount(1);
    await expect(page.getByText("detect-ai")).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("tab", { name: "Usage History" }).click();
    const call = page.getByRole("row").filter({ hasText: "AI detection" }).first();
    await expect(call).toBeVisible();
    await expectOnScreenHorizontally(page, call.getByRole("cell").last());
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousA11yViolations(page);
  });

  test("a campaign's actions are on screen", async ({ page, baseURL }) => {
    const name = `E2E mobile ${Date.now().toString(36)}`;
    await page.goto("/policy");
    await signInAsAdmin(page, baseURL);
    await page.goto("/admin/bonus-credits");
    const form = page.getByRole("form", { name: "Create campaign" });
    await form.getByLabel("Campaign name").fill(name);
    await form.getByRole("button", { name: "Create Campaign" }).click();
    const row = page.getByTestId("campaign-row").filter({ hasText: name });
    await expect(row).toBeVisible();
    await expectOnScreenHorizontally(page, row.getByRole("button", { name: `Activate ${name}` }));
    await expectOnScreenHorizontally(page, row.getByRole("button", { name: `Delete ${name}` }));
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousA11yViolations(page);
    // Tidy up: the draft goes.
    await row.getByRole("button", { name: `Delete ${name}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete Campaign" }).click();
    await expect(row).toHaveCount(0);
  });

  test("the console's draft grows with the page instead of scrolling in a box", async ({ page }) => {
    await signedInAt(page, "/prose-console", "mobile-console");
    await page.getByLabel("Word Count").fill("500");
    await page.getByRole("button", { name: "Execute API Call" }).click();
    const draft = page.getByRole("region", { name: "Blog post", exact: true });
    await expect(draft).toBeVisible({ timeout: 60_000 });
    const [scrollHeight, clientHeight] = await draft.evaluate((el) => [el.scrollHeight, el.clientHeight]);
    expect(scrollHeight).toBeLessThanOrEqual(clientHeight + 1);
    await expectNoHorizontalOverflow(page);
  });
});
