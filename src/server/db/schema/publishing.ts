// Publishing: a user's connected sites (WordPress, Shopify) and what was published where.
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { documents, documentVersions } from "./documents";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/**
 * One connected site. The secret (Application Password or access token) is stored only sealed with
 * AES-256-GCM (src/server/publishing/secrets.ts), bound to the row's id; deleting the row deletes it.
 */
export const publishingConnections = pgTable(
  "publishing_connections",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** wordpress | shopify */
    platform: text("platform").notNull(),
    /** The site's own name, else its host. */
    name: text("name").notNull(),
    /** WordPress: the normalised site URL. Shopify: https://<store>.myshopify.com */
    siteUrl: text("site_url").notNull(),
    /** WordPress: the user name; Shopify: the blog's id. Part of what makes a connection unique. */
    account: text("account").notNull(),
    /** Shopify: the chosen blog's title and handle (for the storefront URL). */
    blogTitle: text("blog_title"),
    blogHandle: text("blog_handle"),
    /** Shopify: the storefront's primary domain, for public article links. */
    publicUrl: text("public_url"),
    secretCiphertext: text("secret_ciphertext").notNull(),
    /** "••••1234" */
    secretHint: text("secret_hint").notNull(),
    /** verified | failed */
    status: text("status").notNull(),
    lastError: text("last_error"),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("publishing_connections_user_idx").on(t.userId, t.createdAt),
    // The same site, as the same user (or the same Shopify blog), is connected once.
    uniqueIndex("publishing_connections_site_uq").on(t.userId, t.platform, t.siteUrl, t.account),
  ],
);

/**
 * One row per (document, connection): the document's post on that site. Publishing any version of
 * the document there again updates the same remote post (never a duplicate); `versionId` is the
 * version sent last. `state` doubles as a claim: a row is 'sending' while one request talks to the
 * site, so a double click or a second tab cannot create a second post.
 */
export const publications = pgTable(
  "publications",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    documentId: uuid("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    /** The version sent last. */
    versionId: uuid("version_id")
      .notNull()
      .references(() => documentVersions.id, { onDelete: "cascade" }),
    /** Null once the connection is deleted: the record of what was published stays. */
    connectionId: text("connection_id").references(() => publishingConnections.id, { onDelete: "set null" }),
    platform: text("platform").notNull(),
    /** The post's id on the site (WordPress post id, Shopify Article gid); null until first created. */
    remoteId: text("remote_id"),
    url: text("url"),
    editUrl: text("edit_url"),
    /** draft | publish | future — what was asked of the site last time. */
    status: text("status").notNull(),
    publishAt: timestamp("publish_at", { withTimezone: true }),
    /** The featured image last sent, and its WordPress media id, so an update does not upload it twice. */
    featuredImageUrl: text("featured_image_url"),
    remoteMediaId: text("remote_media_id"),
    /** sending | done | failed */
    state: text("state").notNull(),
    lastError: text("last_error"),
    /** When the last successful send finished. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("publications_document_connection_uq").on(t.documentId, t.connectionId),
    index("publications_document_idx").on(t.documentId, t.updatedAt),
    index("publications_user_idx").on(t.userId),
  ],
);
