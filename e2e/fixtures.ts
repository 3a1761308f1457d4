import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

export const PASSWORD = "correct-horse-battery-9";

let counter = 0;
/** A unique address per test, so specs never share users. */
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@e2e.test`;
}

export async function signUpViaUi(page: Page, email: string, password = PASSWORD) {
  await page.getByRole("banner").getByRole("button", { name: "Sign Up" }).click();
  const dialog = page.getByRole("dialog");
  const form = dialog.getByRole("form", { name: "Sign up" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByLabel("Confirm password").fill(password);
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("header-credits")).toBeVisible();
}

/** Signs up through the API in the page's context, so the session cookie is the browser's own. */
export async function signUpViaApi(page: Page, email: string, password = PASSWORD) {
  const res = await page.request.post("/api/auth/sign-up/email", {
    data: { email, password },
    headers: { Origin: new URL(page.url() === "about:blank" ? "http://127.0.0.1" : page.url()).origin },
  });
  expect(res.status(), await res.text()).toBe(200);
}

export async function expectNoSeriousA11yViolations(page: Page) {
  // axe cannot run inside a sandbox="" iframe (the SEO preview) and waits forever: leave those out.
  const results = await new AxeBuilder({ page }).exclude("iframe[sandbox]").analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
}

export const test = base;
export type { Page };
export { expect };
