import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";

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

/** Opens `path` signed in as a fresh user: signed up through the API, then reloaded. */
export async function signedInAt(page: Page, path: string, prefix = "user") {
  await page.goto(path);
  await signUpViaApi(page, uniqueEmail(prefix));
  await page.reload();
  await expect(page.getByTestId("header-credits")).toBeVisible();
}

/** The note shown on drafts from the offline sample writer. */
export const OFFLINE_NOTE = "Written by the offline sample writer — no AI model is configured on this server";

/**
 * Spends the user's credits honestly until fewer than `limit` are left. Drafts by the offline writer
 * are free, so it buys SEO HTML (2 credits a call), then one detection (1 credit) to land below.
 */
export async function spendCreditsBelow(page: Page, limit: number): Promise<number> {
  const origin = new URL(page.url()).origin;
  const available = async () =>
    ((await (await page.request.get("/api/billing/credits")).json()) as { availableCredits: number }).availableCredits;
  const content = `# Opening hours\n\n${"Check your opening hours on every map app before each holiday weekend. ".repeat(8)}`;
  for (let left = await available(); left >= limit; left = await available()) {
    const [path, data] =
      left - limit >= 1
        ? ["/api/seo-produce-code", { content, platform: "wordpress" }]
        : // A text never checked before: a re-check of the same text is free (issue 31).
          ["/api/detect-ai", { text: `${content.slice(16)} Checked with ${left} left on ${Date.now()}.` }];
    const res = await page.request.post(path, { headers: { Origin: origin }, data });
    expect(res.status(), await res.text()).toBe(200);
  }
  return available();
}

/** The improvement summary's flagged-sentence counts, before and after (once it has both). */
export async function flaggedBeforeAfter(summary: Locator): Promise<[number, number]> {
  let counts: [number, number] | undefined;
  await expect(async () => {
    const m = (await summary.textContent())?.match(/Flagged sentences\s*(\d+)\s*to\s*(\d+)/);
    expect(m, "the summary shows flagged sentences before and after").toBeTruthy();
    counts = [Number(m?.[1]), Number(m?.[2])];
  }).toPass({ timeout: 30_000 });
  return counts as [number, number];
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
