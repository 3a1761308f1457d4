// HTTP for connections (mounted at /api/connections, every route signed in):
//   GET    /                 → { connections }
//   POST   /                 CreateConnectionRequest → 201 { connection } (verified with the site first)
//   POST   /shopify/blogs    ShopifyStoreInput → { shopName, blogs } (to choose a blog before saving)
//   POST   /:id/verify       → { connection } (status and lastError say what the site answered)
//   DELETE /:id              → { success: true } (the sealed secret goes with the row)
// Publishing itself: publishRoutes below, mounted at /api/documents by the documents feature with
// its version loader.
import { Hono } from "hono";
import { z } from "zod";
import {
  type ConnectionResponse,
  type ConnectionsResponse,
  CreateConnectionRequest,
  type PublicationsResponse,
  PublishRequest,
  type PublishResponse,
  ShopifyStoreInput,
} from "../../shared/publishing";
import { AppError } from "../errors";
import { requireUser } from "../http/middleware";
import type { AppEnv } from "../http/types";
import { validate } from "../http/validate";
import type { ConnectionsService } from "./connections.service";
import type { PublishingService, VersionToPublish } from "./publishing.service";

const ConnectionIdParam = z.object({ id: z.string().trim().min(1).max(100) });

export function connectionRoutes({ connections }: { connections: ConnectionsService }) {
  const r = new Hono<AppEnv>();

  r.get("/", requireUser, async (c) =>
    c.json<ConnectionsResponse>({ connections: await connections.list(c.var.user.id) }),
  );

  r.post("/", requireUser, validate("json", CreateConnectionRequest), async (c) =>
    c.json<ConnectionResponse>({ connection: await connections.create(c.var.user.id, c.req.valid("json")) }, 201),
  );

  r.post("/shopify/blogs", requireUser, validate("json", ShopifyStoreInput), async (c) =>
    c.json(await connections.shopifyBlogs(c.req.valid("json"))),
  );

  r.post("/:id/verify", requireUser, validate("param", ConnectionIdParam), async (c) =>
    c.json<ConnectionResponse>({ connection: await connections.reverify(c.var.user.id, c.req.valid("param").id) }),
  );

  r.delete("/:id", requireUser, validate("param", ConnectionIdParam), async (c) => {
    await connections.remove(c.var.user.id, c.req.valid("param").id);
    return c.json({ success: true });
  });

  return r;
}

/**
 * Finds the caller's document version for publishing: the named version, or the document's latest
 * when `versionId` is absent; null when the document or version is not the caller's (→ 404).
 * Supplied by the documents feature.
 */
export type LoadVersionForPublishing = (
  userId: string,
  documentId: string,
  versionId: string | undefined,
) => Promise<VersionToPublish | null>;

const DocumentIdParam = z.object({ id: z.string().trim().min(1).max(100) });

/**
 * The publish routes, to mount at /api/documents once the documents feature can load a version:
 *   app.route("/api/documents", publishRoutes({ publishing: deps.publishing.publishing, loadVersion }))
 *   POST /:id/publish        PublishRequest → PublishResponse
 *   GET  /:id/publications   → { publications } (where the document is published: the URLs)
 */
export function publishRoutes({
  publishing,
  loadVersion,
}: {
  publishing: PublishingService;
  loadVersion: LoadVersionForPublishing;
}) {
  const r = new Hono<AppEnv>();

  r.post(
    "/:id/publish",
    requireUser,
    validate("param", DocumentIdParam),
    validate("json", PublishRequest),
    async (c) => {
      const user = c.var.user;
      const request = c.req.valid("json");
      const version = await loadVersion(user.id, c.req.valid("param").id, request.versionId);
      if (!version)
        throw new AppError("NOT_FOUND", request.versionId ? "No such document version." : "No such document.");
      return c.json<PublishResponse>(
        await publishing.publishVersion({ id: user.id, name: user.name || user.username }, version, request),
      );
    },
  );

  r.get("/:id/publications", requireUser, validate("param", DocumentIdParam), async (c) =>
    c.json<PublicationsResponse>({
      publications: await publishing.listForDocument(c.var.user.id, c.req.valid("param").id),
    }),
  );

  return r;
}
