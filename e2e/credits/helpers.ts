// Accounts for the credit and admin specs. The admin account is shared and made once per server.
// (playwright.config.ts lifts the sign-up limit to 1,000 a minute for the browser tests; the limit
// itself is tested in src/server/auth.)
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { verifyAddress } from "../account/outbox";
import { expect, PASSWORD, uniqueEmail } from "../fixtures";

/** In playwright.config.ts's ADMIN_EMAILS. */
export const ADMIN_EMAIL = "admin@e2e.test";

const origin = (baseURL: string | undefined) => new URL(baseURL ?? "http://127.0.0.1").origin;

export async function signUpOrIn(request: APIRequestContext, baseURL: string | undefined, email: string) {
  const headers = { Origin: origin(baseURL) };
  const up = await request.post("/api/auth/sign-up/email", { data: { email, password: PASSWORD }, headers });
  if (up.ok()) return;
  // Another spec made it first (the admin is shared): sign in instead.
  const in_ = await request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD }, headers });
  expect(
    in_.status(),
    `${email}: sign-up said ${up.status()} ${await up.text()}; sign-in said ${await in_.text()}`,
  ).toBe(200);
}

/**
 * Signs the page's browser context in as the admin (making the account on first use). ADMIN_EMAILS
 * grants the role once the address is verified, so the link from the server's outbox is followed.
 */
export async function signInAsAdmin(page: Page, baseURL: string | undefined) {
  await signUpOrIn(page.request, baseURL, ADMIN_EMAIL);
  await verifyAddress(page.request, baseURL, ADMIN_EMAIL);
}

/** Signs the page's browser context in as a brand-new user; returns the address. */
export async function signInAsNewUser(page: Page, baseURL: string | undefined, prefix = "user") {
  const email = uniqueEmail(prefix);
  await signUpOrIn(page.request, baseURL, email);
  return email;
}

/**
 * A user in a browser context of their own (the admin's session stays put); returns the address
 * and the context's API client, which carries that user's cookie.
 */
export async function newUserElsewhere(browser: Browser, baseURL: string | undefined, email: string) {
  const context = await browser.newContext({ baseURL });
  await signUpOrIn(context.request, baseURL, email);
  return { context, request: context.request };
}

export async function availableCredits(request: APIRequestContext): Promise<number> {
  const res = await request.get("/api/billing/credits");
  expect(res.status()).toBe(200);
  return ((await res.json()) as { availableCredits: number }).availableCredits;
}

/**
 * Closes the toasts on screen. Sonner's rich success colours (#008a2e on #ecfdf3, 4.25:1) fail
 * WCAG AA contrast; that is the app-wide Toaster's to fix, not these screens', so scans of a
 * screen run without them.
 */
export async function dismissToasts(page: Page) {
  const toasts = page.locator("[data-sonner-toast]");
  // Close the first toast on screen until none is left (one may leave by itself meanwhile).
  await expect(async () => {
    if ((await toasts.count()) > 0)
      await page
        .getByRole("button", { name: "Close toast" })
        .first()
        .click({ timeout: 5000 })
        .catch(() => undefined);
    await expect(toasts).toHaveCount(0, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
}
