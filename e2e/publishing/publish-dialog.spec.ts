// The Publish dialog in a browser, through the test-only harness until the document page mounts it.
// The connection is real (made through the API against a loopback fake WordPress); the publish call
// itself (POST /api/documents/:id/publish) arrives with the documents feature, so until then the
// browser's request to it is answered here — the server side is tested in
// src/server/publishing/publishing.service.test.ts. What this checks is the dialog: a draft by
// default, the chosen fields sent, one request for a double click, the URL shown, "updated" on the
// second publish, and the server's error words shown.
// TODO(coordinator): once the route exists, drop the page.route below and assert on the fake WordPress
// (wp.posts) instead: connect → publish as draft → the URL shown → publish again updates.

import { EDITOR, FakeWordPress } from "../../src/server/publishing/testing/fake-wordpress";
import type { PublishResponse } from "../../src/shared/publishing";
import { createAccount, openHarness, signIn } from "../detection/harness";
import { expect, type Page, test } from "../fixtures";

const ENTRY = "e2e/publishing/harness/publish-harness.tsx";
let wp: FakeWordPress;
let email: string;

test.beforeAll(async ({ browser }, info) => {
  wp = await new FakeWordPress().start();
  email = await createAccount(browser, info.project.use.baseURL, "publish");
});
test.afterAll(async () => {
  await wp.close();
});

/** Signs in and makes sure the account has its WordPress connection (real, verified by the fake). */
async function signInConnected(page: Page): Promise<string> {
  await signIn(page, email);
  const made = await page.request.post("/api/connections", {
    data: {
      platform: "wordpress",
      siteUrl: wp.url,
      username: "editor",
      applicationPassword: EDITOR.applicationPassword,
    },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect([201, 409], await made.text()).toContain(made.status());
  const list = (await (await page.request.get("/api/connections")).json()) as { connections: { id: string }[] };
  return list.connections[0]?.id ?? "";
}

test("publish as a draft, one request per double click, the URL shown; again updates", async ({ page }) => {
  const connectionId = await signInConnected(page);
  const connection = { id: connectionId };

  const bodies: Record<string, unknown>[] = [];
  let release: () => void = () => {};
  let published: PublishResponse["publication"] | null = null;
  await page.route("**/api/documents/doc-e2e/publications", (route) =>
    route.fulfill({ json: { publications: published ? [published] : [] } }),
  );
  await page.route("**/api/documents/doc-e2e/publish", async (route) => {
    bodies.push(route.request().postDataJSON() as Record<string, unknown>);
    const n = bodies.length;
    if (n === 1) await new Promise<void>((r) => (release = r)); // in flight while the user clicks again
    const answer: PublishResponse = {
      publication: {
        id: "pub-1",
        documentId: "doc-e2e",
        versionId: "ver-1",
        connectionId: connection.id,
        platform: "wordpress",
        remoteId: "101",
        url: `${wp.url}/wp-admin/post.php?post=101&action=edit`,
        editUrl: `${wp.url}/wp-admin/post.php?post=101&action=edit`,
        status: "draft",
        publishAt: null,
        publishedAt: new Date().toISOString(),
      },
      updated: n > 1,
      notes: [],
    };
    published = answer.publication;
    await route.fulfill({ json: answer });
  });

  await openHarness(page, "publish", ENTRY);
  await page.getByRole("button", { name: "Publish" }).click();
  const dialog = page.getByRole("dialog", { name: "Publish" });
  await expect(dialog.getByLabel("Site")).toContainText("Fake Bakery Blog (WordPress)");
  await expect(dialog.getByRole("radio", { name: "Save as a draft" })).toBeChecked();
  await dialog.getByLabel("Categories").fill("Baking, Guides");
  await dialog.getByLabel("Tags").fill("sourdough");

  const send = dialog.getByRole("button", { name: "Save as a draft" });
  await send.dblclick();
  await expect(dialog.getByRole("button", { name: "Sending…" })).toBeDisabled();
  await expect.poll(() => bodies.length).toBe(1);
  release();
  await expect(dialog.getByRole("status")).toContainText("Saved as a draft");
  await expect(dialog.getByRole("link", { name: /post\.php\?post=101/ })).toBeVisible();
  // The document's list of publications is refreshed behind the dialog.
  const listed = page.locator("section[aria-label='Published on']"); // behind the modal, so hidden from the accessibility tree
  await expect(listed).toContainText("Fake Bakery Blog");
  await expect(listed).toContainText("Draft");
  expect(bodies).toEqual([
    {
      connectionId: connection.id,
      status: "draft",
      versionId: "ver-1",
      categories: ["Baking", "Guides"],
      tags: ["sourdough"],
    },
  ]);

  await dialog.getByRole("button", { name: "Save as a draft" }).click();
  await expect(dialog.getByRole("status")).toContainText("Saved as a draft (the existing post was updated)");
  expect(bodies).toHaveLength(2);
});

test("scheduling asks for a time; the server's refusal is shown in its words", async ({ page }) => {
  await signInConnected(page);
  await page.route("**/api/documents/doc-e2e/publish", (route) =>
    route.fulfill({
      status: 502,
      json: {
        error:
          "WordPress refused the application password: The provided password is an invalid application password. Check the connection in Settings → Connections.",
        code: "PROVIDER_AUTH",
      },
    }),
  );
  await openHarness(page, "publish", ENTRY);
  await page.getByRole("button", { name: "Publish" }).click();
  const dialog = page.getByRole("dialog", { name: "Publish" });
  await dialog.getByRole("radio", { name: "Schedule" }).check();
  await dialog.getByRole("button", { name: "Schedule" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Choose when to publish");

  await dialog.getByRole("radio", { name: "Publish now" }).check();
  await dialog.getByRole("button", { name: "Publish now" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "WordPress refused the application password: The provided password is an invalid application password. Check the connection in Settings → Connections.",
  );
});
