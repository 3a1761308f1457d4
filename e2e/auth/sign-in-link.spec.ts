// "E-mail me a sign-in link" in the browser, reading the real message from the server's outbox: the
// dialog's answer, the link landing on Home signed in, and a used or broken link's error page with
// "Send a new link".
import type { Page } from "@playwright/test";
import { linkOn, verifyAddress, waitForMail } from "../account/outbox";
import { expect, expectNoSeriousA11yViolations, PASSWORD, test, uniqueEmail } from "../fixtures";

const origin = (baseURL: string | undefined) => ({ Origin: new URL(baseURL ?? "http://127.0.0.1").origin });

/** A verified account, signed out again, on Home. */
async function verifiedAccount(page: Page, baseURL: string | undefined, email: string) {
  await page.goto("/");
  const res = await page.request.post("/api/auth/sign-up/email", {
    data: { email, password: PASSWORD },
    headers: origin(baseURL),
  });
  expect(res.status(), await res.text()).toBe(200);
  await verifyAddress(page.request, baseURL, email);
  await page.request.post("/api/auth/sign-out", { data: {}, headers: origin(baseURL) });
  await page.goto("/");
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign In" })).toBeVisible();
}

test.describe("sign-in link", () => {
  test("asked for in the sign-in dialog, the mailed link signs in once and lands on Home", async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail("link");
    await verifiedAccount(page, baseURL, email);

    await page.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "E-mail me a sign-in link" }).click();
    const form = dialog.getByRole("form", { name: "Sign in with a link" });
    await form.getByLabel("Email").fill("not an address");
    await form.getByRole("button", { name: "Send sign-in link" }).click();
    await expect(form.getByText("Invalid email address")).toBeVisible();
    await form.getByLabel("Email").fill(email);
    await form.getByRole("button", { name: "Send sign-in link" }).click();
    await expect(form.getByRole("status")).toContainText("Check your inbox.");
    await expect(form.getByRole("status")).toContainText("works once, for 15 minutes");
    await dialog.getByRole("button", { name: "Back to sign in" }).click();
    await expect(dialog.getByRole("form", { name: "Sign in" })).toBeVisible();
    await page.keyboard.press("Escape");

    const mail = await waitForMail(email, /Your Draftsmith sign-in link/);
    const link = linkOn(mail, baseURL);
    expect(new URL(link).pathname).toBe("/sign-in-link");
    await page.goto(link);
    await expect(page).toHaveURL(new URL("/", baseURL).toString());
    await expect(page.getByTestId("header-credits")).toBeVisible();
    // The link's page is not kept in the history: Back does not spend it again.
    expect(await page.evaluate(() => window.location.search)).toBe("");

    // Used once: the page says so, in words, and offers a new link.
    await page.goto(link);
    const alert = page.getByRole("alert");
    await expect(alert).toHaveText("This sign-in link has expired or was already used. Ask for a new one.");
    await expectNoSeriousA11yViolations(page);
    const again = page.getByRole("form", { name: "Send a new link" });
    await again.getByLabel("Email").fill(email);
    await again.getByRole("button", { name: "Send a new link" }).click();
    await expect(again.getByRole("status")).toContainText("Check your inbox.");
    const second = await waitForMail(email, /Your Draftsmith sign-in link/, 1);
    expect(linkOn(second, baseURL)).not.toBe(link);
  });

  test("a broken or cut-short link shows the error page, never JSON", async ({ page }) => {
    await page.goto("/sign-in-link?token=not-a-real-token");
    await expect(page.getByRole("alert")).toHaveText(
      "This sign-in link has expired or was already used. Ask for a new one.",
    );
    await expect(page.getByRole("form", { name: "Send a new link" })).toBeVisible();
    await expect(page).toHaveTitle("Sign in · Draftsmith");

    await page.goto("/sign-in-link");
    await expect(page.getByRole("alert")).toContainText("This sign-in link is incomplete.");
    await expect(page.getByRole("banner").getByRole("button", { name: "Sign In" })).toBeVisible();
  });
});
