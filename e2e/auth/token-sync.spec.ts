// Token sync (spec §7) in a real Chromium: with a token-sync URL set, signing in POSTs the fresh
// token with a bearer header to it, and signing out DELETEs. The server's setting reaches the client
// through GET /api/auth/providers (tested on the server); here the answer is given a same-origin URL
// and the URL itself is answered by the page's router, so the shared e2e server keeps its settings.
import { expect, PASSWORD, signUpViaUi, test, uniqueEmail } from "../fixtures";

test("signing in POSTs the new token to the token-sync URL, signing out DELETEs", async ({ page }) => {
  const calls: { method: string; authorization: string | undefined }[] = [];
  await page.route("**/api/auth/providers", async (route) => {
    const response = await route.fetch();
    const json = { ...(await response.json()), tokenSyncUrl: "/token-sync" };
    await route.fulfill({ response, json });
  });
  await page.route("**/token-sync", async (route) => {
    calls.push({ method: route.request().method(), authorization: route.request().headers().authorization });
    await route.fulfill({ status: 204 });
  });

  const email = uniqueEmail("token-sync");
  await page.goto("/");
  await signUpViaUi(page, email);
  await expect.poll(() => calls.map((c) => c.method)).toEqual(["POST"]);
  expect(calls[0]?.authorization).toMatch(/^Bearer \S{16,}$/);

  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign In" })).toBeVisible();
  await expect.poll(() => calls.map((c) => c.method)).toEqual(["POST", "DELETE"]);
  expect(calls[1]?.authorization).toBeUndefined();

  // A new sign-in is a new token: told again.
  await page.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
  const form = page.getByRole("dialog").getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByTestId("header-credits")).toBeVisible();
  await expect.poll(() => calls.map((c) => c.method)).toEqual(["POST", "DELETE", "POST"]);
  expect(calls[2]?.authorization).toMatch(/^Bearer \S{16,}$/);
  expect(calls[2]?.authorization).not.toBe(calls[0]?.authorization);
});
