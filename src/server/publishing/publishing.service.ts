// Publishing a document version to a connected site. The rules:
//   - the post is made from the version by the SEO pipeline (WordPress block markup, or a Shopify
//     body without JSON-LD), titled, with slug, excerpt = meta description and the SEO title;
//   - one publication row per (document, connection): publishing again updates the same remote post;
//   - the row is claimed ('sending') before the site is called and released after, so a double click
//     or a second tab gets 409 instead of a second post; a claim left by a crashed process goes stale;
//   - no database transaction stays open across the call to the site;
//   - publishing costs no credits: nothing here touches the ledger.
import { randomUUID } from "node:crypto";
import { and, desc, eq, lt, ne, or } from "drizzle-orm";
import {
  PLATFORM_LABEL,
  type PublicationView,
  type PublishPlatform,
  type PublishRequest,
  type PublishResponse,
  type PublishStatus,
} from "../../shared/publishing";
import type { SeoPlatform } from "../../shared/seo";
import type { Db } from "../db/client";
import { publications } from "../db/schema";
import { AppError } from "../errors";
import type { Logger } from "../logger";
import {
  buildMetaDescription,
  buildMetaTitle,
  buildSlug,
  draftFromMarkdown,
  inferKeyphrase,
  produceSeoHtml,
} from "../seo/index";
import type { ConnectionsService, OpenConnection } from "./connections.service";
import { plainText, RemoteError, type RemotePost, type RemotePublishResult, toAppError } from "./remote";
import type { ShopifyClient } from "./shopify";
import type { WordPressClient } from "./wordpress";

/** A claim older than this is taken to be from a process that died mid-send. */
export const SENDING_STALE_MS = 5 * 60_000;

/** What the publishing service needs of a document version (the documents feature supplies it). */
export interface VersionToPublish {
  documentId: string;
  versionId: string;
  /** Markdown (draft, revision, final, enhanced) or HTML from the SEO pipeline (kind "seo"). */
  content: string;
  format: "markdown" | "html";
  /** For HTML: the platform it was made for. */
  platform?: SeoPlatform;
  /** The document's title (used when the text has no H1). */
  title: string;
}

export interface PublishingDeps {
  db: Db;
  connections: ConnectionsService;
  wordpress: WordPressClient;
  shopify: ShopifyClient;
  logger: Logger;
}

type PublicationRow = typeof publications.$inferSelect;

export class PublishingService {
  constructor(private readonly deps: PublishingDeps) {}

  /**
   * Publishes `version` to the caller's connection `request.connectionId`. The caller (the route)
   * has already checked that the document and version are the caller's.
   */
  async publishVersion(
    user: { id: string; name: string },
    version: VersionToPublish,
    request: PublishRequest,
  ): Promise<PublishResponse> {
    const { db, logger } = this.deps;
    const connection = await this.deps.connections.openForPublish(user.id, request.connectionId);
    const platform = connection.platform;
    const post = preparePost(version, platform, request, user.name);

    const claimed = await this.claim(user.id, version, connection, request);
    const existing = claimed.remoteId
      ? { remoteId: claimed.remoteId, featuredImageUrl: claimed.featuredImageUrl, mediaId: claimed.remoteMediaId }
      : undefined;

    let result: RemotePublishResult;
    try {
      result =
        connection.platform === "wordpress"
          ? await this.deps.wordpress.publish(connection.credentials, post, existing)
          : await this.deps.shopify.publish(
              connection.credentials,
              {
                blog: {
                  id: connection.row.account,
                  title: connection.row.blogTitle ?? "",
                  handle: connection.row.blogHandle ?? "",
                },
                publicUrl: connection.row.publicUrl ?? connection.row.siteUrl,
              },
              post,
              existing,
            );
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await db
        .update(publications)
        .set({ state: "failed", lastError: message.slice(0, 1000), updatedAt: new Date() })
        .where(eq(publications.id, claimed.id));
      logger.warn({
        event: "publishing.publish.failed",
        userId: user.id,
        publicationId: claimed.id,
        platform,
        kind: err instanceof RemoteError ? err.kind : "internal",
      });
      if (err instanceof RemoteError) throw toAppError(err, "publish");
      if (err instanceof AppError) throw err;
      // A site answered in a shape the client did not expect: its problem or ours, never a 500.
      logger.error({ event: "publishing.publish.unexpected", err, publicationId: claimed.id, platform });
      throw new AppError(
        "PROVIDER_ERROR",
        `${PLATFORM_LABEL[platform]} answered in a way Draftsmith did not understand.`,
      );
    }

    const [row] = await db
      .update(publications)
      .set({
        versionId: version.versionId,
        remoteId: result.remoteId,
        url: result.url,
        editUrl: result.editUrl,
        status: result.status,
        publishAt: request.status === "future" && request.publishAt ? new Date(request.publishAt) : null,
        featuredImageUrl: request.featuredImageUrl ?? null,
        remoteMediaId: result.mediaId ?? null,
        state: "done",
        lastError: null,
        publishedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(publications.id, claimed.id))
      .returning();
    logger.info({
      event: "publishing.publish.done",
      userId: user.id,
      publicationId: claimed.id,
      platform,
      remoteId: result.remoteId,
      created: result.created,
      status: result.status,
    });
    return { publication: toView(row as PublicationRow), updated: !result.created, notes: result.notes };
  }

  /** The caller's publications of a document, newest first (for the document page). */
  async listForDocument(userId: string, documentId: string): Promise<PublicationView[]> {
    const rows = await this.deps.db
      .select()
      .from(publications)
      .where(
        and(eq(publications.userId, userId), eq(publications.documentId, documentId), eq(publications.state, "done")),
      )
      .orderBy(desc(publications.publishedAt));
    return rows.map(toView);
  }

  /**
   * Takes the (document, connection) row for this send: inserts it, or takes over one that is not
   * being sent right now. One statement, so two concurrent sends cannot both win.
   */
  private async claim(
    userId: string,
    version: VersionToPublish,
    connection: OpenConnection,
    request: PublishRequest,
  ): Promise<PublicationRow> {
    const now = new Date();
    const [row] = await this.deps.db
      .insert(publications)
      .values({
        id: randomUUID(),
        userId,
        documentId: version.documentId,
        versionId: version.versionId,
        connectionId: connection.row.id,
        platform: connection.platform,
        status: request.status,
        state: "sending",
      })
      .onConflictDoUpdate({
        target: [publications.documentId, publications.connectionId],
        set: { state: "sending", updatedAt: now },
        setWhere: or(
          ne(publications.state, "sending"),
          lt(publications.updatedAt, new Date(now.getTime() - SENDING_STALE_MS)),
        ),
      })
      .returning();
    if (!row)
      throw new AppError(
        "CONFLICT",
        `This document is already being published to ${connection.row.name}: wait for that to finish.`,
      );
    return row;
  }
}

/** The post for `platform` from a version: HTML from the SEO pipeline, title, slug and SEO fields. */
export function preparePost(
  version: VersionToPublish,
  platform: PublishPlatform,
  request: Pick<PublishRequest, "status" | "publishAt" | "categories" | "tags" | "featuredImageUrl">,
  authorName: string,
): RemotePost {
  let html: string;
  let title: string;
  let seoTitle: string;
  let seoDescription: string;
  let slug: string;
  if (version.format === "html") {
    if (version.platform && version.platform !== platform)
      throw new AppError(
        "VALIDATION",
        `This version's HTML was made for ${PLATFORM_LABEL[version.platform]}: publish it to a ${PLATFORM_LABEL[version.platform]} connection, or publish a text version (it is turned into ${PLATFORM_LABEL[platform]} HTML on the way).`,
      );
    html = version.content;
    title = version.title.trim() || "Untitled";
    const text = plainText(html, 100_000);
    const keyphrase = inferKeyphrase(title, text);
    seoTitle = buildMetaTitle(title);
    seoDescription = buildMetaDescription(text.slice(0, 600), text, keyphrase);
    slug = buildSlug(title, keyphrase);
  } else {
    title = draftFromMarkdown(version.content).titleHeading?.trim() || version.title.trim() || "Untitled";
    const seo = produceSeoHtml({ markdown: version.content, platform, title });
    html = seo.optimizedHtml;
    seoTitle = seo.meta.metaTitle;
    seoDescription = seo.meta.metaDescription;
    slug = seo.meta.slug;
  }
  if (!html.trim()) throw new AppError("VALIDATION", "This version has no content to publish.");
  return {
    title,
    slug,
    excerpt: seoDescription,
    html,
    tags: request.tags ?? [],
    categories: request.categories ?? [],
    status: request.status,
    publishAt: request.status === "future" ? request.publishAt : undefined,
    featuredImageUrl: request.featuredImageUrl,
    seoTitle,
    seoDescription,
    authorName: authorName.trim() || "Draftsmith",
  };
}

function toView(row: PublicationRow): PublicationView {
  return {
    id: row.id,
    documentId: row.documentId,
    versionId: row.versionId,
    connectionId: row.connectionId,
    platform: row.platform as PublishPlatform,
    remoteId: row.remoteId ?? "",
    url: row.url ?? "",
    editUrl: row.editUrl ?? "",
    status: row.status as PublishStatus,
    publishAt: row.publishAt ? row.publishAt.toISOString() : null,
    publishedAt: (row.publishedAt ?? row.updatedAt).toISOString(),
  };
}
