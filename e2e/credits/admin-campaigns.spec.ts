import { expect, expectNoSeriousA11yViolations, test, uniqueEmail } from "../fixtures";
import { ADMIN_EMAIL, availableCredits, dismissToasts, signInAsAdmin, signUpOrIn } from "./helpers";

test.describe("bonus credit campaigns", () => {
  test("signed out, the campaigns screen says 'Authentication Required'", async ({ page }) => {
    await page.goto("/admin/bonus-credits");
    await expect(page.getByRole("heading", { name: "Authentication Required" })).toBeVisible();
    await expect(page.getByRole("form", { name: "Create campaign" })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test("a campaign created while the list is still loading shows in the list", async ({ page, baseURL }) => {
    const name = `E2E early ${Date.now().toString(36)}`;
    await page.goto("/policy");
    await signInAsAdmin(page, baseURL);
    // The list's first answer is held back until the campaign has been created: it was read before.
    let created: () => void = () => {};
    const afterCreate = new Promise<void>((resolve) => {
      created = resolve;
    });
    let first = true;
    await page.route("**/api/admin/campaigns", async (route) => {
      const request = route.request();
      if (request.method() === "POST") {
        const response = await route.fetch();
        await route.fulfill({ response });
        created();
        return;
      }
      if (first) {
        first = false;
        const response = await route.fetch();
        await afterCreate;
        // The page may have given up on this answer by now (its request cancelled): nothing to fulfil.
        await route.fulfill({ response }).catch(() => {});
        return;
      }
      await route.continue();
    });
    await page.goto("/admin/bonus-credits");
    const form = page.getByRole("form", { name: "Create campaign" });
    await form.getByLabel("Campaign name").fill(name);
    await form.getByRole("button", { name: "Create Campaign" }).click();
    await expect(page.getByText("Campaign Created")).toBeVisible();
    const row = page.getByTestId("campaign-row").filter({ hasText: name });
    await expect(row).toBeVisible();
    // Tidy up: the draft goes.
    await page.unrouteAll({ behavior: "wait" });
    await row.getByRole("button", { name: `Delete ${name}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete Campaign" }).click();
    await expect(row).toHaveCount(0);
  });

  test("an admin creates, activates and inspects a campaign", async ({ page, browser, baseURL }) => {
    const name = `E2E spring ${Date.now().toString(36)}`;
    await page.goto("/policy");
    await signInAsAdmin(page, baseURL);
    await page.goto("/admin/bonus-credits");
    await expect(page.getByRole("heading", { level: 1, name: "Bonus Credit Campaigns" })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Direct Credit Grants" }),
    ).toBeVisible();

    // The form's defaults (spec §5), then its rules.
    const form = page.getByRole("form", { name: "Create campaign" });
    await expect(form.getByLabel("Credits per user")).toHaveValue("50");
    await expect(form.getByLabel("Campaign type")).toHaveValue("new_signups");
    await expect(form.getByLabel("Start date")).not.toHaveValue("");
    await expect(form.getByLabel("Activate immediately")).not.toBeChecked();
    await form.getByRole("button", { name: "Create Campaign" }).click();
    await expect(form.getByText("Campaign name is required")).toBeVisible();

    // A one-recipient new sign-ups campaign, created as a draft.
    await form.getByLabel("Campaign name").fill(name);
    await form.getByLabel("Credits per user").fill("20");
    await form.getByLabel("Max recipients (optional)").fill("1");
    await form.getByRole("button", { name: "Create Campaign" }).click();
    await expect(page.getByText("Campaign Created")).toBeVisible();
    await expect(form.getByLabel("Campaign name")).toHaveValue("");

    const row = page.getByTestId("campaign-row").filter({ hasText: name });
    await expect(row).toContainText("Draft");
    await expect(row).toContainText("0 / 1");
    await expect(row.getByRole("button", { name: `Delete ${name}` })).toBeVisible();

    // Activate: it runs now, and the next sign-up receives it. (The newcomer's browser is ready
    // first, so the campaign's single place goes at once and parallel specs' sign-ups keep their 50.)
    const newcomer = uniqueEmail("campaign");
    const context = await browser.newContext({ baseURL });
    await row.getByRole("button", { name: `Activate ${name}` }).click();
    await expect(page.getByText("Campaign Activated")).toBeVisible();
    // Active, with Deactivate; or already completed, when a parallel spec's sign-up took the single
    // place before the list was read again (seen on CI).
    await expect(
      row.getByRole("button", { name: `Deactivate ${name}` }).or(row.getByText("Completed", { exact: true })),
    ).toBeVisible();
    await signUpOrIn(context.request, baseURL, newcomer);

    // The welcome bonus plus, unless a parallel spec's sign-up took the single place, this campaign.
    const balance = await availableCredits(context.request);
    expect([50, 70]).toContain(balance);
    await context.close();

    // With its one recipient it is completed: no Deactivate, no Delete.
    await page.reload();
    await expect(row).toContainText("Completed");
    await expect(row).toContainText("1 / 1");
    await expect(row.getByRole("button", { name: `Delete ${name}` })).toHaveCount(0);
    await expect(row.getByRole("button", { name: `Activate ${name}` })).toHaveCount(0);

    // The recipients dialog.
    await row.getByRole("button", { name: `View recipients of ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Campaign Recipients" });
    await expect(dialog).toContainText(name);
    await expect(dialog.getByTestId("recipients-total")).toHaveText("1");
    await expect(dialog.getByTestId("recipients-credits-total")).toHaveText("20");
    await expect(dialog.getByRole("columnheader")).toHaveText(["User", "Email", "Credits", "Granted At"]);
    const recipient = dialog.getByRole("row").nth(1);
    await expect(recipient.getByRole("cell").nth(2)).toHaveText("20");
    await expect(recipient.getByRole("cell").nth(3)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}$/);
    if (balance === 70) await expect(recipient).toContainText(newcomer);
    await dismissToasts(page);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await expect(dialog).toBeHidden();
  });

  test("an admin deletes a draft after confirming, and deactivates an active campaign", async ({ page, baseURL }) => {
    const stamp = Date.now().toString(36);
    await page.goto("/policy");
    await signInAsAdmin(page, baseURL);
    await page.goto("/admin/bonus-credits");
    const form = page.getByRole("form", { name: "Create campaign" });

    // A campaign that starts next year is scheduled once active, and can be called off.
    const later = `E2E later ${stamp}`;
    await form.getByLabel("Campaign name").fill(later);
    await form.getByLabel("Start date").fill(`${new Date().getFullYear() + 1}-01-01`);
    await form.getByLabel("Activate immediately").check();
    await form.getByRole("button", { name: "Create Campaign" }).click();
    const laterRow = page.getByTestId("campaign-row").filter({ hasText: later });
    await expect(laterRow).toContainText("Scheduled");
    await laterRow.getByRole("button", { name: `Deactivate ${later}` }).click();
    await expect(page.getByText("Campaign Deactivated")).toBeVisible();
    await expect(laterRow).toContainText("Draft");

    // Delete asks first; Cancel keeps it.
    await laterRow.getByRole("button", { name: `Delete ${later}` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete campaign?" });
    await expect(confirm).toContainText(later);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(laterRow).toBeVisible();
    await laterRow.getByRole("button", { name: `Delete ${later}` }).click();
    await confirm.getByRole("button", { name: "Delete Campaign" }).click();
    await expect(page.getByText("Campaign Deleted")).toBeVisible();
    await expect(laterRow).toHaveCount(0);

    await dismissToasts(page);
    await expectNoSeriousA11yViolations(page);
  });

  test("a non-admin sees no admin screen", async ({ page, baseURL }) => {
    await page.goto("/policy");
    const email = uniqueEmail("plain");
    const res = await page.request.post("/api/auth/sign-up/email", {
      data: { email, password: "correct-horse-battery-9" },
      headers: { Origin: new URL(baseURL ?? "http://127.0.0.1").origin },
    });
    expect(res.status()).toBe(200);
    expect(email).not.toBe(ADMIN_EMAIL);

    for (const path of ["/admin/bonus-credits", "/admin/direct-grant"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: "This area is for administrators" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Admin" })).toHaveCount(0);
      await expect(page.getByRole("form")).toHaveCount(0);
    }
    await page.getByRole("button", { name: "Account menu" }).click();
    await expect(page.getByRole("menuitem", { name: "Admin" })).toHaveCount(0);
    await page.keyboard.press("Escape");

    // The server says the same.
    expect((await page.request.get("/api/admin/campaigns")).status()).toBe(403);
    expect((await page.request.get("/api/admin/direct-grant/search?query=ad")).status()).toBe(403);
  });

  test("campaigns and recipients that fail to load say so", async ({ page, baseURL }) => {
    await page.goto("/policy");
    await signInAsAdmin(page, baseURL);
    await page.route("**/api/admin/campaigns", (route) =>
      route.request().method() === "GET"
        ? route.fulfill({ status: 500, json: { error: "Database unreachable", code: "INTERNAL" } })
        : route.continue(),
    );
    await page.goto("/admin/bonus-credits");
    await expect(page.getByText("Failed to fetch campaigns").first()).toBeVisible();

    await page.unrouteAll();
    await page.route("**/api/admin/campaigns/*/recipients", (route) =>
      route.fulfill({ status: 500, json: { error: "Database unreachable", code: "INTERNAL" } }),
    );
    await page.reload();
    await page.getByRole("button", { name: "View recipients of Welcome bonus" }).click();
    await expect(page.getByText("Failed to fetch recipients").first()).toBeVisible();
  });
});
