import { expect, expectNoSeriousA11yViolations, test } from "../fixtures";
import { availableCredits, dismissToasts, newUserElsewhere, signInAsAdmin } from "./helpers";

test.describe("direct credit grants", () => {
  test("an admin grants credits to two searched users and sees them in the history", async ({
    page,
    browser,
    baseURL,
  }) => {
    // Two users whose addresses share a tag no other spec uses.
    const tag = `grantee${Date.now().toString(36)}`;
    const first = await newUserElsewhere(browser, baseURL, `${tag}-one@e2e.test`);
    const second = await newUserElsewhere(browser, baseURL, `${tag}-two@e2e.test`);
    // The welcome bonus, or more when a parallel spec's one-place sign-up campaign reached them first.
    const [b1, b2] = [await availableCredits(first.request), await availableCredits(second.request)];

    await page.goto("/policy");
    await signInAsAdmin(page, baseURL);
    await page.goto("/admin/direct-grant");
    await expect(page.getByRole("heading", { level: 1, name: "Direct Credit Grant" })).toBeVisible();
    await expect(page.getByText("Grant bonus credits directly to specific users")).toBeVisible();
    await expect(page.getByRole("tab", { name: "Grant Credits" })).toHaveAttribute("aria-selected", "true");
    const admin = page.getByRole("navigation", { name: "Admin" });
    await expect(admin.getByRole("link", { name: "Bonus Credit Campaigns" })).toBeVisible();
    await expect(admin.getByRole("link", { name: "Direct Credit Grants" })).toBeVisible();

    // Defaults, and the button stays off until users, an amount and a reason are there.
    const amount = page.getByLabel("Credit Amount per User");
    await expect(amount).toHaveValue("100");
    await expect(page.getByText("0/500")).toBeVisible();
    await expect(page.getByRole("button", { name: "Grant 0 Credits" })).toBeDisabled();
    await expect(page.getByRole("heading", { name: "Selected Users (0)" })).toBeVisible();

    // One character does not search; two do (after the 300 ms pause).
    const search = page.getByPlaceholder("Search by email or username...");
    await search.fill("g");
    await expect(page.getByRole("list", { name: "Search results" })).toHaveCount(0);
    await search.fill(tag);
    const results = page.getByRole("list", { name: "Search results" });
    await expect(results.getByRole("listitem")).toHaveCount(2);
    await expect(results.getByRole("listitem").first()).toContainText(`${b1} credits`);

    await results.getByRole("button", { name: new RegExp(`Add .*${tag}-one@e2e.test`) }).click();
    await results.getByRole("button", { name: new RegExp(`Add .*${tag}-two@e2e.test`) }).click();
    await expect(page.getByRole("heading", { name: "Selected Users (2)" })).toBeVisible();
    // Already selected: highlighted and no longer clickable.
    await expect(results.getByRole("button", { name: /\(selected\)/ })).toHaveCount(2);
    for (const b of await results.getByRole("button").all()) await expect(b).toBeDisabled();

    // Before → after for each user, the summary, the total on the button.
    await amount.fill("25");
    const selected = page.getByRole("list", { name: "Selected users" });
    await expect(selected.getByRole("listitem").first()).toContainText(String(b1));
    await expect(selected.getByRole("listitem").first()).toContainText(String(b1 + 25));
    await expect(page.getByTestId("grant-summary")).toContainText("Recipients2");
    await expect(page.getByTestId("grant-summary")).toContainText("Total credits50");
    await expect(page.getByRole("button", { name: "Grant 50 Credits" })).toBeDisabled();
    const reason = `Beta feedback ${tag}`;
    await page.getByLabel("Reason for Grant").fill(reason);
    await expect(page.getByText(`${reason.length}/500`)).toBeVisible();

    // A non-numeric amount becomes 0 and blocks the grant.
    await amount.fill("");
    await expect(page.getByRole("button", { name: "Grant 0 Credits" })).toBeDisabled();
    await amount.fill("25");

    await page.getByRole("button", { name: "Grant 50 Credits" }).click();
    await expect(page.getByText("Credits Granted Successfully")).toBeVisible();

    // Everything is cleared for the next grant.
    await expect(page.getByRole("heading", { name: "Selected Users (0)" })).toBeVisible();
    await expect(amount).toHaveValue("100");
    await expect(page.getByLabel("Reason for Grant")).toHaveValue("");
    await expect(search).toHaveValue("");
    await expect(page.getByRole("list", { name: "Search results" })).toHaveCount(0);

    // The users really have them.
    expect(await availableCredits(first.request)).toBe(b1 + 25);
    expect(await availableCredits(second.request)).toBe(b2 + 25);
    await first.context.close();
    await second.context.close();

    // History.
    await page.getByRole("tab", { name: "Grant History" }).click();
    await expect(page.getByRole("heading", { name: "Grant History" })).toBeVisible();
    await expect(page.getByText("Recent direct credit grants")).toBeVisible();
    const entries = page.getByTestId("grant-entry").filter({ hasText: tag });
    await expect(entries).toHaveCount(2);
    for (const entry of await entries.all()) {
      await expect(entry).toContainText(`Reason: ${reason}`);
      await expect(entry).toContainText("+25 credits");
    }
    await dismissToasts(page);
    await expectNoSeriousA11yViolations(page);

    // Back on the grant tab the page is still usable, and axe-clean.
    await page.getByRole("tab", { name: "Grant Credits" }).click();
    await expectNoSeriousA11yViolations(page);
  });

  test("a search the server refuses says 'Search Failed' with its reason", async ({ page, baseURL }) => {
    await page.goto("/policy");
    await signInAsAdmin(page, baseURL);
    await page.route("**/api/admin/direct-grant/search**", (route) =>
      route.fulfill({ status: 502, contentType: "text/html", body: "<!doctype html><title>Bad gateway</title>" }),
    );
    await page.goto("/admin/direct-grant");
    await page.getByPlaceholder("Search by email or username...").fill("someone");
    await expect(page.getByText("Search Failed")).toBeVisible();
    await expect(page.getByText(/returned HTML instead of JSON \(status 502\)/)).toBeVisible();
  });
});
