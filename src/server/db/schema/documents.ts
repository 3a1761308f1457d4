// The document library (issue 10): a document belongs to one user and holds every version of a post
// that a paid step produced, in order. Versions are written in the transaction that settles their
// credits (credits/charge.ts `save`); deleting the user deletes their documents, and a document its
// versions.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { DetectionResult } from "../../../shared/detection";
import type { DocumentSession } from "../../../shared/documents";
import type { SavedSeo } from "../../../shared/seo";
import { users } from "./auth";

export const documents = pgTable(
  "documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** From the draft's H1, else the brief; the user may rename it (1–200 characters). */
    title: text("title").notNull(),
    /** The request's brief (contentType), or what the document started from. */
    brief: text("brief").notNull().default(""),
    /** The session the draft was written from, so the full app can reopen it. */
    session: jsonb("session").$type<DocumentSession>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Raised by every new version and by a rename: the list is ordered by it. */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("documents_user_updated_idx").on(t.userId, t.updatedAt.desc(), t.id.desc())],
);

export const documentVersions = pgTable(
  "document_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The order of versions: insertion order across all documents. */
    seq: serial("seq").notNull(),
    documentId: uuid("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    /** draft | revision | final | enhanced | seo | own (the writer's own text or edit) */
    kind: text("kind").notNull(),
    /** markdown | html */
    format: text("format").notNull().default("markdown"),
    content: text("content").notNull(),
    /** seo versions: wordpress | shopify. */
    platform: text("platform"),
    model: text("model"),
    writer: text("writer"),
    creditsUsed: integer("credits_used").notNull().default(0),
    /** The paid call's id (credit_transactions.request_id, api_requests.request_id): one version per call. */
    requestId: text("request_id").notNull().unique(),
    /** The call was stopped part way; this is what it wrote (and what was paid for). */
    partial: boolean("partial").notNull().default(false),
    /** The latest AI detection of this version. */
    detection: jsonb("detection").$type<DetectionResult>(),
    /** seo versions in HTML: the meta fields, report and notes made with the HTML. */
    seo: jsonb("seo").$type<SavedSeo>(),
    /** The version this one was made from (an edit, a revision, a final rewrite), when the caller said. */
    sourceVersionId: uuid("source_version_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("document_versions_document_idx").on(t.documentId, t.seq),
    check("document_versions_kind_check", sql`${t.kind} in ('draft', 'revision', 'final', 'enhanced', 'seo', 'own')`),
    check("document_versions_format_check", sql`${t.format} in ('markdown', 'html')`),
  ],
);
