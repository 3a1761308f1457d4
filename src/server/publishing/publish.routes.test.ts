// POST /api/documents/:id/publish and GET /api/documents/:id/publications through the real app (the
// route mounted in app.ts with the documents feature's loader), on real documents and versions, with
// the real WordPress and Shopify clients against the loopback fakes, on PGlite and PostgreSQL.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConnectionView, PublicationsResponse, PublishResponse } from "../../shared/publishing";
import type { GenerationResponse } from "../../shared/writing";
import { publications } from "../db/schema";
import { describeEachDatabase } from "../testing/databases";
import { postJson } from "../testing/route-suite";
import type { SignedUpUser, TestApp } from "../testing/test-app";
import type { VersionToPublish } from "./publishing.service";
import { saveTestVersion } from "./testing/documents";
import { FAKE_BLOGS, type FakeShopify, WRITE_TOKEN } from "./testing/fake-shopify";
import { EDITOR, type FakeWordPress } from "./testing/fake-wordpress";
import { type PublishingTestApp, startPublishingTestApp } from "./testing/publishing-app";

const DRAFT = `# Sourdough Pricing for Market Stalls

What to charge for a sourdough loaf at a weekend market, worked out from flour, hours and the stalls around you.

## Costs first

Add up the flour, the salt, the electricity and the hours before you look at anyone else's price.
`;

/** A UUID that names nothing. */
const NOBODY = "00000000-0000-4000-8000-000000000000";

describeEachDatabase("publish routes", (kind) => {
  let t: TestApp;
  let ada: SignedUpUser;
  let bob: SignedUpUser;
  let wp: FakeWordPress;
  let shop: FakeShopify;
  let app: PublishingTestApp;
  let connection: ConnectionView;
  /** ada's documents A and B: version 1 and version 2 ("Saturday market") each. */
  const docs: Record<"a" | "b", VersionToPublish[]> = { a: [], b: [] };

  beforeAll(async () => {
    app = await startPublishingTestApp(kind);
    ({ t, ada, bob, wp, shop } = app);
    const made = await postJson(
      t,
      "/api/connections",
      { platform: "wordpress", siteUrl: wp.url, username: "editor", applicationPassword: EDITOR.applicationPassword },
      ada,
    );
    connection = (await made.json()).connection;
    for (const key of ["a", "b"] as const) {
      const v1 = await saveTestVersion(t, ada.userId, { content: DRAFT, title: "Sourdough pricing" });
      const v2 = await saveTestVersion(t, ada.userId, {
        documentId: v1.documentId,
        content: DRAFT.replace("weekend market", "Saturday market"),
      });
      docs[key] = [v1, v2];
    }
  });
  afterAll(() => app?.close());

  const doc = (key: "a" | "b") => docs[key][0]?.documentId ?? "";
  const publish = (documentId: string, body: unknown, user: SignedUpUser | null = ada) =>
    postJson(t, `/api/documents/${documentId}/publish`, body, user);
  const listed = async (documentId: string, user: SignedUpUser = ada) => {
    const res = await t.app.request(`/api/documents/${documentId}/publications`, { headers: user.headers });
    expect(res.status).toBe(200);
    return ((await res.json()) as PublicationsResponse).publications;
  };

  it("needs a session (401)", async () => {
    const res = await publish(doc("a"), { connectionId: connection.id }, null);
    expect(res.status).toBe(401);
    const list = await t.app.request(`/api/documents/${doc("a")}/publications`);
    expect(list.status).toBe(401);
  });

  it.each([
    [{}, "Choose a connection"],
    [{ connectionId: "x", status: "live" }, "Status must be draft, publish or future"],
    [{ connectionId: "x", status: "future" }, "Choose when to publish"],
    [
      { connectionId: "x", status: "future", publishAt: "2001-01-01T00:00:00Z" },
      "The publishing time must be in the future",
    ],
    [{ connectionId: "x", publishAt: "2099-01-01T00:00:00Z" }, "publishAt is only for status future"],
    [{ connectionId: "x", featuredImageUrl: "javascript:alert(1)" }, "Featured image URL must be an http(s) address"],
    [{ connectionId: "x", tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, "At most 20 tags"],
    [{ connectionId: "x", versionId: "nope" }, "versionId must be a document id (a UUID)"],
  ])("validates %j (400)", async (body, message) => {
    const res = await publish(doc("a"), body);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(message);
  });

  it("refuses a malformed document id with 400 before any query (never a 500)", async () => {
    for (const id of ["doc-a", "1", "'; drop table documents; --", `${NOBODY}0`]) {
      const res = await publish(encodeURIComponent(id), { connectionId: connection.id });
      expect(res.status, id).toBe(400);
      expect((await res.json()).error).toBe("Document id must be a document id (a UUID)");
      const list = await t.app.request(`/api/documents/${encodeURIComponent(id)}/publications`, {
        headers: ada.headers,
      });
      expect(list.status, id).toBe(400);
    }
  });

  it("answers 404 for another user's document, an unknown version and another user's connection", async () => {
    const foreign = await publish(doc("a"), { connectionId: connection.id }, bob);
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).error).toBe("No such document.");
    for (const [id, user] of [
      [doc("a"), bob],
      [NOBODY, ada],
    ] as const) {
      const list = await t.app.request(`/api/documents/${id}/publications`, { headers: user.headers });
      expect(list.status, id).toBe(404);
      expect((await list.json()).error).toBe("No such document.");
    }
    const unknown = await publish(NOBODY, { connectionId: connection.id });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error).toBe("No such document.");
    const version = await publish(doc("a"), { connectionId: connection.id, versionId: NOBODY });
    expect(version.status).toBe(404);
    expect((await version.json()).error).toBe("No such document version.");
    // A version of ada's other document is not a version of this one.
    const elsewhere = await publish(doc("a"), { connectionId: connection.id, versionId: docs.b[0]?.versionId });
    expect(elsewhere.status).toBe(404);
    expect((await elsewhere.json()).error).toBe("No such document version.");
    const bobs = await saveTestVersion(t, bob.userId, { content: DRAFT });
    const theirs = await publish(bobs.documentId, { connectionId: connection.id }, bob);
    expect(theirs.status).toBe(404);
    expect((await theirs.json()).error).toBe("No such connection.");
    expect(wp.posts.size).toBe(0);
  });

  it("publishes the latest version as a draft, then updates that post; the URL is listed for the document", async () => {
    const [v1, v2] = docs.a;
    const posts = wp.posts.size;
    const first = await publish(doc("a"), { connectionId: connection.id });
    expect(first.status).toBe(200);
    const a = (await first.json()) as PublishResponse;
    expect(a).toMatchObject({ updated: false, publication: { versionId: v2?.versionId, status: "draft" } });
    expect(wp.posts.get(Number(a.publication.remoteId))?.content).toContain("Saturday market");

    const again = (await (
      await publish(doc("a"), { connectionId: connection.id, versionId: v1?.versionId, status: "publish" })
    ).json()) as PublishResponse;
    expect(again).toMatchObject({
      updated: true,
      publication: { remoteId: a.publication.remoteId, versionId: v1?.versionId, status: "publish" },
    });
    expect(wp.posts.size).toBe(posts + 1);

    const publicationsOfA = await listed(doc("a"));
    expect(publicationsOfA).toEqual([again.publication]);
    expect(publicationsOfA[0]?.url).toMatch(new RegExp(`^${wp.url}/[a-z0-9-]+/$`));
    const strangers = await t.app.request(`/api/documents/${doc("a")}/publications`, { headers: bob.headers });
    expect(strangers.status).toBe(404);
  });

  it("sends one post when the same publish arrives twice at once (a double click)", async () => {
    const posts = wp.posts.size;
    const gate = wp.hold("POST", "/wp/v2/posts");
    const first = publish(doc("b"), { connectionId: connection.id });
    await gate.reached;
    const second = await publish(doc("b"), { connectionId: connection.id });
    expect(second.status).toBe(409);
    expect((await second.json()).error).toBe(
      "This document is already being published to Fake Bakery Blog: wait for that to finish.",
    );
    gate.release();
    expect((await first).status).toBe(200);
    expect(wp.posts.size).toBe(posts + 1);
  });

  // The whole path as a user takes it: a draft written by the app (the offline writer, free),
  // connected site, published as a draft, the URL recorded, published again after a revision.
  describe.each(["wordpress", "shopify"] as const)("end to end on %s", (platform) => {
    let site: ConnectionView;
    let carol: SignedUpUser;

    /** The remote posts: WordPress post ids or Shopify article ids, with their text. */
    const remote = () =>
      platform === "wordpress"
        ? [...wp.posts.values()].map((p) => ({ id: String(p.id), text: p.content, title: p.title }))
        : [...shop.articles.values()].map((a) => ({ id: a.id, text: a.body, title: a.title }));

    beforeAll(async () => {
      carol = await t.signUp(`carol-${platform}@example.com`);
      const body =
        platform === "wordpress"
          ? { platform, siteUrl: wp.url, username: "editor", applicationPassword: EDITOR.applicationPassword }
          : { platform, shopDomain: "crumb-co", accessToken: WRITE_TOKEN.token, blogId: FAKE_BLOGS[1]?.id };
      const res = await postJson(t, "/api/connections", body, carol);
      expect(res.status, await res.clone().text()).toBe(201);
      site = ((await res.json()) as { connection: ConnectionView }).connection;
    });

    it("connect → publish the draft as a draft → URL recorded → again updates the same post → others 404 → delete removes the rows", async () => {
      const written = await postJson(
        t,
        "/api/execute",
        {
          currentDate: "2026-11-24",
          contentType: "Guide for market bakers on pricing sourdough loaves",
          aiProvider: "openai",
          wordCount: "300",
        },
        carol,
      );
      expect(written.status).toBe(200);
      const draft = (await written.json()) as GenerationResponse;

      const before = remote().length;
      const first = await publish(draft.documentId, { connectionId: site.id, versionId: draft.versionId }, carol);
      expect(first.status, await first.clone().text()).toBe(200);
      const made = (await first.json()) as PublishResponse;
      expect(made).toMatchObject({
        updated: false,
        publication: {
          documentId: draft.documentId,
          versionId: draft.versionId,
          connectionId: site.id,
          platform,
          status: "draft",
        },
      });
      expect(remote()).toHaveLength(before + 1);
      const post = remote().find((p) => p.id === made.publication.remoteId);
      expect(post).toBeDefined();
      if (platform === "wordpress") expect(wp.posts.get(Number(post?.id))?.status).toBe("draft");
      else expect(shop.articles.get(made.publication.remoteId)?.isPublished).toBe(false);
      // A draft links to the editor; the link is recorded for the document page.
      expect(made.publication.url).toMatch(
        platform === "wordpress"
          ? new RegExp(`^${wp.url}/wp-admin/post\\.php\\?post=${post?.id}&action=edit$`)
          : /^https:\/\/admin\.shopify\.com\/store\/crumb-co\/content\/articles\/\d+$/,
      );
      expect(await listed(draft.documentId, carol)).toEqual([made.publication]);

      // A revision, then publish again (the latest version): the same post, with the new text.
      const revised = await saveTestVersion(t, carol.userId, {
        documentId: draft.documentId,
        content: `# Sourdough prices that pay the baker\n\nCount every hour at the oven before you print a price card.\n`,
      });
      const again = await publish(draft.documentId, { connectionId: site.id }, carol);
      expect(again.status).toBe(200);
      const updated = (await again.json()) as PublishResponse;
      expect(updated).toMatchObject({
        updated: true,
        publication: { id: made.publication.id, remoteId: made.publication.remoteId, versionId: revised.versionId },
      });
      expect(remote()).toHaveLength(before + 1);
      expect(remote().find((p) => p.id === made.publication.remoteId)?.text).toContain("Count every hour at the oven");
      if (platform === "wordpress")
        expect(wp.requests.filter((r) => r.method === "POST" && r.route === `/wp/v2/posts/${post?.id}`)).toHaveLength(
          1,
        );
      else
        expect(shop.requests.at(-1)).toMatchObject({
          operation: "articleUpdate",
          variables: { id: made.publication.remoteId },
        });

      // Someone else: not their document, not their connection — 404 both ways, nothing sent.
      const requests = platform === "wordpress" ? wp.requests.length : shop.requests.length;
      const notTheirs = await publish(draft.documentId, { connectionId: site.id }, bob);
      expect(notTheirs.status).toBe(404);
      expect((await notTheirs.json()).error).toBe("No such document.");
      const bobs = await saveTestVersion(t, bob.userId, { content: DRAFT });
      const notTheirConnection = await publish(bobs.documentId, { connectionId: site.id }, bob);
      expect(notTheirConnection.status).toBe(404);
      expect((await notTheirConnection.json()).error).toBe("No such connection.");
      expect(platform === "wordpress" ? wp.requests.length : shop.requests.length).toBe(requests);

      // Deleting the document deletes where it was published (the post on the site stays).
      const rows = () => t.db.select().from(publications).where(eq(publications.documentId, draft.documentId));
      expect(await rows()).toHaveLength(1);
      const deleted = await t.app.request(`/api/documents/${draft.documentId}`, {
        method: "DELETE",
        headers: carol.headers,
      });
      expect(deleted.status).toBe(200);
      expect(await rows()).toEqual([]);
      const listAfter = await t.app.request(`/api/documents/${draft.documentId}/publications`, {
        headers: carol.headers,
      });
      expect(listAfter.status).toBe(404);
      expect(remote().some((p) => p.id === made.publication.remoteId)).toBe(true);
      const gone = await publish(draft.documentId, { connectionId: site.id }, carol);
      expect(gone.status).toBe(404);
    });
  });
});
