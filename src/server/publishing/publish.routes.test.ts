// POST /api/documents/:id/publish and GET /api/documents/:id/publications over HTTP, with a stand-in
// version loader (the documents feature supplies the real one) and the real WordPress client against
// the loopback fake. The app here composes the same middleware as app.ts around publishRoutes.
import { Hono } from "hono";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { ConnectionView, PublicationsResponse, PublishResponse } from "../../shared/publishing";
import { onError } from "../http/errors";
import { requestContext, sessionUser } from "../http/middleware";
import type { AppEnv } from "../http/types";
import { createLogger } from "../logger";
import { describeEachDatabase } from "../testing/databases";
import { postJson } from "../testing/route-suite";
import { createTestApp, type SignedUpUser, type TestApp } from "../testing/test-app";
import { type LoadVersionForPublishing, publishRoutes } from "./publishing.routes";
import type { VersionToPublish } from "./publishing.service";
import { EDITOR, FakeWordPress } from "./testing/fake-wordpress";

const DRAFT = `# Sourdough Pricing for Market Stalls

What to charge for a sourdough loaf at a weekend market, worked out from flour, hours and the stalls around you.

## Costs first

Add up the flour, the salt, the electricity and the hours before you look at anyone else's price.
`;

describeEachDatabase("publish routes", (kind) => {
  let t: TestApp;
  let app: Hono<AppEnv>;
  let ada: SignedUpUser;
  let bob: SignedUpUser;
  let wp: FakeWordPress;
  let connection: ConnectionView;
  /** The stand-in documents: id → owner and versions (oldest first). */
  const documents = new Map<string, { userId: string; versions: VersionToPublish[] }>();

  const loadVersion: LoadVersionForPublishing = async (userId, documentId, versionId) => {
    const doc = documents.get(documentId);
    if (!doc || doc.userId !== userId) return null;
    return (versionId ? doc.versions.find((v) => v.versionId === versionId) : doc.versions.at(-1)) ?? null;
  };

  beforeAll(async () => {
    wp = await new FakeWordPress().start();
    t = await createTestApp({ database: kind, env: { PUBLISH_ALLOW_PRIVATE_HOSTS: "true" } });
    ada = await t.signUp("ada@example.com");
    bob = await t.signUp("bob@example.com");
    app = new Hono<AppEnv>();
    app.use("*", requestContext(createLogger("silent")));
    app.onError(onError);
    app.use("/api/*", sessionUser(t.deps.auth, t.deps.sessionCache));
    app.route("/api/documents", publishRoutes({ publishing: t.deps.publishing.publishing, loadVersion }));
    const made = await postJson(
      t,
      "/api/connections",
      { platform: "wordpress", siteUrl: wp.url, username: "editor", applicationPassword: EDITOR.applicationPassword },
      ada,
    );
    connection = (await made.json()).connection;
    for (const id of ["doc-a", "doc-b"])
      documents.set(id, {
        userId: ada.userId,
        versions: [
          { documentId: id, versionId: `${id}-v1`, content: DRAFT, format: "markdown", title: "Sourdough pricing" },
          {
            documentId: id,
            versionId: `${id}-v2`,
            content: DRAFT.replace("weekend market", "Saturday market"),
            format: "markdown",
            title: "Sourdough pricing",
          },
        ],
      });
  });
  afterAll(async () => {
    await t.close();
    await wp.close();
  });

  const publish = (documentId: string, body: unknown, user: SignedUpUser | null = ada) =>
    app.request(`/api/documents/${documentId}/publish`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(user?.headers ?? {}) },
      body: JSON.stringify(body),
    });

  it("needs a session (401)", async () => {
    const res = await publish("doc-a", { connectionId: connection.id }, null);
    expect(res.status).toBe(401);
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
  ])("validates %j (400)", async (body, message) => {
    const res = await publish("doc-a", body);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(message);
  });

  it("answers 404 for another user's document, an unknown version and another user's connection", async () => {
    const foreign = await publish("doc-a", { connectionId: connection.id }, bob);
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).error).toBe("No such document.");
    const version = await publish("doc-a", { connectionId: connection.id, versionId: "nope" });
    expect(version.status).toBe(404);
    expect((await version.json()).error).toBe("No such document version.");
    documents.set("bobs", { userId: bob.userId, versions: documents.get("doc-a")?.versions ?? [] });
    const theirs = await publish("bobs", { connectionId: connection.id }, bob);
    expect(theirs.status).toBe(404);
    expect((await theirs.json()).error).toBe("No such connection.");
  });

  it("publishes the latest version as a draft, then updates that post; the URL is listed for the document", async () => {
    const posts = wp.posts.size;
    const first = await publish("doc-a", { connectionId: connection.id });
    expect(first.status).toBe(200);
    const a = (await first.json()) as PublishResponse;
    expect(a).toMatchObject({ updated: false, publication: { versionId: "doc-a-v2", status: "draft" } });
    expect(wp.posts.get(Number(a.publication.remoteId))?.content).toContain("Saturday market");

    const again = (await (
      await publish("doc-a", { connectionId: connection.id, versionId: "doc-a-v1", status: "publish" })
    ).json()) as PublishResponse;
    expect(again).toMatchObject({
      updated: true,
      publication: { remoteId: a.publication.remoteId, versionId: "doc-a-v1", status: "publish" },
    });
    expect(wp.posts.size).toBe(posts + 1);

    const listed = await app.request("/api/documents/doc-a/publications", { headers: ada.headers });
    const { publications } = (await listed.json()) as PublicationsResponse;
    expect(publications).toEqual([again.publication]);
    expect(publications[0]?.url).toMatch(new RegExp(`^${wp.url}/[a-z0-9-]+/$`));
    const others = await app.request("/api/documents/doc-a/publications", { headers: bob.headers });
    expect(((await others.json()) as PublicationsResponse).publications).toEqual([]);
  });

  it("sends one post when the same publish arrives twice at once (a double click)", async () => {
    const posts = wp.posts.size;
    const gate = wp.hold("POST", "/wp/v2/posts");
    const first = publish("doc-b", { connectionId: connection.id });
    await gate.reached;
    const second = await publish("doc-b", { connectionId: connection.id });
    expect(second.status).toBe(409);
    expect((await second.json()).error).toBe(
      "This document is already being published to Fake Bakery Blog: wait for that to finish.",
    );
    gate.release();
    expect((await first).status).toBe(200);
    expect(wp.posts.size).toBe(posts + 1);
  });
});
