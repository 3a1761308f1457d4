// HTTP for connections (mounted at /api/connections, every route signed in):
//   GET    /                 → { connections }
//   POST   /                 CreateConnectionRequest → 201 { connection } (verified with the site first)
//   POST   /shopify/blogs    ShopifyStoreInput → { shopName, blogs } (to choose a blog before saving)
//   POST   /:id/verify       → { connection } (status and lastError say what the site answered)
//   DELETE /:id              → { success: true } (the sealed secret goes with the row)
// The three that talk to a site share a per-user limit (CONNECT_ATTEMPTS): each is outbound traffic.
// Publishing itself: publishRoutes below, mounted at /api/documents (app.ts) with the documents
// feature's version loader (document-versions.ts).

import { Hono } from "hono";
import { z } from "zod";
import { SuccessSchema } from "../../shared/api-schemas";
import { DocumentParams } from "../../shared/documents";
import { countOf } from "../../shared/plural";
import {
  type ConnectionResponse,
  ConnectionResponseSchema,
  type ConnectionsResponse,
  ConnectionsResponseSchema,
  CreateConnectionRequest,
  type PublicationsResponse,
  PublicationsResponseSchema,
  PublishRequest,
  type PublishResponse,
  PublishResponseSchema,
  type ShopifyBlogsResponse,
  ShopifyBlogsResponseSchema,
  ShopifyStoreInput,
} from "../../shared/publishing";
import { AppError } from "../errors";
import { requireCaller, requireUser } from "../http/middleware";
import { doc } from "../http/openapi";
import { limitPerUser, type RateLimiter } from "../http/rate-limit";
import type { AppEnv } from "../http/types";
import { validate } from "../http/validate";
import type { ConnectionsService } from "./connections.service";
import type { PublishingService, VersionToPublish } from "./publishing.service";

const ConnectionIdParam = z.object({ id: z.string().trim().min(1).max(100) });

/** Connection attempts (connect, find blogs, verify) per user and window: each calls the site. */
export const CONNECT_ATTEMPTS = { limit: 10, windowSeconds: 60 } as const;

export const tooManyConnectAttempts = (seconds: number) =>
  `Too many connection attempts. Try again in ${countOf(seconds, "second")}.`;

export function connectionRoutes({
  connections,
  limiter,
  connectAttempts = CONNECT_ATTEMPTS,
}: {
  connections: ConnectionsService;
  limiter: RateLimiter;
  connectAttempts?: { limit: number; windowSeconds: number };
}) {
  const r = new Hono<AppEnv>();
  // Counted after the request is validated, so a mistyped form costs nothing.
  const limited = limitPerUser(limiter, "publishing-connect", connectAttempts, tooManyConnectAttempts);

  r.get(
    "/",
    doc({
      summary: "List publishing connections",
      tag: "Publishing",
      caller: "publish",
      response: ConnectionsResponseSchema,
    }),
    requireCaller("publish"),
    async (c) => c.json<ConnectionsResponse>({ connections: await connections.list(c.get("user").id) }),
  );

  r.post(
    "/",
    doc({
      summary: "Connect a WordPress or Shopify site",
      tag: "Publishing",
      caller: "session",
      response: ConnectionResponseSchema,
      status: 201,
      // Too many connections; the site's refusal (or an answer we can't read).
      errors: ["CONFLICT", "PROVIDER_ERROR", "CONNECTION_REFUSED"],
    }),
    requireUser,
    validate("json", CreateConnectionRequest),
    limited,
    async (c) =>
      c.json<ConnectionResponse>({ connection: await connections.create(c.get("user").id, c.req.valid("json")) }, 201),
  );

  r.post(
    "/shopify/blogs",
    doc({
      summary: "A Shopify store's blogs",
      tag: "Publishing",
      caller: "session",
      response: ShopifyBlogsResponseSchema,
      errors: ["PROVIDER_ERROR", "CONNECTION_REFUSED"],
    }),
    requireUser,
    validate("json", ShopifyStoreInput),
    limited,
    async (c) => c.json<ShopifyBlogsResponse>(await connections.shopifyBlogs(c.req.valid("json"))),
  );

  r.post(
    "/:id/verify",
    doc({
      summary: "Check a connection again",
      tag: "Publishing",
      caller: "session",
      response: ConnectionResponseSchema,
      errors: ["NOT_FOUND", "PROVIDER_ERROR", "CONNECTION_REFUSED"],
    }),
    requireUser,
    validate("param", ConnectionIdParam),
    limited,
    async (c) =>
      c.json<ConnectionResponse>({ connection: await connections.reverify(c.get("user").id, c.req.valid("param").id) }),
  );

  r.delete(
    "/:id",
    doc({
      summary: "Remove a connection",
      tag: "Publishing",
      caller: "session",
      response: SuccessSchema,
      errors: ["NOT_FOUND"],
    }),
    requireUser,
    validate("param", ConnectionIdParam),
    async (c) => {
      await connections.remove(c.get("user").id, c.req.valid("param").id);
      return c.json({ success: true });
    },
  );

  return r;
}

/**
 * Finds the caller's document version for publishing: the named version, or the document's latest
 * when `versionId` is absent; null when the document or version is not the caller's (→ 404).
 * The real one is loadVersionFromDocuments (document-versions.ts).
 */
export type LoadVersionForPublishing = (
  userId: string,
  documentId: string,
  versionId: string | undefined,
) => Promise<VersionToPublish | null>;

/**
 * The publish routes, mounted at /api/documents (app.ts). Document and version ids are UUIDs,
 * checked here (400) before anything reaches the database.
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
    doc({
      summary: "Publish a document's version to a connected site",
      tag: "Publishing",
      caller: "publish",
      response: PublishResponseSchema,
      // The document or version; the site refusing the connection or the post.
      errors: ["NOT_FOUND", "CONFLICT", "CONNECTION_REFUSED", "PROVIDER_ERROR"],
    }),
    requireCaller("publish"),
    validate("param", DocumentParams),
    validate("json", PublishRequest),
    async (c) => {
      const user = c.get("user");
      const request = c.req.valid("json");
      const version = await loadVersion(user.id, c.req.valid("param").id, request.versionId);
      if (!version)
        throw new AppError("NOT_FOUND", request.versionId ? "No such document version." : "No such document.");
      return c.json<PublishResponse>(
        await publishing.publishVersion({ id: user.id, name: user.name || user.username }, version, request),
      );
    },
  );

  r.get(
    "/:id/publications",
    doc({
      summary: "A document's publications",
      tag: "Publishing",
      caller: "publish",
      response: PublicationsResponseSchema,
      errors: ["NOT_FOUND"],
    }),
    requireCaller("publish"),
    validate("param", DocumentParams),
    async (c) => {
      const documentId = c.req.valid("param").id;
      // Another user's document is a 404 like an unknown one, not an empty list.
      if (!(await loadVersion(c.get("user").id, documentId, undefined)))
        throw new AppError("NOT_FOUND", "No such document.");
      return c.json<PublicationsResponse>({
        publications: await publishing.listForDocument(c.get("user").id, documentId),
      });
    },
  );

  return r;
}
