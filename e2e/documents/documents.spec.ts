// The document library (issue 10) on the offline writer and the built-in detector: a draft and its
// revision are saved as they are paid for; reloading the Results screen, the full app or the console
// mid-flow brings the same work back (nothing paid again, nothing "Pending"); Documents lists them,
// a document shows every version with its detection and what a revision changed; delete asks first.
import type { Page, Request } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, signedInAt, test } from "../fixtures";

const DOC_URL = /[?&]document=([0-9a-f-]{36})/;
const toast = (page: Page) => page.getByRole("region", { name: /Notifications/ });
const panelStatus = (page: Page, title: string) =>
  page.getByRole("button", { name: new RegExp(`^${title}`) }).locator("[data-status]");

/** Counts the paid writing calls the page makes. */
function countExecutes(page: Page) {
  const calls: Request[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/api/execute") calls.push(r);
  });
  return calls;
}

async function balance(page: Page): Promise<number> {
  const res = await page.request.get("/api/billing/credits");
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { availableCredits: number }).availableCredits;
}

const documentIdOf = (page: Page) => DOC_URL.exec(page.url())?.[1] ?? "";

test.describe("documents", () => {
  test("results: generate → reload mid-flow → revise → reload → Documents → the draft, its detection, its revision and the diff", async ({
    page,
  }) => {
    await signedInAt(page, "/draftsmith", "docs-results");
    const executes = countExecutes(page);

    await page
      .getByLabel("Describe your blog post")
      .fill("Guide for small bakery owners on pricing sourdough loaves so they cover flour, energy and time.");
    await page.getByRole("button", { name: "Generate", exact: true }).click();
    // The document is in the URL as soon as the stream names it.
    await expect(page).toHaveURL(DOC_URL);
    const documentId = documentIdOf(page);
    await expect(page.getByRole("heading", { name: "Your draft" })).toBeVisible();
    const panel = page.getByTestId("detection-panel");
    await expect(panel.getByText("Complete")).toBeVisible();
    const stats = page.getByTestId("stat-cards");
    const aiPercent = (await stats.getByText(/%$/).first().textContent()) ?? "";
    const firstLine = ((await page.getByTestId("draft-text").textContent()) ?? "").slice(0, 40);
    const spent = await balance(page);

    // Reload mid-flow: the same draft and its analysis, from the document — nothing written or paid again.
    await page.reload();
    await expect(page).toHaveURL(new RegExp(`document=${documentId}`));
    await expect(page.getByRole("heading", { name: "Your draft" })).toBeVisible();
    await expect(page.getByTestId("draft-text")).toContainText(firstLine.trim().slice(0, 30));
    await expect(stats.getByText(/%$/).first()).toHaveText(aiPercent);
    await expect(panel.getByText("Complete")).toBeVisible();
    expect(executes).toHaveLength(1);
    expect(await balance(page)).toBe(spent);

    // Revise Content, then reload again: the revision is still there with its before → after.
    await panel.getByRole("button", { name: "Revise Content" }).click();
    await expect(page.getByText("Revision 1").first()).toBeVisible();
    await expect(panel.getByText("Complete")).toBeVisible();
    await page.reload();
    await expect(page.getByText("Revision 1").first()).toBeVisible();
    await expect(page.getByTestId("improvement-summary").first()).toBeVisible();
    await expect(panel.getByText("Complete")).toBeVisible();
    expect(executes).toHaveLength(2);

    // Navigate away, then Documents → open.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Full app" }).click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Documents" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Documents" })).toBeVisible();
    const row = page.getByTestId("document-row").filter({ has: page.locator(`a[href="/documents/${documentId}"]`) });
    await expect(row).toContainText("Revision");
    await expect(row).toContainText(/% AI/);
    await row.getByTestId("document-link").click();

    await expect(page).toHaveURL(`/documents/${documentId}`);
    const versions = page.getByTestId("version");
    await expect(versions).toHaveCount(2);
    await expect(versions.nth(0)).toContainText("Version 1 · Draft");
    await expect(versions.nth(1)).toContainText("Version 2 · Revision");
    for (const i of [0, 1]) {
      await expect(versions.nth(i).getByTestId("version-detection")).toContainText(/% AI/);
      await expect(versions.nth(i).getByTestId("version-detection")).toContainText(/\d+ flagged/);
    }

    // The diff: what the revision changed, word by word, with its sentences tinted.
    await expect(page.getByTestId("diff-summary")).toContainText(/[1-9]\d* of \d+ sentences? changed/);
    const diff = page.getByTestId("diff");
    await expect(diff.locator("ins").first()).toBeVisible();
    await expect(diff.locator("del").first()).toBeVisible();
    await expect(diff.locator("[data-changed]").first()).toBeVisible();
    // Comparing a version with itself shows no change.
    await page.getByLabel("From", { exact: true }).selectOption({ index: 1 });
    await expect(page.getByTestId("diff-summary")).toHaveText("No differences: the two versions have the same text.");
    await expectNoSeriousA11yViolations(page);
  });

  test("full app: reload mid-flow restores the form, the draft, the revision, the final and their analyses; history links to the document", async ({
    page,
  }) => {
    await signedInAt(page, "/draftsmith/generate", "docs-app");
    const executes = countExecutes(page);
    const brief = "Blog post: why remote teams should write their decisions down";
    await page.getByLabel("Blog Topic/Content Type").fill(brief);
    await page.getByLabel("Target Audience").fill("engineering managers");
    await page.getByRole("button", { name: "Generate", exact: true }).click();
    await expect(page).toHaveURL(DOC_URL);
    const documentId = documentIdOf(page);
    await expect(panelStatus(page, "AI Detection Analysis")).toHaveText("Complete");
    await page.getByTestId("detection-panel").getByRole("button", { name: "Revise Content" }).click();
    const revised = page.getByRole("region", { name: "Revised draft", exact: true });
    await expect(revised.locator("[data-status]").first()).toHaveText("Complete");
    // Final Rewrite of the original draft (the revision may have left nothing flagged).
    await page.getByTestId("detection-panel").first().getByRole("button", { name: "Final Rewrite" }).click();
    await expect(panelStatus(page, "Final Optimized Draft")).toHaveText("Complete");
    const spent = await balance(page);

    await page.reload();
    await expect(page).toHaveURL(new RegExp(`document=${documentId}`));
    await expect(page.getByLabel("Blog Topic/Content Type")).toHaveValue(brief);
    await expect(page.getByLabel("Target Audience")).toHaveValue("engineering managers");
    await expect(panelStatus(page, "Original Draft")).toHaveText("Ready");
    await expect(page.getByRole("region", { name: "Original draft", exact: true })).toContainText(/remote teams/i);
    await expect(panelStatus(page, "AI Detection Analysis")).toHaveText("Complete");
    await expect(revised.locator("[data-status]").first()).toHaveText("Complete");
    await expect(revised.getByRole("region", { name: "Revised content", exact: true })).toContainText(/remote teams/i);
    await expect(panelStatus(page, "Final Optimized Draft")).toHaveText("Complete");
    await expect(panelStatus(page, "Code Version")).toHaveText("Ready");
    await expect(page.getByRole("region", { name: "Final content", exact: true })).toContainText(/remote teams/i);
    expect(executes).toHaveLength(2);
    expect(await balance(page)).toBe(spent);

    // The SEO HTML made after the reload is added to the same document.
    await page.getByTestId("seo-panel").getByRole("button", { name: "Produce SEO HTML Code" }).click();
    await expect(page.getByTestId("seo-panel").getByTestId("seo-html")).toHaveValue(/wp:paragraph/);
    const doc = (await (await page.request.get(`/api/documents/${documentId}`)).json()) as {
      document: { versions: Array<{ kind: string }> };
    };
    expect(doc.document.versions.map((v) => v.kind)).toEqual(["draft", "revision", "final", "seo"]);

    // Request History entries open their document.
    const history = page.getByTestId("request-history");
    await expect(history.getByRole("listitem")).toHaveCount(3);
    await history.getByTestId("history-document-link").first().click();
    await expect(page).toHaveURL(`/documents/${documentId}`);
    await expect(page.getByTestId("version")).toHaveCount(4);

    // "Continue in the full app" reopens it with its latest version.
    await page.getByRole("link", { name: "Continue in the full app" }).click();
    await expect(page).toHaveURL(new RegExp(`/draftsmith/generate\\?document=${documentId}`));
    await expect(panelStatus(page, "Final Optimized Draft")).toHaveText("Complete");
    await expect(page.getByRole("region", { name: "Final content", exact: true })).toContainText(/remote teams/i);

    // Reset asks first and keeps the documents.
    await page.getByRole("button", { name: "Reset and Clear History" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("request history (3 entries)");
    await expect(confirm).toContainText("Your documents are kept");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(history.getByRole("listitem")).toHaveCount(3);
    await page.getByRole("button", { name: "Reset and Clear History" }).click();
    await confirm.getByRole("button", { name: "Reset and Clear History" }).click();
    await expect(toast(page)).toContainText("System Reset");
    await expect(page.getByText("No requests yet")).toBeVisible();
    await expect(page).not.toHaveURL(DOC_URL);
    expect((await page.request.get(`/api/documents/${documentId}`)).status()).toBe(200);
  });

  test("console: a reload brings back the draft and its analysis", async ({ page }) => {
    await signedInAt(page, "/prose-console", "docs-console");
    await page.getByRole("button", { name: "Execute API Call" }).click();
    const preview = page.getByTestId("blog-post-preview");
    await expect(preview.locator("[data-status]").first()).toHaveText(/Complete|Unavailable/);
    await expect(page).toHaveURL(DOC_URL);
    const text = ((await preview.getByRole("region", { name: "Blog post", exact: true }).textContent()) ?? "").slice(
      0,
      30,
    );
    await page.reload();
    await expect(preview.getByRole("region", { name: "Blog post", exact: true })).toContainText(text.trim());
    await expect(preview.locator("[data-status]").first()).toHaveText(/Complete|Unavailable/);
  });

  test("rename, search, and delete asks first, then deletes", async ({ page }) => {
    await signedInAt(page, "/documents", "docs-delete");
    await expect(page.getByText("No documents yet.")).toBeVisible();
    const origin = new URL(page.url()).origin;
    for (const topic of ["pricing sourdough for a market stall", "opening hours on public holidays"]) {
      const res = await page.request.post("/api/execute", {
        headers: { Origin: origin },
        data: {
          currentDate: "2026-11-24",
          contentType: `Short note for bakery owners about ${topic}`,
          wordCount: "200",
        },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    await page.reload();
    const rows = page.getByTestId("document-row");
    await expect(rows).toHaveCount(2);
    await expectNoSeriousA11yViolations(page);

    // Rename: the title is checked like the server checks it.
    const first = rows.first();
    await first.getByRole("button", { name: /^Rename/ }).click();
    const dialog = page.getByRole("dialog", { name: "Rename document" });
    await dialog.getByLabel("Title").fill("   ");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Title is required");
    await dialog.getByLabel("Title").fill("Holiday hours, for real");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    await expect(rows.first()).toContainText("Holiday hours, for real");

    // Search finds it by its new title; nonsense finds nothing.
    await page.getByLabel("Search documents").fill("for real");
    await expect(rows).toHaveCount(1);
    await page.getByLabel("Search documents").fill("zqxjkvwpfh");
    await expect(page.getByText("No documents match “zqxjkvwpfh”.")).toBeVisible();
    await page.getByLabel("Search documents").fill("");
    await expect(rows).toHaveCount(2);

    // Delete asks; Cancel keeps it; confirming deletes it.
    const target = rows.filter({ hasText: "Holiday hours, for real" });
    const href = (await target.getByTestId("document-link").getAttribute("href")) ?? "";
    await target.getByRole("button", { name: /^Delete/ }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("Delete “Holiday hours, for real”?");
    await expect(confirm).toContainText("its only version");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(rows).toHaveCount(2);
    await target.getByRole("button", { name: /^Delete/ }).click();
    await confirm.getByRole("button", { name: "Delete document" }).click();
    await expect(toast(page)).toContainText("Document deleted");
    await expect(rows).toHaveCount(1);
    await expect(page.getByTestId("documents-table").getByText("Holiday hours, for real")).toBeHidden();

    await page.goto(href);
    await expect(page.getByRole("heading", { name: "This document was not found" })).toBeVisible();
  });
});
