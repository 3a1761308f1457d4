// Settings → Connections in a browser against the real server, whose WordPress client talks to a
// loopback fake WordPress started here (the e2e server runs with PUBLISH_ALLOW_PRIVATE_HOSTS=true):
// connect (a refused password first, in WordPress's words) → shown → verify (fails after the password
// is revoked, passes again) → remove; the account menu leads here; axe finds nothing serious.
import { EDITOR, FakeWordPress } from "../../src/server/publishing/testing/fake-wordpress";
import { toastWith } from "../detection/harness";
import { expect, expectNoSeriousA11yViolations, signedInAt, test } from "../fixtures";

const editor = { ...EDITOR };
let wp: FakeWordPress;

test.beforeAll(async () => {
  wp = await new FakeWordPress({ users: [editor] }).start();
});
test.afterAll(async () => {
  await wp.close();
});

test("connect a WordPress site → shown → verify → remove", async ({ page }) => {
  await signedInAt(page, "/settings/connections", "connections");
  await expect(page.getByRole("heading", { name: "Connections", level: 1 })).toBeVisible();
  await expect(page.getByText("No sites connected yet.")).toBeVisible();

  await page.getByRole("button", { name: "Connect WordPress" }).click();
  const form = page.getByRole("form", { name: "Connect WordPress" });
  await form.getByRole("button", { name: "Connect" }).click();
  await expect(form.getByText("Application password is required")).toBeVisible();

  await form.getByLabel("Site URL").fill(wp.url);
  await form.getByLabel("Username").fill("editor");
  await form.getByLabel("Application password").fill("wrong wrong wrong wrong wrong wrong");
  await form.getByRole("button", { name: "Connect" }).click();
  await expect(form.getByRole("alert")).toHaveText(
    "WordPress refused the application password: The provided password is an invalid application password.",
  );

  await form.getByLabel("Application password").fill(EDITOR.applicationPassword);
  await form.getByRole("button", { name: "Connect" }).click();
  await expect(toastWith(page, "WordPress connected")).toBeVisible();
  const item = page.getByRole("list", { name: "Connected sites" }).getByRole("listitem", { name: "Fake Bakery Blog" });
  await expect(item).toContainText("WordPress");
  await expect(item).toContainText("Verified");
  await expect(item).toContainText("as editor");
  await expect(item).toContainText("••••UVWX");
  await expect(page.getByText(EDITOR.applicationPassword)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.reload();
  await expect(item).toContainText("Verified");

  editor.applicationPassword = "revoked revoked revoked revoked";
  await item.getByRole("button", { name: "Verify Fake Bakery Blog" }).click();
  await expect(item).toContainText("Not working");
  await expect(item.getByRole("alert")).toHaveText(
    "WordPress refused the application password: The provided password is an invalid application password.",
  );
  editor.applicationPassword = EDITOR.applicationPassword;
  await item.getByRole("button", { name: "Verify Fake Bakery Blog" }).click();
  await expect(item).toContainText("Verified");
  await expect(item.getByRole("alert")).toHaveCount(0);

  await item.getByRole("button", { name: "Remove Fake Bakery Blog" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Remove Fake Bakery Blog?" });
  await confirm.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("No sites connected yet.")).toBeVisible();
  const left = await page.request.get("/api/connections");
  expect(((await left.json()) as { connections: unknown[] }).connections).toEqual([]);
});

test("the account menu leads to Connections", async ({ page }) => {
  await signedInAt(page, "/settings", "connections-menu");
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Connections" }).click();
  await expect(page).toHaveURL(/\/settings\/connections$/);
  await expect(page.getByRole("button", { name: "Connect Shopify" })).toBeVisible();
});
