// Publishing a document version through the service (the HTTP route: publish.routes.test.ts), with
// the real WordPress and Shopify clients against the loopback fakes, on PGlite and PostgreSQL. The
// versions are real (publications reference documents and versions), saved through DocumentsService.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ConnectionView, PublishRequest, type PublishRequestInput } from "../../shared/publishing";
import { publications } from "../db/schema";
import { AppError } from "../errors";
import { createLogger } from "../logger";
import { describeEachDatabase } from "../testing/databases";
import { postJson } from "../testing/route-suite";
import { createTestApp, type SignedUpUser, type TestApp } from "../testing/test-app";
import { createPublishing } from "./index";
import type { VersionToPublish } from "./publishing.service";
import { saveTestVersion, type TestVersionInput } from "./testing/documents";
import { FAKE_BLOGS, FakeShopify, WRITE_TOKEN } from "./testing/fake-shopify";
import { EDITOR, FakeWordPress } from "./testing/fake-wordpress";

const ENCRYPTION_KEY = "publishing-tests-encryption-key-0123456789";

const DRAFT = `# How to Price Sourdough at a Farmers Market

Pricing sourdough at a farmers market is the question every new baker asks first. Charge too little and the long ferment pays nothing; charge too much and the loaves come home with you.

## Know your costs

Flour, water, salt and time: add up the flour and the electricity, then the hours, and price each loaf so the hours are paid.

## Watch the stalls around you

Walk the market before you set a price. What do the other bakers charge, and what do they sell out of?
`;

describeEachDatabase("publishing a document version", (kind) => {
  let t: TestApp;
  let ada: SignedUpUser;
  let wp: FakeWordPress;
  let shop: FakeShopify;
  let wordpress: ConnectionView;
  let shopify: ConnectionView;

  beforeAll(async () => {
    wp = await new FakeWordPress({ seoPlugin: "yoast" }).start();
    shop = await new FakeShopify().start();
    t = await createTestApp({
      database: kind,
      env: { PUBLISH_ALLOW_PRIVATE_HOSTS: "true", SHOPIFY_API_BASE: shop.url, ENCRYPTION_KEY },
    });
    ada = await t.signUp("ada@example.com");
    const w = await postJson(
      t,
      "/api/connections",
      {
        platform: "wordpress",
        siteUrl: wp.url,
        username: EDITOR.username,
        applicationPassword: EDITOR.applicationPassword,
      },
      ada,
    );
    wordpress = (await w.json()).connection;
    const s = await postJson(
      t,
      "/api/connections",
      { platform: "shopify", shopDomain: "crumb-co", accessToken: WRITE_TOKEN.token, blogId: FAKE_BLOGS[1]?.id },
      ada,
    );
    shopify = (await s.json()).connection;
  });
  afterAll(async () => {
    await t.close();
    await wp.close();
    await shop.close();
  });

  /** The test's document, made with its first version: each test starts with no publication. */
  let documentId: string | undefined;
  beforeEach(() => {
    documentId = undefined;
  });

  /** A new version of the test's document (ada's), titled "Sourdough pricing", DRAFT by default. */
  async function version(over: Partial<TestVersionInput> = {}): Promise<VersionToPublish> {
    const v = await saveTestVersion(t, ada.userId, { content: DRAFT, title: "Sourdough pricing", documentId, ...over });
    documentId ??= v.documentId;
    return v;
  }

  /** Publishes `v`, or a new version of the test's document made from `v`. */
  const publish = async (
    v: VersionToPublish | Partial<TestVersionInput>,
    request: Partial<PublishRequestInput> & { connectionId: string },
  ) =>
    t.deps.publishing.publishing.publishVersion(
      { id: ada.userId, name: "Ada Baker" },
      "versionId" in v ? v : await version(v),
      PublishRequest.parse(request),
    );

  async function failure(p: Promise<unknown>): Promise<AppError> {
    const err = await p.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }

  describe("to WordPress", () => {
    it("creates a draft by default: block markup, title, slug, excerpt, Yoast fields; recorded", async () => {
      const out = await publish({}, { connectionId: wordpress.id });
      expect(out.updated).toBe(false);
      const post = wp.posts.get(Number(out.publication.remoteId));
      expect(post).toMatchObject({ status: "draft", title: "How to Price Sourdough at a Farmers Market" });
      expect(post?.content).toContain("<!-- wp:paragraph -->");
      expect(post?.content).toContain("<!-- wp:heading -->");
      expect(post?.content).not.toContain("<h1");
      expect(post?.slug).toMatch(/^[a-z0-9-]+$/);
      expect(post?.excerpt.length).toBeGreaterThan(50);
      expect(post?.meta._yoast_wpseo_title).toBe("How to Price Sourdough at a Farmers Market");
      expect(post?.meta._yoast_wpseo_metadesc).toBe(post?.excerpt);
      expect(out.publication).toMatchObject({
        documentId,
        connectionId: wordpress.id,
        platform: "wordpress",
        status: "draft",
        url: `${wp.url}/wp-admin/post.php?post=${post?.id}&action=edit`,
      });
      expect(out.notes).toEqual([]);
      const [row] = await t.db.select().from(publications).where(eq(publications.id, out.publication.id));
      expect(row).toMatchObject({ state: "done", remoteId: String(post?.id), lastError: null });
    });

    it("updates the same post when the document is published again, with this or a newer version", async () => {
      const a = await version();
      const first = await publish(a, { connectionId: wordpress.id });
      const postsBefore = wp.posts.size;
      const again = await publish(a, { connectionId: wordpress.id, status: "publish" });
      expect(again.updated).toBe(true);
      expect(again.publication.remoteId).toBe(first.publication.remoteId);
      expect(again.publication.id).toBe(first.publication.id);
      const revised = DRAFT.replace("Walk the market", "Stroll the market");
      const b = await version({ content: revised });
      const newer = await publish(b, { connectionId: wordpress.id, status: "publish" });
      expect(newer.updated).toBe(true);
      expect(newer.publication.versionId).toBe(b.versionId);
      expect(wp.posts.size).toBe(postsBefore);
      const post = wp.posts.get(Number(first.publication.remoteId));
      expect(post?.content).toContain("Stroll the market");
      expect(post?.status).toBe("publish");
      expect(newer.publication.url).toBe(`${wp.url}/${post?.slug}/`);
      expect(wp.requests.filter((r) => r.route === `/wp/v2/posts/${post?.id}` && r.method === "POST")).toHaveLength(2);
    });

    it("sends one post for a double click: the second request is refused while the first is in flight", async () => {
      const v = await version();
      const gate = wp.hold("POST", "/wp/v2/posts");
      const first = publish(v, { connectionId: wordpress.id });
      await gate.reached;
      const second = await failure(publish(v, { connectionId: wordpress.id }));
      expect(second.status).toBe(409);
      expect(second.message).toBe(
        "This document is already being published to Fake Bakery Blog: wait for that to finish.",
      );
      gate.release();
      const done = await first;
      const sameDoc = await t.db.select().from(publications).where(eq(publications.documentId, v.documentId));
      expect(sameDoc).toHaveLength(1);
      expect(sameDoc[0]).toMatchObject({ state: "done", remoteId: done.publication.remoteId });
    });

    it("schedules with status future at publishAt (date_gmt)", async () => {
      const at = new Date(Date.now() + 7 * 86_400_000);
      at.setUTCMilliseconds(0);
      const out = await publish({}, { connectionId: wordpress.id, status: "future", publishAt: at.toISOString() });
      const post = wp.posts.get(Number(out.publication.remoteId));
      expect(post).toMatchObject({ status: "future", date_gmt: at.toISOString().slice(0, 19) });
      expect(out.publication).toMatchObject({ status: "future", publishAt: at.toISOString() });
    });

    it("finds or creates categories and tags, and uploads the featured image once", async () => {
      const image = `${wp.url}/images/photo.png`;
      const out = await publish(
        {},
        {
          connectionId: wordpress.id,
          categories: ["uncategorized", "Baking"],
          tags: ["sourdough", "pricing"],
          featuredImageUrl: image,
        },
      );
      const post = wp.posts.get(Number(out.publication.remoteId));
      const baking = wp.categories.find((c) => c.name === "Baking");
      expect(post?.categories).toEqual([1, baking?.id]);
      expect(post?.tags).toEqual(wp.tags.filter((x) => ["sourdough", "pricing"].includes(x.name)).map((x) => x.id));
      const media = wp.media.at(-1);
      expect(media).toMatchObject({ mimeType: "image/png", filename: "price-sourdough-farmers-market.png" });
      expect(post?.featured_media).toBe(media?.id);
      const uploads = wp.media.length;
      await publish({}, { connectionId: wordpress.id, tags: ["sourdough"], featuredImageUrl: image });
      expect(wp.media.length).toBe(uploads);
      expect(wp.categories.filter((c) => c.name === "Baking")).toHaveLength(1);
    });

    it("publishes HTML made for WordPress as it is, and refuses HTML made for Shopify", async () => {
      const html =
        "<!-- wp:paragraph -->\n<p>Already optimised for WordPress, about sourdough pricing.</p>\n<!-- /wp:paragraph -->";
      const out = await publish(
        { content: html, format: "html", platform: "wordpress" },
        { connectionId: wordpress.id },
      );
      const post = wp.posts.get(Number(out.publication.remoteId));
      expect(post?.content).toBe(html);
      expect(post?.title).toBe("Sourdough pricing");
      const err = await failure(
        publish({ content: "<p>x</p>", format: "html", platform: "shopify" }, { connectionId: wordpress.id }),
      );
      expect(err.status).toBe(400);
      expect(err.message).toMatch(/^This version's HTML was made for Shopify/);
    });

    it.each([
      [
        "a revoked password (401)",
        {
          status: 401,
          body: {
            code: "incorrect_password",
            message: "The provided password is an invalid application password.",
            data: { status: 401 },
          },
        },
        502,
        "WordPress refused the application password: The provided password is an invalid application password. Check the connection in Settings → Connections.",
      ],
      [
        "a role that may not publish (403)",
        {
          status: 403,
          body: {
            code: "rest_cannot_publish",
            message: "Sorry, you are not allowed to publish posts in this post type.",
            data: { status: 403 },
          },
        },
        502,
        "WordPress refused to create the post (rest_cannot_publish): Sorry, you are not allowed to publish posts in this post type. Check the connection in Settings → Connections.",
      ],
      [
        "a REST API switched off since (404)",
        { status: 404, body: "<html>Not found</html>" },
        502,
        /^No WordPress REST API at .*\(404\): the REST API may be disabled/,
      ],
      [
        "a post too large (413)",
        { status: 413, body: "<html>413 Request Entity Too Large</html>" },
        413,
        /refused the request as too large \(413\)/,
      ],
      [
        "a rate limit (429 with Retry-After)",
        { status: 429, body: { code: "too_many_requests", message: "Slow down" }, headers: { "retry-after": "17" } },
        429,
        /is limiting requests \(429\)\. Try again in 17 seconds\./,
      ],
      [
        "a server error (500)",
        { status: 500, body: { code: "internal_server_error", message: "Fatal" } },
        502,
        /had a server error \(500\)/,
      ],
    ])(
      "maps %s to a clear %s, records the failure, and a retry creates one post",
      async (_name, answer, status, message) => {
        const v = await version();
        wp.failNext({ method: "POST", path: "/wp/v2/posts", ...answer });
        const err = await failure(publish(v, { connectionId: wordpress.id }));
        expect(err.status).toBe(status);
        expect(err.message).toMatch(message);
        const [row] = await t.db.select().from(publications).where(eq(publications.documentId, v.documentId));
        expect(row).toMatchObject({ state: "failed", remoteId: null });
        expect(row?.lastError).toBeTruthy();
        const before = wp.posts.size;
        const retry = await publish(v, { connectionId: wordpress.id });
        expect(retry.updated).toBe(false);
        expect(wp.posts.size).toBe(before + 1);
      },
    );

    it("maps a too-large featured image upload to 413", async () => {
      wp.failNext({ method: "POST", path: "/wp/v2/media", status: 413, body: "<html>Too large</html>" });
      const err = await failure(
        publish({}, { connectionId: wordpress.id, featuredImageUrl: `${wp.url}/images/photo.png` }),
      );
      expect(err.status).toBe(413);
      expect(err.message).toMatch(
        /refused the featured image as too large \(413\): it is over the site's upload limit/,
      );
    });

    it("refuses a featured image URL that is not an image", async () => {
      const err = await failure(
        publish({}, { connectionId: wordpress.id, featuredImageUrl: `${wp.url}/images/page.html` }),
      );
      expect(err.status).toBe(400);
      expect(err.message).toMatch(/does not point to a JPEG, PNG, GIF, WebP or AVIF image \(it is text\/html\)/);
    });

    it("creates a new post when the earlier one was deleted on the site", async () => {
      const first = await publish({}, { connectionId: wordpress.id });
      wp.posts.delete(Number(first.publication.remoteId));
      const again = await publish({}, { connectionId: wordpress.id });
      expect(again.updated).toBe(false);
      expect(again.publication.remoteId).not.toBe(first.publication.remoteId);
      expect(again.notes).toContain(
        "The post published earlier no longer exists on WordPress; a new post was created.",
      );
    });

    it("answers 404 for another user's connection", async () => {
      const bob = await t.signUp(`bob-${kind}@example.com`);
      const err = await failure(
        t.deps.publishing.publishing.publishVersion(
          { id: bob.userId, name: "Bob" },
          await version(),
          PublishRequest.parse({ connectionId: wordpress.id }),
        ),
      );
      expect(err.status).toBe(404);
    });

    it("costs no credits", async () => {
      const before = await t.deps.ledger.balance(ada.userId);
      await publish({}, { connectionId: wordpress.id, status: "publish" });
      expect(await t.deps.ledger.balance(ada.userId)).toEqual(before);
    });
  });

  describe("to Shopify", () => {
    it("creates an unpublished article with body (no JSON-LD), summary, handle, tags, author and SEO metafields", async () => {
      const out = await publish(
        {},
        {
          connectionId: shopify.id,
          tags: ["sourdough"],
          categories: ["Guides"],
          featuredImageUrl: "https://cdn.example.com/loaf.jpg",
        },
      );
      const article = shop.articles.get(out.publication.remoteId);
      expect(article).toMatchObject({
        blogId: FAKE_BLOGS[1]?.id,
        title: "How to Price Sourdough at a Farmers Market",
        isPublished: false,
        tags: ["sourdough", "Guides"],
        author: "Ada Baker",
        image: { url: "https://cdn.example.com/loaf.jpg", altText: "How to Price Sourdough at a Farmers Market" },
      });
      expect(article?.body).toContain("<h2");
      expect(article?.body).not.toContain("application/ld+json");
      expect(article?.body).not.toContain("<!-- wp:");
      expect(article?.summary).toMatch(/^<p>.+<\/p>$/);
      expect(article?.metafields).toEqual([
        {
          namespace: "global",
          key: "title_tag",
          type: "single_line_text_field",
          value: "How to Price Sourdough at a Farmers Market",
        },
        { namespace: "global", key: "description_tag", type: "single_line_text_field", value: expect.any(String) },
      ]);
      expect(out.publication.status).toBe("draft");
      expect(out.publication.url).toMatch(/^https:\/\/admin\.shopify\.com\/store\/crumb-co\/content\/articles\/\d+$/);
      expect(out.notes).toEqual(["Shopify blogs have no categories: the categories were added to the article's tags."]);
    });

    it("updates the same article with articleUpdate when published again, and links the live article", async () => {
      const first = await publish({}, { connectionId: shopify.id });
      const count = shop.articles.size;
      const again = await publish({}, { connectionId: shopify.id, status: "publish" });
      expect(again.updated).toBe(true);
      expect(shop.articles.size).toBe(count);
      expect(shop.requests.at(-1)).toMatchObject({
        operation: "articleUpdate",
        variables: { id: first.publication.remoteId },
      });
      const article = shop.articles.get(first.publication.remoteId);
      expect(article?.isPublished).toBe(true);
      expect(again.publication.url).toBe(`https://crumb.example/blogs/bread-journal/${article?.handle}`);
    });

    it("lets Shopify choose a free handle when the slug is taken by another article", async () => {
      // Two documents with the same text, so the same slug.
      const another = () => saveTestVersion(t, ada.userId, { content: DRAFT, title: "Sourdough pricing" });
      const a = await publish(await another(), { connectionId: shopify.id });
      const b = await publish(await another(), { connectionId: shopify.id });
      const handles = [a, b].map((x) => shop.articles.get(x.publication.remoteId)?.handle);
      expect(new Set(handles).size).toBe(2);
      expect(b.notes.join(" ")).toMatch(/The handle "price-sourdough-farmers-market" is taken in this blog/);
    });

    it("shows Shopify's userErrors in plain words (400), with the field", async () => {
      shop.userErrorsOnce([{ code: "INVALID", field: ["article", "image", "url"], message: "Image url is invalid" }]);
      const err = await failure(
        publish({}, { connectionId: shopify.id, featuredImageUrl: "https://cdn.example.com/x" }),
      );
      expect(err.status).toBe(400);
      expect(err.message).toBe("Shopify refused the article: Image url is invalid (article.image.url)");
    });

    it("maps throttling (THROTTLED) to 429 with the wait Shopify's bucket implies", async () => {
      shop.throttleOnce();
      const err = await failure(publish({}, { connectionId: shopify.id }));
      expect(err.status).toBe(429);
      expect(err.message).toBe("Shopify is limiting requests (throttled). Try again in 7 seconds.");
    });

    it("maps HTTP 429 with Retry-After", async () => {
      shop.tooManyRequestsOnce("2");
      const err = await failure(publish({}, { connectionId: shopify.id }));
      expect(err.status).toBe(429);
      expect(err.message).toMatch(/\(429\)\. Try again in 2 seconds\./);
    });
  });

  it("gives up on a site that does not answer in time: 502, never a hang or a 500", async () => {
    const slow = createPublishing({
      config: { allowPrivateHosts: true, timeoutMs: 1000, shopifyApiBase: shop.url, encryptionKey: ENCRYPTION_KEY },
      keyMaterial: ENCRYPTION_KEY,
      db: t.db,
      logger: createLogger("silent"),
    });
    wp.failNext({ method: "POST", path: "/wp/v2/posts", status: 200, hang: true });
    const err = await failure(
      slow.publishing.publishVersion(
        { id: ada.userId, name: "Ada" },
        await version(),
        PublishRequest.parse({ connectionId: wordpress.id }),
      ),
    );
    expect(err.status).toBe(502);
    expect(err.message).toMatch(/did not answer within 1 second\b/);
    await slow.http.close();
  });
});
