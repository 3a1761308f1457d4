// /api/connections through the real app, on PGlite and PostgreSQL, with the real WordPress and
// Shopify clients talking to loopback fakes (PUBLISH_ALLOW_PRIVATE_HOSTS=true lets them reach 127.0.0.1).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConnectionView } from "../../shared/publishing";
import { publishingConnections, users } from "../db/schema";
import { describeEachDatabase } from "../testing/databases";
import { postJson } from "../testing/route-suite";
import { createTestApp, type SignedUpUser, type TestApp } from "../testing/test-app";
import { CONNECT_ATTEMPTS, tooManyConnectAttempts } from "./publishing.routes";
import { FAKE_BLOGS, type FakeShopify, READ_ONLY_TOKEN, WRITE_TOKEN } from "./testing/fake-shopify";
import { EDITOR, FakeWordPress, SUBSCRIBER } from "./testing/fake-wordpress";
import { type PublishingTestApp, startPublishingTestApp } from "./testing/publishing-app";

const wordpressBody = (wp: FakeWordPress, over: Record<string, unknown> = {}) => ({
  platform: "wordpress",
  siteUrl: wp.url,
  username: EDITOR.username,
  applicationPassword: EDITOR.applicationPassword,
  ...over,
});

describeEachDatabase("connections API", (kind) => {
  let t: TestApp;
  let ada: SignedUpUser;
  let bob: SignedUpUser;
  let wp: FakeWordPress;
  let shop: FakeShopify;
  const editor = { ...EDITOR };

  let app: PublishingTestApp;

  beforeAll(async () => {
    app = await startPublishingTestApp(kind, { users: [editor, SUBSCRIBER] });
    ({ t, ada, bob, wp, shop } = app);
  });
  afterAll(() => app?.close());

  const list = async (user: SignedUpUser) =>
    (
      (await (await t.app.request("/api/connections", { headers: user.headers })).json()) as {
        connections: ConnectionView[];
      }
    ).connections;

  it.each([
    ["GET", "/api/connections"],
    ["POST", "/api/connections"],
    ["POST", "/api/connections/shopify/blogs"],
    ["POST", "/api/connections/abc/verify"],
    ["DELETE", "/api/connections/abc"],
  ])("%s %s needs a session (401)", async (method, path) => {
    const res = await t.app.request(path, {
      method,
      headers: { "content-type": "application/json" },
      body: method === "GET" ? undefined : "{}",
    });
    expect(res.status).toBe(401);
    expect((await res.json()).error).toBe("Please sign in to continue.");
  });

  describe("WordPress", () => {
    let connection: ConnectionView;

    it("verifies the Application Password with users/me?context=edit and saves the connection", async () => {
      const res = await postJson(t, "/api/connections", wordpressBody(wp), ada);
      expect(res.status).toBe(201);
      const text = await res.text();
      expect(text).not.toContain("abcd");
      expect(text).not.toContain(EDITOR.applicationPassword);
      connection = (JSON.parse(text) as { connection: ConnectionView }).connection;
      expect(connection).toMatchObject({
        platform: "wordpress",
        name: "Fake Bakery Blog",
        siteUrl: wp.url,
        username: "editor",
        secretHint: "••••UVWX",
        status: "verified",
        lastError: null,
      });
      expect(wp.requests).toContainEqual(
        expect.objectContaining({
          method: "GET",
          route: "/wp/v2/users/me",
          user: "editor",
          query: { context: "edit" },
        }),
      );
      const [row] = await t.db.select().from(publishingConnections).where(eq(publishingConnections.id, connection.id));
      expect(row?.secretCiphertext).toMatch(/^v1\./);
      expect(row?.secretCiphertext).not.toContain("abcd");
      expect((await list(ada)).map((c) => c.id)).toEqual([connection.id]);
    });

    it("answers 409 when the same site is connected again as the same user", async () => {
      const res = await postJson(t, "/api/connections", wordpressBody(wp, { siteUrl: `${wp.url}/wp-admin/` }), ada);
      expect(res.status).toBe(409);
      expect((await res.json()).error).toContain('is already connected as "editor"');
    });

    it("shows another user none of it, and answers 404 for its id", async () => {
      expect(await list(bob)).toEqual([]);
      expect((await postJson(t, `/api/connections/${connection.id}/verify`, {}, bob)).status).toBe(404);
      const del = await t.app.request(`/api/connections/${connection.id}`, { method: "DELETE", headers: bob.headers });
      expect(del.status).toBe(404);
      expect((await del.json()).error).toBe("No such connection.");
    });

    it("re-verifies: records WordPress's refusal in plain words, then success again", async () => {
      editor.applicationPassword = "new1 new2 new3 new4 new5 new6";
      const failed = await postJson(t, `/api/connections/${connection.id}/verify`, {}, ada);
      expect(failed.status).toBe(200);
      const body = (await failed.json()) as { connection: ConnectionView };
      expect(body.connection.status).toBe("failed");
      expect(body.connection.lastError).toBe(
        "WordPress refused the application password: The provided password is an invalid application password.",
      );
      editor.applicationPassword = EDITOR.applicationPassword;
      const ok = (await (await postJson(t, `/api/connections/${connection.id}/verify`, {}, ada)).json()) as {
        connection: ConnectionView;
      };
      expect(ok.connection).toMatchObject({ status: "verified", lastError: null });
    });

    it("deletes the connection, and its sealed secret with it", async () => {
      const res = await t.app.request(`/api/connections/${connection.id}`, { method: "DELETE", headers: ada.headers });
      expect(res.status).toBe(200);
      expect(await list(ada)).toEqual([]);
      const rows = await t.db.select().from(publishingConnections).where(eq(publishingConnections.id, connection.id));
      expect(rows).toEqual([]);
      const again = await t.app.request(`/api/connections/${connection.id}`, {
        method: "DELETE",
        headers: ada.headers,
      });
      expect(again.status).toBe(404);
    });

    it.each([
      [
        "a wrong Application Password",
        { applicationPassword: "wrong wrong wrong wrong wrong wrong" },
        "WordPress refused the application password: The provided password is an invalid application password.",
      ],
      ["an unknown user", { username: "ghost" }, 'WordPress doesn\'t know the user "ghost".'],
      [
        "a user who can't write posts",
        { username: SUBSCRIBER.username, applicationPassword: SUBSCRIBER.applicationPassword },
        'The WordPress user "reader" can\'t write posts (role: subscriber). Use an Author, Editor or Administrator account.',
      ],
    ])("refuses %s with the site's own words, saving nothing", async (_name, over, message) => {
      const before = (await list(bob)).length;
      const res = await postJson(t, "/api/connections", wordpressBody(wp, over), bob);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe(message);
      expect((await list(bob)).length).toBe(before);
    });

    it("explains a site whose REST API is disabled (404)", async () => {
      const off = await new FakeWordPress({ restDisabled: true }).start();
      try {
        const res = await postJson(t, "/api/connections", wordpressBody(off), bob);
        expect(res.status).toBe(400);
        expect((await res.json()).error).toMatch(
          /No WordPress REST API at .*\/wp-json\/ \(404\): the REST API may be disabled/,
        );
      } finally {
        await off.close();
      }
    });

    it("explains a web server that drops the Authorization header", async () => {
      const stripped = await new FakeWordPress({ dropsAuthorization: true }).start();
      try {
        const res = await postJson(t, "/api/connections", wordpressBody(stripped), bob);
        expect(res.status).toBe(400);
        expect((await res.json()).error).toMatch(
          /did not receive the credentials \(rest_not_logged_in\).*Authorization header/,
        );
      } finally {
        await stripped.close();
      }
    });

    it("answers 502, not 500, when the site has a server error", async () => {
      wp.failNext({
        path: "/wp/v2/users/me",
        status: 503,
        body: { code: "maintenance", message: "Briefly unavailable" },
      });
      const res = await postJson(t, "/api/connections", wordpressBody(wp), bob);
      expect(res.status).toBe(502);
      expect((await res.json()).error).toMatch(/server error \(503\)/);
    });

    it.each([
      [{ siteUrl: "not a url at all" }, "Site URL must be your WordPress address, like https://example.com"],
      [{ siteUrl: "ftp://example.com" }, "Site URL must be your WordPress address, like https://example.com"],
      [{ username: "  " }, "Username is required"],
      [{ applicationPassword: undefined }, "Application password is required"],
      [{ platform: "ghost" }, "Platform must be wordpress or shopify"],
    ])("validates %j", async (over, message) => {
      const res = await postJson(t, "/api/connections", wordpressBody(wp, over), bob);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe(message);
    });
  });

  describe("Shopify", () => {
    const store = { shopDomain: "crumb-co", accessToken: WRITE_TOKEN.token };

    it("lists the store's blogs once the token is known to write content", async () => {
      const res = await postJson(t, "/api/connections/shopify/blogs", store, ada);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ shopName: "Fake Crumb Co.", blogs: FAKE_BLOGS });
      expect(shop.requests.at(-1)).toMatchObject({ operation: "store", token: WRITE_TOKEN.token });
    });

    it("says when the token lacks write_content", async () => {
      const res = await postJson(
        t,
        "/api/connections/shopify/blogs",
        { ...store, accessToken: READ_ONLY_TOKEN.token },
        ada,
      );
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatch(/^This token lacks write_content/);
    });

    it("says when Shopify refuses the token", async () => {
      const res = await postJson(t, "/api/connections/shopify/blogs", { ...store, accessToken: "shpat_nope" }, ada);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe(
        "Shopify refused the access token for crumb-co.myshopify.com: it is mistyped or was revoked ([API] Invalid API key or access token (unrecognized login or wrong password)).",
      );
    });

    it("saves a store with the chosen blog, showing only the token's last four characters", async () => {
      const blog = FAKE_BLOGS[1] as (typeof FAKE_BLOGS)[number];
      const res = await postJson(
        t,
        "/api/connections",
        { platform: "shopify", ...store, shopDomain: "https://crumb-co.myshopify.com/admin", blogId: blog.id },
        ada,
      );
      expect(res.status).toBe(201);
      const text = await res.text();
      expect(text).not.toContain(WRITE_TOKEN.token);
      expect(JSON.parse(text).connection).toMatchObject({
        platform: "shopify",
        name: "Fake Crumb Co.",
        siteUrl: "https://crumb-co.myshopify.com",
        blog,
        secretHint: "••••cdef",
        status: "verified",
      });
    });

    it("refuses a blog that is not in the store", async () => {
      const res = await postJson(
        t,
        "/api/connections",
        { platform: "shopify", ...store, blogId: "gid://shopify/Blog/1" },
        ada,
      );
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe(
        'That blog is not in Fake Crumb Co.: choose one of "News", "Bread Journal".',
      );
    });

    it.each([
      [{ shopDomain: "crumb.example.com" }, "Store domain must be your store's .myshopify.com address"],
      [{ accessToken: "" }, "Access token is required"],
      [{ blogId: "12" }, "Choose a blog from the store's blogs"],
    ])("validates %j", async (over, message) => {
      const res = await postJson(
        t,
        "/api/connections",
        { platform: "shopify", ...store, blogId: FAKE_BLOGS[0]?.id, ...over },
        ada,
      );
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe(message);
    });
  });

  it(`limits connection attempts to ${CONNECT_ATTEMPTS.limit} a minute per user (429), each being calls to a site`, async () => {
    const dan = await t.signUp("dan@example.com");
    const { limit } = CONNECT_ATTEMPTS;
    // Connect, find blogs and verify share one count; a form refused by validation costs nothing.
    expect((await postJson(t, "/api/connections", { platform: "ghost" }, dan)).status).toBe(400);
    for (let i = 0; i < limit - 2; i++)
      expect((await postJson(t, "/api/connections/no-such-id/verify", {}, dan)).status).toBe(404);
    const shopRequests = shop.requests.length;
    expect(
      (
        await postJson(
          t,
          "/api/connections/shopify/blogs",
          { shopDomain: "crumb-co", accessToken: WRITE_TOKEN.token },
          dan,
        )
      ).status,
    ).toBe(200);
    expect(shop.requests.length).toBe(shopRequests + 1);
    expect((await postJson(t, "/api/connections", wordpressBody(wp), dan)).status).toBe(201);

    const wpRequests = wp.requests.length;
    for (const [path, body] of [
      ["/api/connections", wordpressBody(wp, { username: "someone-else" })],
      ["/api/connections/shopify/blogs", { shopDomain: "crumb-co", accessToken: WRITE_TOKEN.token }],
      ["/api/connections/no-such-id/verify", {}],
    ] as const) {
      const res = await postJson(t, path, body, dan);
      expect(res.status, path).toBe(429);
      const seconds = Number(res.headers.get("retry-after"));
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(CONNECT_ATTEMPTS.windowSeconds);
      expect(await res.json()).toEqual({
        error: tooManyConnectAttempts(seconds),
        code: "RATE_LIMITED",
        retryAfter: seconds,
      });
    }
    // Refused before any request to the site.
    expect(wp.requests.length).toBe(wpRequests);
    expect(shop.requests.length).toBe(shopRequests + 1);
    // Listing and removing are not attempts; another user is not affected.
    const own = await t.app.request("/api/connections", { headers: dan.headers });
    expect(own.status).toBe(200);
    expect((await postJson(t, "/api/connections/no-such-id/verify", {}, bob)).status).toBe(404);
  });

  it("goes with the user when the account is deleted (ON DELETE CASCADE)", async () => {
    const carol = await t.signUp("carol@example.com");
    expect((await postJson(t, "/api/connections", wordpressBody(wp), carol)).status).toBe(201);
    await t.db.delete(users).where(eq(users.id, carol.userId));
    const left = await t.db.select().from(publishingConnections).where(eq(publishingConnections.userId, carol.userId));
    expect(left).toEqual([]);
  });
});

describe("connections without PUBLISH_ALLOW_PRIVATE_HOSTS", () => {
  let t: TestApp;
  let ada: SignedUpUser;
  beforeAll(async () => {
    t = await createTestApp();
    ada = await t.signUp("ada@example.com");
  });
  afterAll(() => t.close());

  it.each([
    ["loopback", "https://127.0.0.1", /127\.0\.0\.1 is a loopback address/],
    ["10.x", "https://10.20.30.40", /10\.20\.30\.40 is a private network address/],
    ["the metadata service", "https://169.254.169.254", /169\.254\.169\.254 is a link-local address/],
    ["localhost by name", "https://localhost", /localhost \((127\.0\.0\.1|::1)\) is a loopback address/],
    ["plain http", "http://blog.example.com", /must be reached over https:\/\//],
  ])("refuses %s as a WordPress site (400), sending nothing", async (_name, siteUrl, message) => {
    const res = await postJson(
      t,
      "/api/connections",
      { platform: "wordpress", siteUrl, username: "editor", applicationPassword: "abcd efgh ijkl mnop qrst uvwx" },
      ada,
    );
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: string };
    expect(error).toMatch(message);
  });
});
