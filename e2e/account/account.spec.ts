// The account features in the browser, reading the real messages from the server's outbox:
// verification, forgotten password, password change across two browsers, the data download and
// deleting the account.
import { readFileSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { signInAsAdmin } from "../credits/helpers";
import { expect, expectNoSeriousA11yViolations, PASSWORD, test, uniqueEmail } from "../fixtures";
import { linkOn, waitForMail } from "./outbox";

const NEW_PASSWORD = "a-fresh-password-2025";
const origin = (baseURL: string | undefined) => ({ Origin: new URL(baseURL ?? "http://127.0.0.1").origin });

async function signUp(page: Page, baseURL: string | undefined, email: string) {
  const res = await page.request.post("/api/auth/sign-up/email", {
    data: { email, password: PASSWORD },
    headers: origin(baseURL),
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function signInViaDialog(page: Page, email: string, password: string) {
  await page.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
  const form = page.getByRole("dialog").getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
  return form;
}

async function newSignedInContext(browser: Browser, baseURL: string | undefined, email: string) {
  const context = await browser.newContext({ baseURL });
  const res = await context.request.post("/api/auth/sign-in/email", {
    data: { email, password: PASSWORD },
    headers: origin(baseURL),
  });
  expect(res.status(), await res.text()).toBe(200);
  return context;
}

test.describe("account", () => {
  test("an unverified account sees a banner until it follows the link from its e-mail", async ({ page, baseURL }) => {
    const email = uniqueEmail("verify");
    await page.goto("/");
    await signUp(page, baseURL, email);
    await page.goto("/draftsmith");
    const banner = page.getByTestId("verify-email-banner");
    await expect(banner).toContainText(email);
    await banner.getByRole("button", { name: "Resend e-mail" }).click();
    await expect(page.getByText("Verification e-mail sent. Check your inbox.")).toBeVisible();
    const second = await waitForMail(email, /Verify your e-mail/, 1);

    await page.goto(linkOn(second, baseURL));
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByText("Your e-mail address is verified.")).toBeVisible();
    await expect(page.getByTestId("account-email")).toContainText("Verified");
    await expect(page.getByTestId("verify-email-banner")).toHaveCount(0);
  });

  test("forgot password → reset from the e-mail → sign in with the new password", async ({ page, baseURL }) => {
    const email = uniqueEmail("forgot");
    await page.goto("/");
    await signUp(page, baseURL, email);
    await page.request.post("/api/auth/sign-out", { data: {}, headers: origin(baseURL) });
    await page.reload();

    await page.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Forgot password?" }).click();
    const forgot = page.getByRole("dialog").getByRole("form", { name: "Reset password" });
    await forgot.getByLabel("Email").fill(email);
    await forgot.getByRole("button", { name: "Send reset link" }).click();
    await expect(forgot.getByRole("status")).toContainText("If an account exists for that address");
    await page.keyboard.press("Escape");

    const mail = await waitForMail(email, /Reset your Draftsmith password/);
    await page.goto(linkOn(mail, baseURL));
    const reset = page.getByRole("form", { name: "Choose a new password" });
    await reset.getByLabel("New password", { exact: true }).fill("short");
    await reset.getByLabel("Confirm new password").fill("short");
    await reset.getByRole("button", { name: "Change password" }).click();
    await expect(reset.getByText("Password must be at least 8 characters")).toBeVisible();
    await reset.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await reset.getByLabel("Confirm new password").fill(NEW_PASSWORD);
    await reset.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("status")).toContainText("Your password has been changed");

    // The link worked once.
    await page.goto(linkOn(mail, baseURL));
    await reset.getByLabel("New password", { exact: true }).fill("another-password-9");
    await reset.getByLabel("Confirm new password").fill("another-password-9");
    await reset.getByRole("button", { name: "Change password" }).click();
    await expect(reset.getByRole("alert")).toContainText("expired or was already used");

    const old = await signInViaDialog(page, email, PASSWORD);
    await expect(old.getByRole("alert")).toHaveText("Incorrect email or password");
    await page.keyboard.press("Escape");
    await signInViaDialog(page, email, NEW_PASSWORD);
    await expect(page.getByTestId("header-credits")).toBeVisible();
  });

  test("changing the password signs out the other browser", async ({ page, browser, baseURL }) => {
    const email = uniqueEmail("twobrowsers");
    await page.goto("/");
    await signUp(page, baseURL, email);
    const other = await newSignedInContext(browser, baseURL, email);
    const otherPage = await other.newPage();
    await otherPage.goto("/billing");
    await expect(otherPage.getByTestId("header-credits")).toBeVisible();

    await page.goto("/settings");
    const sessions = page.getByRole("table", { name: "Active sessions" });
    await expect(sessions.getByRole("row")).toHaveCount(3); // header + two browsers
    await expect(sessions).toContainText("This browser");
    await expectNoSeriousA11yViolations(page);

    // The forms' rules load with their first check (not with the page): they still answer in place.
    const username = page.getByRole("form", { name: "Username" });
    await username.getByLabel("Username").fill("a!");
    await username.getByRole("button", { name: "Save" }).click();
    await expect(username.getByText("Username must be at least 3 characters")).toBeVisible();
    const form = page.getByRole("form", { name: "Change password" });
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(form.getByText("Enter your current password")).toBeVisible();
    await form.getByLabel("Current password").fill(PASSWORD);
    await form.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel("Confirm new password").fill(`${NEW_PASSWORD}-typo`);
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(form.getByText("Passwords don't match")).toBeVisible();
    await form.getByLabel("Confirm new password").fill(NEW_PASSWORD);
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Password changed. Every other session has been signed out.")).toBeVisible();

    await otherPage.reload();
    await expect(otherPage.getByRole("banner").getByRole("button", { name: "Sign In" })).toBeVisible();
    await page.reload();
    await expect(page.getByTestId("header-credits")).toBeVisible();
    await expect(page.getByRole("table", { name: "Active sessions" }).getByRole("row")).toHaveCount(2);
    await other.close();
  });

  test("download my data saves a file with the account's profile, documents, history and transactions", async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail("exporter");
    await page.goto("/");
    await signUp(page, baseURL, email);
    const draft = await page.request.post("/api/execute", {
      data: {
        currentDate: "2025-03-01",
        contentType: "a guide to sourdough for the data export",
        aiProvider: "openai",
      },
      headers: origin(baseURL),
    });
    expect(draft.status(), await draft.text()).toBe(200);

    await page.goto("/settings");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download my data" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^draftsmith-.+\.json$/);
    const data = JSON.parse(readFileSync((await download.path()) as string, "utf8"));
    expect(data.profile.email).toBe(email);
    expect(data.history.map((h: { contentType: string }) => h.contentType)).toContain(
      "a guide to sourdough for the data export",
    );
    expect(data.transactions.map((t: { type: string }) => t.type)).toContain("bonus");
    expect(data.usage.length).toBeGreaterThan(0);
    const draftText = (await draft.json()).response.content[0].text as string;
    expect(data.documents.map((d: { brief: string }) => d.brief)).toContain("a guide to sourdough for the data export");
    expect(data.documents[0].versions[0].content).toBe(draftText);
  });

  test("deleting the account signs out, sign-in then fails, and the admin's grant totals still sum", async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = uniqueEmail("leaver");
    await page.goto("/");
    await signUp(page, baseURL, email);
    const me = (await (await page.request.get("/api/auth/get-session")).json()) as { user: { id: string } };

    const admin = await browser.newContext({ baseURL });
    const adminPage = await admin.newPage();
    await adminPage.goto("/");
    await signInAsAdmin(adminPage, baseURL);
    const reason = `farewell grant ${Date.now()}`;
    const grant = await admin.request.post("/api/admin/direct-grant/grant", {
      data: { userIds: [me.user.id], creditAmount: 30, reason },
      headers: origin(baseURL),
    });
    expect(grant.status(), await grant.text()).toBe(200);
    type Entry = { id: number; email: string; creditsGranted: number; reason: string };
    const history = async () =>
      ((await (await admin.request.get("/api/admin/direct-grant/history?limit=200")).json()) as { history: Entry[] })
        .history;
    const before = await history();
    const total = (entries: Entry[]) => entries.reduce((sum, e) => sum + e.creditsGranted, 0);
    const mine = before.find((e) => e.reason === reason);
    expect(mine?.email).toBe(email);

    await page.goto("/settings");
    const form = page.getByRole("form", { name: "Delete account" });
    const button = form.getByRole("button", { name: "Delete my account" });
    await form.getByLabel(/Type .* to confirm/).fill("not-my-address@e2e.test");
    await expect(button).toBeDisabled();
    await form.getByLabel(/Type .* to confirm/).fill(email.toUpperCase());
    // The password is asked again (issue 26): none, no button; a wrong one, refused and still signed in.
    await expect(button).toBeDisabled();
    await form.getByLabel("Your password").fill("not-my-password-1");
    await button.click();
    await expect(form.getByRole("alert")).toHaveText("That password is not correct. Your account was not deleted.");
    await expect(page).toHaveURL(/\/settings/);
    await form.getByLabel("Your password").fill(PASSWORD);
    await button.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner").getByRole("button", { name: "Sign In" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("banner").getByRole("button", { name: "Sign In" })).toBeVisible();

    const again = await signInViaDialog(page, email, PASSWORD);
    await expect(again.getByRole("alert")).toHaveText("Incorrect email or password");

    // Every grant listed before is still there with its credits (other specs may add their own meanwhile).
    const after = await history();
    const still = after.filter((e) => before.some((b) => b.id === e.id));
    expect(still).toHaveLength(before.length);
    expect(total(still)).toBe(total(before));
    expect(after.find((e) => e.id === mine?.id)?.email).toMatch(/@deleted\.invalid$/);
    await adminPage.goto("/admin/direct-grant");
    await adminPage.getByRole("tab", { name: "Grant History" }).click();
    await expect(adminPage.getByText(`Reason: ${reason}`)).toBeVisible();

    await waitForMail(email, /has been deleted/);
    await admin.close();
  });
});
