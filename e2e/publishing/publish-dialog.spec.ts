// Publishing in a browser against the real server, whose WordPress client talks to a loopback fake
// WordPress started here (the e2e server runs with PUBLISH_ALLOW_PRIVATE_HOSTS=true): connect in
// Settings → Connections → on the document page publish the latest version as a draft (a double
// click sends one request) → the post's URL shown, and listed on the page → publish again updates the
// same post (one post on the fake, updated); the site's refusal shown in its words; and Publish in the
// Results screen's SEO panel sends the HTML just made, offering only sites of its platform.

import { EDITOR, FakeWordPress } from "../../src/server/publishing/testing/fake-wordpress";
import type { GenerationResponse } from "../../src/shared/writing";
import { toastWith } from "../detection/harness";
import { expect, expectNoSeriousA11yViolations, type Page, signedInAt, test } from "../fixtures";

const editor = { ...EDITOR };
let wp: FakeWordPress;

test.beforeAll(async () => {
  wp = await new FakeWordPress({ users: [editor] }).start();
});
test.afterAll(async () => {
  await wp.close();
});

/** Connects the fake WordPress through Settings → Connections, as a user does. */
async function connectWordPress(page: Page) {
  await page.goto("/settings/connections");
  await page.getByRole("button", { name: "Connect WordPress" }).click();
  const form = page.getByRole("form", { name: "Connect WordPress" });
  await form.getByLabel("Site URL").fill(wp.url);
  await form.getByLabel("Username").fill(EDITOR.username);
  await form.getByLabel("Application password").fill(EDITOR.applicationPassword);
  await form.getByRole("button", { name: "Connect" }).click();
  await expect(toastWith(page, "WordPress connected")).toBeVisible();
}

/** A draft written by the server (the offline writer: free), saved as a new document. */
async function writeDraft(page: Page): Promise<GenerationResponse> {
  const res = await page.request.post("/api/execute", {
    data: {
      currentDate: "2026-11-24",
      contentType: "Guide for market bakers on pricing sourdough loaves so the hours are paid",
      aiProvider: "openai",
      wordCount: "300",
    },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as GenerationResponse;
}

/** Counts the browser's publish requests. */
function countPublishes(page: Page) {
  const sent: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && /\/api\/documents\/[^/]+\/publish$/.test(new URL(r.url()).pathname))
      sent.push(r.postData() ?? "");
  });
  return sent;
}

test("connect → publish the latest version as a draft → the URL shown → publish again updates the same post", async ({
  page,
}) => {
  await signedInAt(page, "/settings/connections", "publish");
  await connectWordPress(page);
  const draft = await writeDraft(page);
  const sent = countPublishes(page);
  const postsBefore = wp.posts.size;

  await page.goto(`/documents/${draft.documentId}`);
  await expect(page.getByTestId("version")).toHaveCount(1);
  await page.getByRole("button", { name: "Publish latest" }).click();
  const dialog = page.getByRole("dialog", { name: "Publish" });
  await expect(dialog.getByLabel("Site")).toContainText("Fake Bakery Blog (WordPress)");
  await expect(dialog.getByRole("radio", { name: "Save as a draft" })).toBeChecked();
  await dialog.getByLabel("Categories").fill("Baking, Guides");
  await dialog.getByLabel("Tags").fill("sourdough");
  await expectNoSeriousA11yViolations(page);

  // The site holds the post while the user clicks twice: one request, the button busy.
  const gate = wp.hold("POST", "/wp/v2/posts");
  await dialog.getByRole("button", { name: "Save as a draft" }).dblclick();
  await gate.reached;
  await expect(dialog.getByRole("button", { name: "Sending…" })).toBeDisabled();
  expect(sent).toHaveLength(1);
  gate.release();

  await expect(dialog.getByRole("status")).toContainText("Saved as a draft");
  expect(wp.posts.size).toBe(postsBefore + 1);
  const post = [...wp.posts.values()].at(-1);
  expect(post).toMatchObject({ status: "draft" });
  expect(post?.content).toContain("<!-- wp:paragraph -->");
  expect(wp.categories.map((c) => c.name)).toEqual(expect.arrayContaining(["Baking", "Guides"]));
  const editUrl = `${wp.url}/wp-admin/post.php?post=${post?.id}&action=edit`;
  await expect(dialog.getByRole("link", { name: editUrl })).toHaveAttribute("href", editUrl);
  expect(JSON.parse(sent[0] ?? "{}")).toEqual({
    connectionId: expect.any(String),
    status: "draft",
    versionId: draft.versionId,
    categories: ["Baking", "Guides"],
    tags: ["sourdough"],
  });
  // The page's list of where the document is published is refreshed behind the dialog.
  const listed = page.locator("section[aria-label='Published on']");
  await expect(listed).toContainText("Fake Bakery Blog");
  await expect(listed).toContainText("Draft");

  // Again: the same post is updated, no second one.
  await dialog.getByRole("button", { name: "Save as a draft" }).click();
  await expect(dialog.getByRole("status")).toContainText("Saved as a draft (the existing post was updated)");
  expect(sent).toHaveLength(2);
  expect(wp.posts.size).toBe(postsBefore + 1);
  expect(wp.requests.filter((r) => r.method === "POST" && r.route === `/wp/v2/posts/${post?.id}`)).toHaveLength(1);

  // The URL stays on the document page.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.reload();
  const region = page.getByRole("region", { name: "Published on" });
  await expect(region.getByRole("link", { name: editUrl })).toBeVisible();
  await expect(region).toContainText("Version 1 · Draft");
});

test("scheduling asks for a time; a revoked password is shown in WordPress's words", async ({ page }) => {
  await signedInAt(page, "/settings/connections", "publish-refused");
  await connectWordPress(page);
  const draft = await writeDraft(page);
  await page.goto(`/documents/${draft.documentId}`);
  await page.getByRole("button", { name: "Publish latest" }).click();
  const dialog = page.getByRole("dialog", { name: "Publish" });
  await dialog.getByRole("radio", { name: "Schedule" }).check();
  await dialog.getByRole("button", { name: "Schedule" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Choose when to publish");

  const posts = wp.posts.size;
  editor.applicationPassword = "revoked revoked revoked revoked";
  try {
    await dialog.getByRole("radio", { name: "Publish now" }).check();
    await dialog.getByRole("button", { name: "Publish now" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(
      /^WordPress refused the application password: .+ Check the connection in Settings → Connections\.$/,
    );
  } finally {
    editor.applicationPassword = EDITOR.applicationPassword;
  }
  expect(wp.posts.size).toBe(posts);
});

test("Results screen: Publish in the SEO panel sends the HTML just made, to sites of its platform", async ({
  page,
}) => {
  await signedInAt(page, "/settings/connections", "publish-seo");
  await connectWordPress(page);
  await page.goto("/draftsmith");
  // Live before typing: hydration puts the prerendered prompt back.
  await expect(page.getByRole("button", { name: "Generate", exact: true })).toBeEnabled();
  await page
    .getByLabel("Describe your blog post")
    .fill("Guide for small bakery owners on pricing sourdough loaves so they cover flour, energy and time.");
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  // The document is in the URL as soon as the stream names it.
  const DOC_URL = /[?&]document=([0-9a-f-]{36})/;
  await expect(page).toHaveURL(DOC_URL);
  await expect(page.getByRole("heading", { name: "Your draft" })).toBeVisible({ timeout: 30_000 });
  const documentId = DOC_URL.exec(page.url())?.[1];

  const panel = page.getByTestId("seo-panel");
  // Shopify HTML: no Shopify site is connected, and the WordPress one is not offered for it.
  await panel.getByLabel("Platform").selectOption("shopify");
  await panel.getByRole("button", { name: "Generate SEO-Optimized HTML" }).click();
  await expect(panel.getByRole("heading", { name: "Shopify HTML" })).toBeVisible({ timeout: 20_000 });
  await panel.getByRole("button", { name: "Publish" }).click();
  const dialog = page.getByRole("dialog", { name: "Publish" });
  await expect(dialog).toContainText("This HTML was made for Shopify, and no Shopify connection is working yet.");
  await page.keyboard.press("Escape");

  await panel.getByLabel("Platform").selectOption("wordpress");
  await panel.getByRole("button", { name: "Generate SEO-Optimized HTML" }).click();
  await expect(panel.getByRole("heading", { name: "WordPress HTML" })).toBeVisible({ timeout: 20_000 });
  const html = await page.getByTestId("seo-html-tab-code").inputValue();
  const postsBefore = wp.posts.size;
  await panel.getByRole("button", { name: "Publish" }).click();
  await expect(dialog.getByLabel("Site")).toContainText("Fake Bakery Blog (WordPress)");
  await dialog.getByRole("button", { name: "Save as a draft" }).click();
  await expect(dialog.getByRole("status")).toContainText("Saved as a draft");
  expect(wp.posts.size).toBe(postsBefore + 1);
  const post = [...wp.posts.values()].at(-1);
  // The SEO panel's HTML as it is, on the document it was saved to.
  expect(post?.content).toBe(html);
  await expect(dialog.getByRole("link", { name: /post\.php\?post=\d+/ })).toBeVisible();
  const listed = await page.request.get(`/api/documents/${documentId}/publications`);
  expect(((await listed.json()) as { publications: { remoteId: string }[] }).publications).toEqual([
    expect.objectContaining({ remoteId: String(post?.id) }),
  ]);
});
