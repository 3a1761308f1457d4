// Issue 31, item 15: one "This document was not found" on every writing screen; Settings links to
// Connections; campaigns can be edited (the amount only before the first grant); counts read
// "1 user", "2 users".
import { randomUUID } from "node:crypto";
import { dismissToasts, signInAsAdmin, signUpOrIn } from "../credits/helpers";
import { expect, expectNoSeriousA11yViolations, signedInAt, test, uniqueEmail } from "../fixtures";

const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
] as const;

for (const size of SIZES) {
  test(`an unknown ?document= says "This document was not found" on Results, the full app and the console (${size.name})`, async ({
    page,
  }) => {
    // Three screens, each scanned by axe: a generous ceiling for a busy machine.
    test.setTimeout(240_000);
    await page.setViewportSize(size);
    await signedInAt(page, "/policy", "notfound");
    const id = randomUUID();
    for (const path of ["/draftsmith/results", "/draftsmith/generate", "/prose-console"]) {
      await page.goto(`${path}?document=${id}`);
      const notice = page.getByRole("alert").filter({ hasText: "This document was not found" });
      await expect(notice, path).toBeVisible();
      await expect(notice.getByRole("heading", { name: "This document was not found" })).toBeVisible();
      await expect(notice.getByRole("link", { name: "Documents" })).toHaveAttribute("href", "/documents");
      await expect(page.getByText(/stopped before any text was written, so nothing/)).toHaveCount(0);
      // The notice fits the screen: nothing scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      await expectNoSeriousA11yViolations(page);
      if (path !== "/draftsmith/results") {
        await notice.getByRole("button", { name: "Dismiss" }).click();
        await expect(notice).toHaveCount(0);
      }
    }
    // The document page says the same.
    await page.goto(`/documents/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: "This document was not found" })).toBeVisible();
  });
}

test("Settings links to the publishing connections", async ({ page }) => {
  await signedInAt(page, "/settings", "settingslink");
  const link = page.getByRole("link", { name: "Manage connections" });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/settings\/connections$/);
  await expect(page.getByRole("heading", { level: 1, name: "Connections" })).toBeVisible();
});

for (const size of SIZES) {
  test(`an admin edits a campaign: every field before a grant, all but the amount after (${size.name})`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize(size);
    const stamp = `${Date.now().toString(36)}${size.name}`;
    await page.goto("/policy");
    await signInAsAdmin(page, baseURL);
    const origin = new URL(baseURL ?? "http://127.0.0.1").origin;

    // A draft all_users campaign for one fresh user (made through the API; the form has no user list).
    const email = uniqueEmail("edited");
    const context = await page.context().browser()?.newContext({ baseURL });
    if (!context) throw new Error("no browser");
    await signUpOrIn(context.request, baseURL, email);
    const me = (await (await context.request.get("/api/auth/get-session")).json()) as { user: { id: string } };
    const userId = me.user.id;
    expect(userId).toBeTruthy();
    const name = `E2E edit ${stamp}`;
    const created = await page.request.post("/api/admin/campaigns", {
      headers: { Origin: origin },
      data: {
        name,
        campaignType: "all_users",
        creditAmount: 3,
        startDate: new Date().toISOString(),
        specificUserIds: [userId],
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    await page.goto("/admin/bonus-credits");
    const row = page.getByTestId("campaign-row").filter({ hasText: name });
    await row.getByRole("button", { name: `Edit ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit campaign" });
    await expect(dialog.getByLabel("Campaign name")).toHaveValue(name);
    await expect(dialog.getByLabel("Credits per user")).toBeEnabled();
    // A server rule, said in the dialog.
    await dialog.getByLabel("End date (optional)").fill("2001-01-01");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("End date must be after the start date");
    await dialog.getByLabel("End date (optional)").fill("");
    const renamed = `${name} (spring)`;
    await dialog.getByLabel("Campaign name").fill(renamed);
    await dialog.getByLabel("Description (optional)").fill("Edited in the browser");
    await dialog.getByLabel("Credits per user").fill("7");
    await dialog.getByLabel("Max recipients (optional)").fill("5");
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(dialog).toBeHidden();
    const edited = page.getByTestId("campaign-row").filter({ hasText: renamed });
    await expect(edited).toContainText("Edited in the browser");
    await expect(edited).toContainText("0 / 5");
    await expect(edited.getByRole("cell").nth(2)).toHaveText("7");

    // Activating grants its one user: "1 user received 7 credits each", never "1 users".
    await dismissToasts(page);
    await edited.getByRole("button", { name: `Activate ${renamed}` }).click();
    await expect(page.getByText(`"${renamed}" is active: 1 user received 7 credits each.`)).toBeVisible();
    await expect(page.getByText(/1 users/)).toHaveCount(0);

    // After the first grant the amount is fixed; the rest still edits.
    await dismissToasts(page);
    await edited.getByRole("button", { name: `Edit ${renamed}` }).click();
    await expect(dialog.getByLabel("Credits per user")).toBeDisabled();
    await expect(dialog).toContainText("Fixed: the campaign has already credited users.");
    await dialog.getByLabel("Max recipients (optional)").fill("");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(dialog).toBeHidden();
    await expect(edited).toContainText("1 / ∞");
    // The server refuses an amount change all the same.
    const id = (
      (await (await page.request.get("/api/admin/campaigns")).json()) as { campaigns: { id: number; name: string }[] }
    ).campaigns.find((c) => c.name === renamed)?.id;
    const refused = await page.request.patch(`/api/admin/campaigns/${id}`, {
      headers: { Origin: origin },
      data: { creditAmount: 9 },
    });
    expect(refused.status()).toBe(409);
    await context.close();
  });
}
