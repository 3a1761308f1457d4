// A purchase end to end: the Purchase tab → POST /api/billing/checkout (the real `stripe` SDK) →
// Stripe's hosted page (the loopback fake of e2e/credits/fake-stripe-checkout.ts) → 'Pay' → the
// signed checkout.session.completed webhook → the new balance. Runs against the second app of
// playwright.config.ts, the one with Stripe keys.
import type { APIRequestContext } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "../fixtures";
import { availableCredits, dismissToasts, signInAsNewUser } from "./helpers";

// As in playwright.config.ts: the Stripe-enabled app on E2E_PORT+1, the fake Stripe on E2E_PORT+2.
const E2E_PORT = Number(process.env.E2E_PORT ?? 5187);
const STRIPE_APP = `http://127.0.0.1:${E2E_PORT + 1}`;
const FAKE_STRIPE = `http://127.0.0.1:${E2E_PORT + 2}`;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const CHECKOUT_PAGE = new RegExp(`^${escapeRegExp(FAKE_STRIPE)}/pay/(cs_test_\\w+)$`);

interface Delivery {
  eventId: string;
  type: string;
  sessionId: string;
  url: string;
  attempts: number;
  status: number | null;
  response: string | null;
}

/** The webhook events the fake Stripe sent for one Checkout Session. */
async function deliveriesFor(request: APIRequestContext, sessionId: string): Promise<Delivery[]> {
  const res = await request.get(`${FAKE_STRIPE}/__fake/deliveries`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as Delivery[]).filter((d) => d.sessionId === sessionId);
}

async function purchases(request: APIRequestContext) {
  const res = await request.get("/api/billing/history?limit=20");
  expect(res.status()).toBe(200);
  const { transactions } = (await res.json()) as {
    transactions: { type: string; amount: number; balanceAfter: number; description: string }[];
  };
  return transactions.filter((t) => t.type === "purchase");
}

test.use({ baseURL: STRIPE_APP });

test.describe("buying credits through Stripe Checkout", () => {
  test("Buy → the checkout page → Pay → the webhook credits exactly the package, once", async ({ page, baseURL }) => {
    await page.goto("/policy");
    await signInAsNewUser(page, baseURL, "buyer");
    await page.goto("/billing");
    await expect(page.getByTestId("available-credits")).toHaveText("50");
    await expect(page.getByTestId("header-credits")).toContainText("50");

    // Purchases are on here: the Buy buttons work and no "not configured" notice is shown.
    const buy = page.getByRole("button", { name: "Buy Creator: 150 credits for $12.99" });
    await expect(buy).toBeEnabled();
    await expect(page.getByTestId("purchases-disabled")).toHaveCount(0);
    await expect(page.getByText("Purchases are not configured on this server")).toHaveCount(0);
    await buy.click();

    // Stripe's hosted page, as the browser sees it: another origin, the amount and the product.
    await expect(page).toHaveURL(CHECKOUT_PAGE);
    const sessionId = CHECKOUT_PAGE.exec(page.url())?.[1] ?? "";
    await expect(page.getByRole("heading", { name: "Pay $12.99" })).toBeVisible();
    await expect(page.getByTestId("fake-checkout-product")).toHaveText("Creator: 150 Draftsmith credits");
    await page.getByRole("button", { name: "Pay" }).click();

    // Back before the webhook: the success page waits for the credits, and then they arrive.
    await page.waitForURL(`${STRIPE_APP}/billing/success?session_id=${sessionId}`);
    const notice = page.getByTestId("payment-return");
    // (It says "Waiting for the payment to be confirmed" until the webhook is in; how long that shows
    // depends on timing, so only the outcome is asserted.)
    await expect(notice).toContainText("Credits added", { timeout: 20_000 });
    await expect(notice).toContainText("150 credits (Creator) were added to your account");

    // Exactly the package's 150 credits, in the header and on the balance card.
    await expect(page.getByTestId("header-credits")).toContainText("200");
    await expect(page.getByTestId("available-credits")).toHaveText("200");
    await expect(page.getByTestId("total-purchased")).toHaveText("150");
    await expect(page.getByTestId("bonus-credits")).toHaveText("50");
    await expect(page.getByTestId("used-credits")).toHaveText("0");

    // They came with one signed webhook, which the app verified and fulfilled.
    const [delivery, ...more] = await deliveriesFor(page.request, sessionId);
    expect(more).toEqual([]);
    expect(delivery).toMatchObject({
      type: "checkout.session.completed",
      url: `${STRIPE_APP}/api/billing/webhook`,
      status: 200,
      attempts: 1,
    });
    expect(JSON.parse(delivery?.response ?? "{}")).toEqual({ received: true, duplicate: false, handled: "fulfilled" });

    // Transactions: the purchase, signed, with the balance after it.
    await page.getByRole("tab", { name: "Transactions" }).click();
    const purchaseRow = page
      .getByRole("row")
      .filter({ has: page.getByRole("cell", { name: "Purchase", exact: true }) });
    await expect(purchaseRow).toHaveCount(1);
    await expect(purchaseRow.getByRole("cell").nth(2)).toHaveText("Purchased Creator (150 credits)");
    await expect(purchaseRow.getByRole("cell").nth(3)).toHaveText("+150");
    await expect(purchaseRow.getByRole("cell").nth(4)).toHaveText("200");

    // Coming back to the success page, and reloading it, adds nothing: it reads the ledger again.
    await page.goto(`/billing/success?session_id=${sessionId}`);
    await expect(notice).toContainText("150 credits (Creator) were added");
    await page.reload();
    await expect(notice).toContainText("150 credits (Creator) were added");
    await expect(page.getByTestId("available-credits")).toHaveText("200");
    await expect(page.getByTestId("header-credits")).toContainText("200");

    // Stripe delivering the same event again (its retries, the Dashboard's "Resend") adds nothing either.
    const resent = await page.request.post(`${FAKE_STRIPE}/__fake/events/${delivery?.eventId}/resend`);
    expect(resent.status()).toBe(200);
    const again = (await resent.json()) as Delivery;
    expect(again.status).toBe(200);
    expect(JSON.parse(again.response ?? "{}")).toEqual({ received: true, duplicate: true });

    expect(await availableCredits(page.request)).toBe(200);
    expect(await purchases(page.request)).toEqual([
      expect.objectContaining({ amount: 150, balanceAfter: 200, description: "Purchased Creator (150 credits)" }),
    ]);
  });

  test("Cancel on the checkout page returns to /billing with nothing credited", async ({ page, baseURL }) => {
    await page.goto("/policy");
    await signInAsNewUser(page, baseURL, "canceller");
    await page.goto("/billing");
    await expect(page.getByTestId("available-credits")).toHaveText("50");
    await page.getByRole("button", { name: /^Buy Starter/ }).click();

    await expect(page).toHaveURL(CHECKOUT_PAGE);
    const sessionId = CHECKOUT_PAGE.exec(page.url())?.[1] ?? "";
    await expect(page.getByRole("heading", { name: "Pay $4.99" })).toBeVisible();
    await page.getByRole("link", { name: "Cancel" }).click();

    await expect(page).toHaveURL(`${STRIPE_APP}/billing`);
    await expect(page.getByRole("heading", { level: 1, name: "Credits & Billing" })).toBeVisible();
    await expect(page.getByTestId("available-credits")).toHaveText("50");
    await expect(page.getByTestId("total-purchased")).toHaveText("0");
    await expect(page.getByTestId("payment-return")).toHaveCount(0);

    // Typing the success address of the unpaid checkout credits nothing: it waits for a webhook that
    // never comes. Without a checkout id there is nothing to find.
    await page.goto(`/billing/success?session_id=${sessionId}`);
    await expect(page.getByTestId("payment-return")).toContainText("Waiting for the payment to be confirmed");
    // Once Stripe closes the checkout unpaid (after 24 hours, here at once) the page stops waiting.
    const expired = await page.request.post(`${FAKE_STRIPE}/v1/checkout/sessions/${sessionId}/expire`, {
      headers: { authorization: "Bearer sk_test_e2e" },
    });
    expect(expired.status()).toBe(200);
    await page.reload();
    await expect(page.getByTestId("payment-return")).toHaveAttribute("data-state", "expired");
    await expect(page.getByTestId("payment-return")).toContainText("This checkout expired");
    await expect(page.getByTestId("payment-return")).toContainText("no credits were added");
    await page.goto("/billing/success");
    await expect(page.getByTestId("payment-return")).toContainText("No payment found");
    await expect(page.getByTestId("available-credits")).toHaveText("50");
    await expect(page.getByTestId("header-credits")).toContainText("50");

    await page.goto("/billing");
    await page.getByRole("tab", { name: "Transactions" }).click();
    await expect(page.getByRole("row").filter({ hasText: "Bonus" })).toHaveCount(1);
    await expect(page.getByRole("cell", { name: "Purchase", exact: true })).toHaveCount(0);

    expect(await deliveriesFor(page.request, sessionId)).toEqual([]);
    expect(await purchases(page.request)).toEqual([]);
    expect(await availableCredits(page.request)).toBe(50);
  });

  test("the billing page with purchases enabled passes an accessibility scan", async ({ page, baseURL }) => {
    await page.goto("/policy");
    await signInAsNewUser(page, baseURL, "a11y-buyer");
    await page.goto("/billing");
    const packages = page.getByRole("list", { name: "Credit packages" });
    await expect(packages.getByRole("listitem")).toHaveCount(4);
    for (const button of await packages.getByRole("button", { name: /^Buy / }).all())
      await expect(button).toBeEnabled();
    await expect(page.getByTestId("available-credits")).toHaveText("50");
    await dismissToasts(page);
    await expectNoSeriousA11yViolations(page);
  });
});
