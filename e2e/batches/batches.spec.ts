// Batches (issue 27) on the offline writer and the built-in detector: a CSV with a bad row, fixed in
// place, started and followed live to the end; the ZIP download; a batch cancelled from its page.
import { readFileSync } from "node:fs";
import { expect, signedInAt, test } from "../fixtures";

const BATCH_URL = /\/batches\/[0-9a-f-]{36}$/;

test.describe("batches", () => {
  test("CSV upload with a bad row fixed in place → live batch page → done → ZIP download", async ({ page }) => {
    await signedInAt(page, "/batches/new", "batch-csv");
    await expect(page.getByRole("heading", { name: "New batch" })).toBeVisible();
    await page.getByLabel("Or upload a CSV").setInputFiles({
      name: "topics.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        "topic,content type,word count\nComposting in small gardens,Blog post,300\n,Blog post,300\nWatering tomatoes,Guide,300\n",
      ),
    });
    const problems = page.getByTestId("batch-problems");
    await expect(problems).toContainText("Line 2, Topic:");
    await expect(problems).toContainText("Topic is required");
    await expect(page.getByTestId("batch-file-rows")).toContainText("3 rows from topics.csv");
    await expect(page.getByRole("button", { name: "Start batch" })).toBeDisabled();

    await page.getByLabel("Line 2 Topic").fill("Mulching raised beds");
    await expect(problems).toBeHidden();
    await expect(page.getByTestId("batch-estimate")).toContainText("3 rows");
    await page.getByRole("button", { name: "Start batch" }).click();

    await expect(page).toHaveURL(BATCH_URL);
    const rows = page.getByTestId("batch-row");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText("Mulching raised beds");
    // Live: the page follows the batch to the end without a reload.
    await expect(page.getByTestId("batch-status")).toHaveText("Done", { timeout: 60_000 });
    await expect(page.getByTestId("batch-counts")).toContainText("Done: 3");
    await expect(rows.first().getByRole("link")).toHaveAttribute("href", /\/documents\/[0-9a-f-]{36}/);
    await expect(rows.first()).toContainText(/Likely|Mixed/);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "ZIP" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const bytes = readFileSync((await download.path()) ?? "");
    expect(bytes.subarray(0, 2).toString()).toBe("PK");
    expect(bytes.includes(Buffer.from("001-composting-in-small-gardens.md"))).toBe(true);

    // Listed under Documents.
    await page.goto("/documents");
    await expect(page.getByTestId("batches-list")).toContainText("3 rows of 3 done");
  });

  test("a clean CSV makes a batch that waits to start; cancel ends it", async ({ page }) => {
    await signedInAt(page, "/batches/new", "batch-cancel");
    await page.getByLabel("Or upload a CSV").setInputFiles({
      name: "two.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("keyword\nSourdough pricing\nBread flour basics\n"),
    });
    await expect(page).toHaveURL(BATCH_URL);
    await expect(page.getByTestId("batch-status")).toHaveText("Not started");
    await page.getByRole("button", { name: "Cancel batch" }).click();
    await expect(page.getByTestId("batch-status")).toHaveText("Cancelled");
    await expect(page.getByTestId("batch-counts")).toContainText("Cancelled: 2");
    await expect(page.getByRole("button", { name: "Start" })).toBeHidden();
  });

  test("the header and Home lead to New batch", async ({ page }) => {
    await signedInAt(page, "/draftsmith", "batch-links");
    await page.getByRole("link", { name: "Many topics? New batch" }).click();
    await expect(page.getByRole("heading", { name: "New batch" })).toBeVisible();
  });
});
