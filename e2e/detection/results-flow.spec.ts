// Issue 4's flow on the Results screen itself: draft → detection → highlight view → click a flagged
// sentence (copied) → Revise Content → re-detection shows before → after. Every check reaches the
// real built-in detector, which flags a few sentences of the offline writer's sample draft.
import { expect, flaggedBeforeAfter, signedInAt, test } from "../fixtures";
import { availableCredits, toastWith } from "./harness";

test("draft → detection → highlight view → copy a flagged sentence → Revise Content → before/after", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signedInAt(page, "/draftsmith", "flow-detect");

  await page
    .getByLabel("Describe your blog post")
    .fill("Guide for owners of small bakeries on winning local customers with daily photos and replies to reviews.");
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  await expect(page).toHaveURL(/\/draftsmith\/results(\?document=[\w-]+)?$/);
  await expect(page.getByRole("heading", { name: "Your draft" })).toBeVisible({ timeout: 30_000 });

  // Detection ran by itself: stat cards and the panel.
  const panel = page.getByTestId("detection-panel");
  await expect(panel.getByText("Complete")).toBeVisible();
  await expect(page.getByTestId("stat-cards")).toContainText("%");
  const heading = panel.getByRole("heading", { name: /^Flagged sentences \(\d+\)$/ });
  await expect(heading).toBeVisible();
  const flagged = Number((await heading.textContent())?.match(/\d+/)?.[0]);
  expect(flagged).toBeGreaterThanOrEqual(2);

  // The highlight view of the draft itself: the flagged sentences tinted, reasons on focus.
  const highlighted = page.getByTestId("highlighted-draft");
  await expect(highlighted).toBeVisible();
  await expect(highlighted.locator("mark[data-flagged]")).toHaveCount(flagged);
  await highlighted.locator("mark[data-flagged][tabindex='0']").first().focus();
  await expect(page.getByRole("tooltip")).toContainText("Flagged as AI");

  // Click a flagged sentence: copied.
  const first = panel.getByTestId("flagged-sentences").getByRole("button").first();
  await first.click();
  await expect(toastWith(page, "Copied")).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.length).toBeGreaterThan(10);
  await expect(first).toContainText(copied.replace(/\*\*/g, "").slice(0, 20));

  // Revise Content → the revised draft is checked again (real detector, 1 credit) → before/after.
  await panel.getByRole("button", { name: "Revise Content" }).click();
  const summary = page.getByTestId("improvement-summary");
  await expect(summary).toBeVisible({ timeout: 30_000 });
  await expect(summary).not.toContainText("analyzing", { timeout: 30_000 });
  const [before, after] = await flaggedBeforeAfter(summary);
  expect(before).toBe(flagged);
  expect(after).toBeLessThan(before);
  expect(await availableCredits(page.request)).toBeGreaterThan(0);
});
