// A signed-in page with a shell (issue 30): the server sends Documents (Settings, Billing, the full app, Results and
// a document's page too) with its heading and introduction, or its header and spinner (the full app: its
// form, with the public writers answer it needs carried in the page), already drawn
// (scripts/prerender.mjs, server/app.ts), so a phone reads them before any script has run; React then draws the page over that drawing without a moment where the heading is
// gone, and the shell, inert, takes no input.
import type { Page } from "@playwright/test";
import { expect, signedInAt, signUpViaApi, test, uniqueEmail } from "../fixtures";

const INTRO = /Every draft, revision, final version and SEO HTML you paid for/;

type Seen = { shown: boolean; lost: boolean };

/**
 * From the next page load's first paint: whether an element matching `selector` (with exactly `text`,
 * when given) was ever shown, and whether it was later gone. Read it with the function returned.
 */
async function watchShown(page: Page, key: string, selector: string, text?: string): Promise<() => Promise<Seen>> {
  await page.addInitScript(
    ([k, sel, txt]) => {
      const w = window as unknown as { watches?: Record<string, Seen> };
      w.watches ??= {};
      const seen = { shown: false, lost: false };
      w.watches[k] = seen;
      const check = () => {
        const shown = [...document.querySelectorAll(sel)].some((e) => txt === null || e.textContent === txt);
        if (shown) seen.shown = true;
        else if (seen.shown) seen.lost = true;
      };
      new MutationObserver(check).observe(document, { childList: true, subtree: true });
    },
    [key, selector, text ?? null] as const,
  );
  return () => page.evaluate((k) => (window as unknown as { watches: Record<string, Seen> }).watches[k] as Seen, key);
}

test.describe("a page shell", () => {
  test("Documents shows its heading before any script runs, and keeps it while the page takes over", async ({
    page,
    browser,
  }) => {
    await signedInAt(page, "/documents", "shell");

    // Without JavaScript: the server's page already holds the heading and the introduction, inert.
    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    try {
      const bare = await noScript.newPage();
      await bare.goto("/documents");
      await expect(bare.getByRole("heading", { level: 1, name: "Documents", exact: true })).toBeVisible();
      await expect(bare.getByText(INTRO)).toBeVisible();
      expect(await bare.locator("[data-page-shell]").getAttribute("inert")).not.toBeNull();
      // Settings and Billing come drawn too, each with its own heading.
      await bare.goto("/settings");
      await expect(bare.getByRole("heading", { level: 1, name: "Settings", exact: true })).toBeVisible();
      await expect(bare.getByText(/publishing connections and API keys/)).toBeVisible();
      await bare.goto("/billing");
      await expect(bare.getByRole("heading", { level: 1, name: "Credits & Billing" })).toBeVisible();
      // The full app: its header card and its form, sent with the writers answer (this server has no
      // model key: the offline writer's notice), opening on today's date and the sample brief.
      await bare.goto("/draftsmith/generate");
      await expect(bare.getByRole("heading", { level: 1, name: "Full Generation App" })).toBeVisible();
      await expect(bare.getByTestId("model-notice")).toContainText("the offline sample writer answers instead");
      await expect(bare.getByLabel("AI Model")).toHaveValue("openai");
      await expect(bare.getByLabel("Current Date")).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
      await expect(bare.getByLabel("Blog Topic/Content Type")).not.toHaveValue("");
      await expect(bare.getByRole("status", { name: "Loading the writers" })).toHaveCount(0);
      // Results and a document's page: the header and the spinner their data ends (any document id
      // gets the same drawing: nothing of a document is in it).
      await bare.goto("/draftsmith/results?document=7d1e2f3a-4b5c-4d6e-9f70-8192a3b4c5d6");
      await expect(bare.getByRole("status", { name: "Opening your draft" })).toBeVisible();
      await expect(bare.getByRole("banner")).toBeVisible();
      await bare.goto("/documents/7d1e2f3a-4b5c-4d6e-9f70-8192a3b4c5d6");
      await expect(bare.getByRole("status", { name: "Loading the document" })).toBeVisible();
      // A page without a shell is the empty page it always was.
      await bare.goto("/documents/not-a-document");
      await expect(bare.locator("#root")).toBeEmpty();
    } finally {
      await noScript.close();
    }

    // With JavaScript: from the first paint on, the heading never leaves the page, and the page that
    // replaces the shell is the live one (its search field takes text).
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    const heading = await watchShown(page, "heading", "h1", "Documents");
    await page.reload();
    const search = page.getByLabel("Search documents");
    await search.fill("nothing like this");
    await expect(page.getByText("No documents match “nothing like this”.")).toBeVisible();
    await expect(page.locator("[data-page-shell]")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: "Documents", exact: true })).toHaveCount(1);
    expect(await heading()).toEqual({ shown: true, lost: false });
    expect(errors).toEqual([]);
  });

  test("the full app's form, sent drawn, never gives way to a spinner while the page takes over", async ({ page }) => {
    await signedInAt(page, "/draftsmith/generate", "shell-app");
    const notice = await watchShown(page, "notice", '[data-testid="model-notice"]');
    const spinner = await watchShown(page, "spinner", '[aria-label="Loading the writers"]');
    await page.reload();
    // The live form: it takes text, and the notice follows the provider chosen.
    const topic = page.getByLabel("Blog Topic/Content Type");
    await topic.fill("A guide to sourdough starters for busy home bakers");
    await expect(topic).toHaveValue("A guide to sourdough starters for busy home bakers");
    await expect(page.locator("[data-page-shell]")).toHaveCount(0);
    await expect(page.getByTestId("model-notice")).toHaveCount(1);
    expect(await notice()).toEqual({ shown: true, lost: false });
    expect((await spinner()).shown).toBe(false);
  });

  test("a document's page and Results on it come drawn for their owner, and for no one else", async ({
    page,
    browser,
  }) => {
    await signedInAt(page, "/documents", "shell-doc");
    const origin = new URL(page.url()).origin;
    const saved = await page.request.post("/api/documents", {
      headers: { Origin: origin },
      data: {
        title: "Starter care <notes>",
        content: "# Keeping a starter\n\nFeed it **twice a day** and keep it warm.",
      },
    });
    expect(saved.status(), await saved.text()).toBe(201);
    const { document: doc } = (await saved.json()) as { document: { id: string } };

    // Without JavaScript: the owner's page already holds the document, inert; so does Results on it.
    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    const stranger = await browser.newContext({ javaScriptEnabled: false });
    try {
      const bare = await noScript.newPage();
      await bare.goto(`/documents/${doc.id}`);
      await expect(bare.getByRole("heading", { level: 1, name: "Starter care <notes>" })).toBeVisible();
      await expect(bare.getByText("twice a day")).toBeVisible();
      expect(await bare.locator("[data-page-shell]").getAttribute("inert")).not.toBeNull();
      await bare.goto(`/draftsmith/results?document=${doc.id}`);
      await expect(bare.getByText("twice a day")).toBeVisible();
      await expect(bare.getByRole("status", { name: "Opening your draft" })).toHaveCount(0);

      // Another account's session: the page as built, nothing of the document.
      const other = await stranger.newPage();
      await other.goto("/documents");
      await signUpViaApi(other, uniqueEmail("shell-stranger"));
      for (const path of [`/documents/${doc.id}`, `/draftsmith/results?document=${doc.id}`]) {
        const res = await other.goto(path);
        expect(await res?.text()).not.toContain("twice a day");
      }
      await expect(other.getByRole("status", { name: "Opening your draft" })).toBeVisible();
    } finally {
      await noScript.close();
      await stranger.close();
    }

    // With JavaScript: the document's heading, drawn by the server, never leaves the page while the
    // app takes over, and the page that replaces the drawing is the live one.
    const title = await watchShown(page, "title", "h1", "Starter care <notes>");
    await page.goto(`/documents/${doc.id}`);
    await page.getByRole("button", { name: "Rename" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.locator("[data-page-shell]")).toHaveCount(0);
    expect(await title()).toEqual({ shown: true, lost: false });
  });

  test("a shell is for its own page: another page opened from it shows its own", async ({ page }) => {
    await signedInAt(page, "/documents", "shell-nav");
    await page.getByTestId("header-credits").click();
    await expect(page).toHaveURL(/\/billing$/);
    await expect(page.getByRole("heading", { level: 1, name: "Credits & Billing" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Documents" })).toHaveCount(0);
    await page.goBack();
    await expect(page.getByLabel("Search documents")).toBeVisible();
  });
});
