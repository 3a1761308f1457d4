import { expect, expectNoSeriousA11yViolations, PASSWORD, test, uniqueEmail } from "../fixtures";
import { signInAsNewUser } from "./helpers";

test.describe("billing", () => {
  test("signed out, /billing asks to sign in and still lists the packages", async ({ page }) => {
    await page.goto("/billing");
    await expect(page.getByRole("heading", { level: 1, name: "Credits & Billing" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Sign In Required" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("form", { name: "Sign in" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "How Credits Work" })).toBeVisible();
    const packages = page.getByRole("list", { name: "Credit packages" });
    await expect(packages.getByRole("listitem")).toHaveCount(4);
    await expect(packages.getByRole("button", { name: "Sign in to buy" }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("a new account sees its welcome bonus, the packages, that purchases are off, and the bonus in its transactions", async ({
    page,
  }) => {
    // Sign up from the billing page's own form.
    await page.goto("/billing");
    const main = page.getByRole("main");
    await main.getByRole("tab", { name: "Sign Up" }).click();
    const form = main.getByRole("form", { name: "Sign up" });
    await form.getByLabel("Email").fill(uniqueEmail("billing"));
    await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await form.getByLabel("Confirm password").fill(PASSWORD);
    await form.getByRole("button", { name: "Create Account" }).click();

    // Balance card: 50 welcome credits, all of them bonus.
    await expect(page.getByTestId("available-credits")).toHaveText("50");
    await expect(page.getByTestId("bonus-credits")).toHaveText("50");
    await expect(page.getByTestId("total-purchased")).toHaveText("0");
    await expect(page.getByTestId("used-credits")).toHaveText("0");
    await expect(page.getByTestId("header-credits")).toContainText("50");

    // 'How Credits Work' with the spec's guidance.
    const guide = page.getByRole("region", { name: "How Credits Work" });
    await expect(guide).toContainText("1,000 AI tokens");
    await expect(guide).toContainText("25% markup");
    await expect(guide).toContainText("Credits never expire");

    // The three tabs, Purchase Credits first.
    await expect(page.getByRole("tab", { name: "Purchase Credits" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tab", { name: "Transactions" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Usage History" })).toBeVisible();

    // Packages: price, credits, price per credit to three decimals, the popular badge.
    const packages = page.getByRole("list", { name: "Credit packages" });
    await expect(packages.getByRole("listitem")).toHaveCount(4);
    const creator = packages.getByRole("listitem").filter({ hasText: "Creator" });
    await expect(creator).toContainText("$12.99");
    await expect(creator).toContainText("150 credits");
    await expect(creator).toContainText("$0.087 per credit");
    await expect(creator).toContainText("Most popular");

    // No Stripe keys on this server: said plainly, and nothing can be bought.
    await expect(page.getByTestId("purchases-disabled")).toContainText("Purchases are not configured on this server");
    for (const button of await packages.getByRole("button", { name: /^Buy / }).all())
      await expect(button).toBeDisabled();
    // …and no footnote about Stripe handling payments that cannot be taken here.
    await expect(page.getByText("Payment is handled by Stripe")).toHaveCount(0);

    // 'How Credits Work' agrees with what steps are charged (the shared credit formulas).
    await expect(guide).toContainText("AI detection (fixed price)1 credit");
    await expect(guide).toContainText("Revision or final rewrite (800-word draft)about 5 credits");
    await expect(guide).toContainText("SEO HTML (fixed price)2 credits");
    await expect(guide).not.toContainText("2-3");

    // Transactions: the welcome bonus, signed, with the balance after it.
    await page.getByRole("tab", { name: "Transactions" }).click();
    const bonusRow = page.getByRole("row").filter({ hasText: "Bonus" });
    await expect(bonusRow).toHaveCount(1);
    await expect(bonusRow.getByRole("cell").nth(3)).toHaveText("+50");
    await expect(bonusRow.getByRole("cell").nth(4)).toHaveText("50");

    // Usage: the 30-day chart, and nothing spent yet.
    await page.getByRole("tab", { name: "Usage History" }).click();
    await expect(page.getByRole("img", { name: /Credits used per day, last 30 days/ })).toBeVisible();
    await expect(page.getByText("No usage yet.")).toBeVisible();

    await expectNoSeriousA11yViolations(page);
  });

  test("a failed checkout says 'Purchase Failed', and a success address with no or a fake checkout says no payment was found", async ({
    page,
    baseURL,
  }) => {
    await page.goto("/policy");
    await signInAsNewUser(page, baseURL, "checkout");

    // Pretend the server has Stripe so the button is enabled; the server itself still refuses.
    await page.route("**/api/billing/config", (route) => route.fulfill({ json: { purchasesEnabled: true } }));
    await page.goto("/billing");
    await page.getByRole("button", { name: /^Buy Starter/ }).click();
    await expect(page.getByText("Purchase Failed")).toBeVisible();
    await expect(page.getByText("Purchases are not configured on this server")).toBeVisible();
    await expect(page).toHaveURL(/\/billing$/);

    // The success page states what the ledger says, never "Payment successful" on its own say-so.
    await page.goto("/billing/success");
    const notice = page.getByTestId("payment-return");
    await expect(notice).toContainText("No payment found");
    await expect(notice).not.toContainText("successful");
    await page.goto("/billing/success?session_id=cs_test_made_up_by_hand");
    await expect(notice).toContainText("No payment found");
    await expect(notice).toContainText("There is no checkout with this address on your account");
    await expect(page.getByTestId("available-credits")).toHaveText("50");
    await expect(page).toHaveTitle("Payment · Billing · Draftsmith");
  });

  test("packages that fail to load say 'Failed to load credit packages'", async ({ page }) => {
    await page.route("**/api/billing/packages", (route) =>
      route.fulfill({ status: 500, json: { error: "Database unreachable", code: "INTERNAL" } }),
    );
    await page.goto("/billing");
    await expect(page.getByText("Failed to load credit packages").first()).toBeVisible();
    await expect(page.getByText("Database unreachable")).toBeVisible();
  });
});
