// Issue 31, item 5: the verdict's reason sits with the AI percentage, and one line says what the
// percentage is and isn't (so "57.9 %" beside "3 of 54 sentences flagged" is explained).
import { expect, expectNoSeriousA11yViolations, signedInAt, test } from "../fixtures";

for (const [name, size] of [
  ["phone", { width: 390, height: 844 }],
  ["desktop", { width: 1280, height: 800 }],
] as const) {
  test(`the stat cards say what the AI percentage is and isn't, with the verdict's reason (${name})`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(size);
    await signedInAt(page, "/draftsmith", "meaning");
    await page
      .getByLabel("Describe your blog post")
      .fill("How-to guide for small bakeries on getting more local customers from Google Business Profile.");
    await page.getByRole("button", { name: "Generate", exact: true }).click();
    const cards = page.getByTestId("stat-cards").first();
    const verdict = cards.getByTestId("detection-verdict");
    await expect(verdict).toBeVisible({ timeout: 60_000 });
    await expect(cards.locator('[data-stat="ai"]')).toContainText("%");
    await expect(verdict.getByTestId("percent-meaning")).toHaveText(
      "AI Detected is the detector's estimate for the whole text, not the share of flagged sentences, and not proof of who wrote it.",
    );
    // The reason is a sentence of its own, not just the label.
    const text = (await verdict.textContent()) ?? "";
    expect(text.length).toBeGreaterThan(60);
    await expectNoSeriousA11yViolations(page);
  });
}
