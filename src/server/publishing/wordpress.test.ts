// The WordPress client on its own, at the wire, against the loopback fake.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { RemoteError, type RemotePost } from "./remote";
import { SafeHttp } from "./safe-http";
import { EDITOR, FakeWordPress } from "./testing/fake-wordpress";
import { toWordPressGmt, WordPressClient } from "./wordpress";

const http = new SafeHttp({ allowPrivate: true, timeoutMs: 10_000, maxResponseBytes: 1024 * 1024 });
const client = new WordPressClient(http);
afterAll(() => http.close());

const post: RemotePost = {
  title: "Sourdough pricing",
  slug: "sourdough-pricing",
  excerpt: "How to price a loaf.",
  html: "<!-- wp:paragraph -->\n<p>Price it well.</p>\n<!-- /wp:paragraph -->",
  tags: [],
  categories: [],
  status: "draft",
  seoTitle: "Sourdough pricing | Bakery",
  seoDescription: "How to price a loaf at the market.",
  authorName: "Ada",
};

const creds = (wp: FakeWordPress) => ({
  siteUrl: wp.url,
  username: EDITOR.username,
  applicationPassword: EDITOR.applicationPassword,
});

describe("WordPressClient", () => {
  const sites: FakeWordPress[] = [];
  const site = async (opts: ConstructorParameters<typeof FakeWordPress>[0] = {}) => {
    const wp = await new FakeWordPress(opts).start();
    sites.push(wp);
    return wp;
  };
  afterEach(async () => {
    for (const wp of sites.splice(0)) await wp.close();
  });

  it("reads the site's name and the user's rights when verifying", async () => {
    const wp = await site({ siteName: "Crumb &amp; Co" });
    expect(await client.verify(creds(wp))).toEqual({ name: "Crumb & Co", userName: "Eda Editor", canPublish: true });
  });

  it("writes Rank Math's fields when the site registers them", async () => {
    const wp = await site({ seoPlugin: "rankmath" });
    const out = await client.publish(creds(wp), post);
    expect(wp.posts.get(Number(out.remoteId))?.meta).toEqual({
      rank_math_title: "Sourdough pricing | Bakery",
      rank_math_description: "How to price a loaf at the market.",
    });
    expect(out.notes).toEqual([]);
  });

  it("says where to put the SEO fields when the site exposes no SEO plugin meta", async () => {
    const wp = await site({ seoPlugin: null });
    const out = await client.publish(creds(wp), post);
    expect(wp.posts.get(Number(out.remoteId))?.meta).toEqual({});
    expect(out.notes).toEqual([
      'This site does not expose Yoast SEO or Rank Math fields to the REST API: set the meta title ("Sourdough pricing | Bakery") and the meta description in the post\'s SEO box.',
    ]);
  });

  it("explains what a site refused in a field (rest_invalid_param)", async () => {
    const wp = await site();
    const err = await client.publish(creds(wp), { ...post, status: "bogus" as "draft" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RemoteError);
    expect((err as RemoteError).kind).toBe("rejected");
    expect((err as RemoteError).message).toBe(
      "WordPress refused to create the post: status is not one of publish, future, draft, pending, private.",
    );
  });

  it("reports an answer without the saved post as the site's failure, not ours", async () => {
    const wp = await site();
    wp.failNext({ method: "POST", path: "/wp/v2/posts", status: 201, body: { id: "not-a-number" } });
    const err = await client.publish(creds(wp), post).catch((e: unknown) => e);
    expect((err as RemoteError).kind).toBe("unavailable");
    expect((err as RemoteError).message).toBe(`${new URL(wp.url).host} did not answer with the saved post.`);
  });

  it("tells the user to create a category the account may not create", async () => {
    const wp = await site({
      users: [{ ...EDITOR, capabilities: { ...EDITOR.capabilities, manage_categories: false } }],
    });
    const err = await client.publish(creds(wp), { ...post, categories: ["Recipes"] }).catch((e: unknown) => e);
    expect((err as RemoteError).kind).toBe("rejected");
    expect((err as RemoteError).message).toBe(
      'WordPress refused to create the category "Recipes": this user may not add categories. Create it in WordPress first, or leave it out.',
    );
  });

  it("answers with the page's words when the address is not WordPress at all", async () => {
    const html: Server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<!doctype html><h1>A shop</h1>");
    });
    await new Promise<void>((r) => html.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(html.address() as AddressInfo).port}`;
    try {
      const err = await client.verify({ ...creds({ url } as FakeWordPress) }).catch((e: unknown) => e);
      expect((err as RemoteError).message).toBe(
        `127.0.0.1:${(html.address() as AddressInfo).port} answered with a web page instead of the WordPress REST API: is ${url} the WordPress address?`,
      );
    } finally {
      html.closeAllConnections();
      await new Promise((r) => html.close(r));
    }
  });

  it("says which address to use when the site redirects to another origin", async () => {
    const wp = await site();
    const redirector: Server = createServer((req, res) => {
      res.writeHead(301, { location: `${wp.url}${req.url}` });
      res.end();
    });
    await new Promise<void>((r) => redirector.listen(0, "127.0.0.1", r));
    const from = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`;
    try {
      const err = await client.verify({ ...creds(wp), siteUrl: from }).catch((e: unknown) => e);
      expect((err as RemoteError).kind).toBe("address");
      expect((err as RemoteError).message).toBe(
        `${new URL(from).host} redirected to ${wp.url}: use ${wp.url} as the site URL.`,
      );
      // The credentials did not follow the redirect to the other origin.
      expect(wp.requests.at(-1)?.user).toBeUndefined();
    } finally {
      redirector.closeAllConnections();
      await new Promise((r) => redirector.close(r));
    }
  });
});

describe("toWordPressGmt", () => {
  it("writes UTC without a zone, as date_gmt expects", () => {
    expect(toWordPressGmt("2030-01-31T10:00:00+02:00")).toBe("2030-01-31T08:00:00");
  });
});
