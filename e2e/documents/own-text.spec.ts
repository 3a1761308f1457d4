// The writer's own text (issue 31): Check my text (paste or upload .txt/.md/.docx/.html → saved as a
// document → checked on the Results screen), editing a draft in place on Results and on the
// document page (a new version, checked again), and a reopened full app comparing a revision with
// the version it was actually made from (item 9).
import type { Page } from "@playwright/test";
import { makeDocx } from "../../src/client/features/check/testing/docx";
import { expect, expectNoSeriousA11yViolations, signedInAt, test } from "../fixtures";

const DOC_URL = /[?&]document=([0-9a-f-]{36})/;
const documentIdOf = (page: Page) => DOC_URL.exec(page.url())?.[1] ?? "";

async function balance(page: Page): Promise<number> {
  const res = await page.request.get("/api/billing/credits");
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { availableCredits: number }).availableCredits;
}

const KILN_PARAGRAPHS = [
  "Our kiln died on a Tuesday, which figures. Tuesdays are when the clay shipment shows up, so the back room was already stacked with fifty-pound boxes when the relay clicked and the elements went cold.",
  "Marta swore in Portuguese for a solid minute. Then she made coffee, because that is what she does, and we sat on the boxes and priced a new relay on her phone.",
];

const HUMAN_TEXT = [
  "Our kiln died on a Tuesday, which figures. Tuesdays are when the clay shipment shows up, so the back room",
  "was already stacked to the ceiling with fifty-pound boxes when the relay clicked and the elements went cold.",
  "",
  "Marta swore in Portuguese for a solid minute. Then she made coffee, because that is what she does.",
].join("\n");

test.describe("the writer's own text", () => {
  test("Check my text: from Home, a .docx upload becomes a document checked on Results, listed as 'Your text'", async ({
    page,
  }) => {
    await signedInAt(page, "/", "check-text");
    await page.getByRole("link", { name: "Check my text" }).click();
    await expect(page).toHaveURL(/\/check$/);
    await expect(page.getByRole("heading", { name: "Check my text", level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Nothing to check yet: a clear message, no request.
    await page.getByRole("button", { name: /^Check for AI/ }).click();
    await expect(page.getByText("Paste your text or upload a file first.")).toBeVisible();
    // A kind we do not read.
    await page
      .getByLabel("Upload a file")
      .setInputFiles({ name: "scan.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF") });
    await expect(page.getByRole("alert").filter({ hasText: "Upload a .txt, .md, .docx or .html file." })).toBeVisible();

    const docx = makeDocx({
      heading: "Kiln notes",
      paragraphs: KILN_PARAGRAPHS,
    });
    await page.getByLabel("Upload a file").setInputFiles({
      name: "kiln-notes.docx",
      mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      buffer: Buffer.from(docx),
    });
    await expect(page.getByLabel("Your text")).toHaveValue(`# Kiln notes\n\n${KILN_PARAGRAPHS.join("\n\n")}`);
    await expect(page.getByLabel("Title (optional)")).toHaveValue("kiln notes");

    const before = await balance(page);
    await page.getByRole("button", { name: /^Check for AI/ }).click();
    await expect(page).toHaveURL(DOC_URL);
    await expect(page.getByRole("heading", { name: "Your text", level: 1 })).toBeVisible();
    const panel = page.getByTestId("detection-panel");
    await expect(panel.getByText("Complete")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("stat-cards")).toBeVisible();
    await expect.poll(() => balance(page)).toBe(before - 1);

    // Reopening does not check (or charge) again.
    await page.reload();
    await expect(panel.getByText("Complete")).toBeVisible({ timeout: 30_000 });
    expect(await balance(page)).toBe(before - 1);

    await page.goto("/documents");
    const row = page.getByRole("row").filter({ hasText: "kiln notes" });
    await expect(row.getByText("Your text")).toBeVisible();
    await expect(row.getByTestId("document-ai-score")).toBeVisible();
  });

  test("Check my text: pasted text and an HTML file", async ({ page }) => {
    await signedInAt(page, "/check", "check-html");
    await page.getByLabel("Upload a file").setInputFiles({
      name: "post.html",
      mimeType: "text/html",
      buffer: Buffer.from("<h1>Glazes</h1><script>alert(1)</script><p>Fire <em>slowly</em>.</p>"),
    });
    await expect(page.getByLabel("Your text")).toHaveValue("# Glazes\n\nFire _slowly_.");
    await page.getByLabel("Your text").fill(HUMAN_TEXT);
    await page.getByLabel("Title (optional)").fill("The Tuesday kiln");
    await page.getByRole("button", { name: /^Check for AI/ }).click();
    await expect(page.getByRole("heading", { name: "Your text", level: 1 })).toBeVisible();
    await expect(page.getByText("Title: The Tuesday kiln")).toBeVisible();
    await expect(page.getByTestId("detection-panel").getByText("Complete")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("draft-text")).toContainText("Marta swore in Portuguese");
  });

  test("edit in place: Results saves the edit as a new version and checks it; the document page edits any text version", async ({
    page,
  }) => {
    await signedInAt(page, "/draftsmith", "edit-text");
    await page
      .getByLabel("Describe your blog post")
      .fill("Guide for potters on firing schedules for mid-fire stoneware in small electric kilns.");
    await page.getByRole("button", { name: "Generate", exact: true }).click();
    await expect(page).toHaveURL(DOC_URL);
    const documentId = documentIdOf(page);
    const panel = page.getByTestId("detection-panel");
    await expect(panel.getByText("Complete")).toBeVisible({ timeout: 30_000 });
    const before = await balance(page);

    await page.getByRole("button", { name: "Edit", exact: true }).click();
    const editor = page.getByLabel("Edit the draft (Markdown)");
    await expect(editor).toBeFocused();
    await expect(page.getByRole("button", { name: /^Save and check/ })).toBeDisabled();
    await editor.fill(`${await editor.inputValue()}\n\nI fired my first bisque at cone 04 and cracked half the bowls.`);
    await page.getByRole("button", { name: /^Save and check/ }).click();
    await expect(page.getByTestId("draft-text")).toContainText("cracked half the bowls");
    await expect(panel.getByText("Complete")).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => balance(page)).toBe(before - 1);

    // A reload brings the edit back, already checked: nothing is charged again.
    await page.reload();
    await expect(page.getByTestId("draft-text")).toContainText("cracked half the bowls");
    await expect(panel.getByText("Complete")).toBeVisible({ timeout: 30_000 });
    expect(await balance(page)).toBe(before - 1);

    await page.goto(`/documents/${documentId}`);
    const versions = page.getByTestId("version");
    await expect(versions).toHaveCount(2);
    await expect(versions.nth(1).getByRole("heading", { name: "Version 2 · Your text" })).toBeVisible();
    await expect(versions.nth(1)).toContainText("edited from Version 1 · Draft");
    await expect(versions.nth(1).getByTestId("version-detection")).not.toContainText("Not checked");

    // Edit the first draft again from the document page: a third version, unchecked until asked.
    await versions.nth(0).getByRole("button", { name: "Edit", exact: true }).click();
    const pageEditor = page.getByLabel("Edit Version 1 · Draft (Markdown)");
    await pageEditor.fill(`${await pageEditor.inputValue()}\n\nA second note, by hand.`);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Save as new version" }).click();
    await expect(versions).toHaveCount(3);
    const third = versions.nth(2);
    await expect(third.getByTestId("version-detection")).toHaveText("Not checked for AI yet.");
    await third.getByRole("button", { name: /^Check Version 3 · Your text for AI/ }).click();
    await expect(third.getByTestId("version-detection")).not.toContainText("Not checked", { timeout: 30_000 });
    await expect(third.getByRole("button", { name: /^Check .* for AI/ })).toHaveCount(0);
    await expect.poll(() => balance(page)).toBe(before - 2);
  });

  test("a reopened full app compares a revision with the version it was made from (item 9)", async ({ page }) => {
    await signedInAt(page, "/draftsmith", "revise-source");
    const origin = new URL(page.url()).origin;
    const post = async <T>(path: string, data: unknown): Promise<T> => {
      const res = await page.request.post(path, { headers: { Origin: origin }, data });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()) as T;
    };
    type Written = { response: string | { content: { text: string }[] }; documentId: string; versionId: string };
    type Checked = { aiDetection: { aiPercentage: number; aiSentences: string[] } };
    const textOf = (w: Written) => (typeof w.response === "string" ? w.response : (w.response.content[0]?.text ?? ""));
    const session = {
      currentDate: "2026-11-28",
      contentType: "How a small bakery prices sourdough so each loaf covers flour, energy and time",
      aiProvider: "openai",
    };
    const draft = await post<Written>("/api/execute", session);
    const draftText = textOf(draft);
    const check = (text: string, w: Written) =>
      post<Checked>("/api/detect-ai", { text, documentId: w.documentId, versionId: w.versionId });
    const draftCheck = await check(draftText, draft);
    const flagged = draftCheck.aiDetection.aiSentences.length
      ? draftCheck.aiDetection.aiSentences
      : [draftText.split(/(?<=[.!?])\s+/).find((s) => s.length > 40 && !s.includes("#")) ?? ""];
    // Revised twice, both times from the draft (the full app's "Revise Content" on the original).
    const revise = () =>
      post<Written>("/api/execute", {
        ...session,
        mode: "revise",
        originalContent: draftText,
        aiDetectedSentences: flagged,
        documentId: draft.documentId,
        sourceVersionId: draft.versionId,
      });
    const first = await revise();
    await check(textOf(first), first);
    const second = await revise();
    const secondCheck = await check(textOf(second), second);

    await page.goto(`/draftsmith/generate?document=${draft.documentId}`);
    await expect(page.getByRole("button", { name: /^Original Draft Ready/ })).toBeVisible();
    const trigger = page.getByRole("button", { name: /^AI Detection Analysis/ });
    if ((await trigger.getAttribute("aria-expanded")) !== "true") await trigger.click();
    const revised = page.getByRole("region", { name: "Revised draft" });
    const summary = revised.getByTestId("improvement-summary");
    const pct = (n: number) => `${Math.round(n * 10) / 10}%`;
    await expect(summary.locator("dd").first()).toContainText(
      `${pct(draftCheck.aiDetection.aiPercentage)}to${pct(secondCheck.aiDetection.aiPercentage)}`,
    );
    await expect(summary.locator("dd").nth(1)).toContainText(String(draftCheck.aiDetection.aiSentences.length));
  });
});
