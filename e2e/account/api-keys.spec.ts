// Settings → API keys (issue 28): a key is made, shown once, works with curl-like calls, and stops
// at once when revoked; the API reference at /docs/api is the app's own page, reached from the
// footer, and passes axe.
import { expect, expectNoSeriousA11yViolations, signedInAt, test } from "../fixtures";

test("create an API key, use it, revoke it", async ({ page, playwright, baseURL }) => {
  await signedInAt(page, "/settings", "keys");
  const form = page.getByRole("form", { name: "Create an API key" });
  await form.getByLabel("Name", { exact: true }).fill("Spreadsheet import");
  await form.getByLabel(/Publish: to connected sites/).check();
  await form.getByRole("button", { name: "Create key" }).click();

  const secret = page.getByLabel("Your new API key");
  await expect(secret).toHaveValue(/^dsk_/);
  const key = await secret.inputValue();
  const keys = page.getByRole("table", { name: "Your API keys" });
  await expect(keys.getByRole("row").filter({ hasText: "Spreadsheet import" })).toContainText(key.slice(0, 12));
  await expect(keys).toContainText("publish");
  await expectNoSeriousA11yViolations(page);

  // A program with only the key: no cookies at all.
  const program = await playwright.request.newContext({ baseURL });
  const auth = { Authorization: `Bearer ${key}` };
  expect((await program.get("/api/billing/credits", { headers: auth })).status()).toBe(200);
  expect((await program.get("/api/account", { headers: auth })).status()).toBe(403);

  // Shown once: gone after Done and a reload.
  await page.getByRole("button", { name: "Done" }).click();
  await page.reload();
  await expect(page.getByLabel("Your new API key")).toHaveCount(0);

  await keys.getByRole("button", { name: "Revoke Spreadsheet import" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByText("No API keys yet.")).toBeVisible();
  expect((await program.get("/api/billing/credits", { headers: auth })).status()).toBe(401);
  await program.dispose();
});

test("the API reference: from the footer, the app's own assets, accessible", async ({ page, baseURL }) => {
  // Swagger UI renders every operation of the API (a large page) and axe reads all of it: on a busy
  // 2-core machine that alone took over the 90 s default. A higher ceiling, and one axe pass.
  test.slow();
  const outside: string[] = [];
  page.on("request", (r) => {
    if (!r.url().startsWith(baseURL ?? "")) outside.push(r.url());
  });
  await page.goto("/");
  await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "API" }).click();
  await expect(page).toHaveURL(/\/docs\/api$/);
  await expect(page.getByRole("heading", { name: /Draftsmith API/ })).toBeVisible();
  // With an operation open (its request body, schemas and examples), the list of them around it.
  await page.getByText("/api/detect-ai", { exact: true }).click();
  await expect(page.getByText("Request body").first()).toBeVisible();
  await expect(page.locator(".swagger-ui pre[tabindex]").first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect(outside).toEqual([]);
});
