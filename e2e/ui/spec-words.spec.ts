// Issue 31, "The spec, word for word": the texts a conformance audit found departing from the spec
// (§2 404 title, §7 "Text is required", §8 overloaded wording), checked where a user meets them.
import { expect, expectNoSeriousA11yViolations, signedInAt, test } from "../fixtures";

const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
] as const;

for (const size of SIZES) {
  test(`the 404 screen is titled 'Page Not Found', word for word (${size.name})`, async ({ page }) => {
    await page.setViewportSize(size);
    const res = await page.goto("/no/such/page");
    expect(res?.status()).toBe(404);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText("Page Not Found");
    await expect(page).toHaveTitle("Page Not Found · Draftsmith");
    await expectNoSeriousA11yViolations(page);
  });
}

test("POST /api/detect-ai without a text key answers 'Text is required' (spec §7)", async ({ page }) => {
  await signedInAt(page, "/draftsmith", "specwords");
  const origin = new URL(page.url()).origin;
  for (const data of [{}, { text: null }, { text: 7 }, { text: "   " }]) {
    const res = await page.request.post("/api/detect-ai", { headers: { Origin: origin }, data });
    expect(res.status()).toBe(400);
    expect(await res.json()).toMatchObject({ error: "Text is required" });
  }
});

test("an overloaded provider reads as spec §8 says", async ({ page }) => {
  await signedInAt(page, "/prose-console", "overloaded");
  await page.getByLabel("Define Intent").fill("Blog post: why remote teams should write things down");
  await page.getByLabel("Word Count").fill("500");
  await page.route("**/api/execute", (route) =>
    route.fulfill({
      status: 503,
      json: { error: "The AI service is overloaded right now. Please wait.", code: "PROVIDER_OVERLOADED" },
    }),
  );
  await page.getByRole("button", { name: /Execute API Call/ }).click();
  const toasts = page.getByRole("region", { name: /Notifications/ });
  await expect(toasts).toContainText("Servers Overloaded");
  await expect(toasts).toContainText(
    "The long-form provider's servers are under high demand; wait 2-3 minutes and try again.",
  );
});
