// The document library's rules (issue 10). Paid steps save their output through `saveVersion`, inside
// the transaction that settles their credits (credits/charge.ts `save`): the version and the charge
// are kept together or not at all. Everything else here is scoped to the caller: another user's
// document is "not found" (never "forbidden", which would tell a stranger that it exists).
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { DetectionResult } from "../../shared/detection";
import {
  cutTitle,
  type DocumentDetail,
  type DocumentListQuery,
  type DocumentListResponse,
  type DocumentSession,
  type DocumentSummary,
  type DocumentVersion,
  type ExportQuery,
  exportFileName,
  type NewDocumentRequest,
  type NewVersionRequest,
  DOCUMENT_NOT_FOUND as SHARED_DOCUMENT_NOT_FOUND,
  titleFromMarkdown,
  type VersionFormat,
  type VersionKind,
} from "../../shared/documents";
import { isUuid, type SavedVersion } from "../../shared/ids";
import type { SavedSeo, SeoPlatform } from "../../shared/seo";
import type { Db, DbOrTx, Tx } from "../db/client";
import { documents, documentVersions } from "../db/schema";
import { AppError } from "../errors";
import { renderExportHtml } from "./export";

export const DOCUMENT_NOT_FOUND = `${SHARED_DOCUMENT_NOT_FOUND}.`;
export const VERSION_NOT_FOUND = "Version not found in this document.";

/** What a paid step produced, as it is saved. */
export interface NewVersion {
  kind: VersionKind;
  format?: VersionFormat;
  content: string;
  platform?: SeoPlatform | null;
  model: string | null;
  writer: string | null;
  creditsUsed: number;
  requestId: string;
  partial: boolean;
  /** seo versions in HTML: the meta fields, report and notes made with it. */
  seo?: SavedSeo;
  /** The caller's version this one was made from (checked to be in the same document when saved). */
  sourceVersionId?: string;
}

/**
 * Where a paid step's output goes: the caller's `documentId` (checked with `ownDocument` before any
 * credit is held), else a new document. `newDocument.id` is chosen before the work starts, so a
 * stream can name the document before it exists; it is also used when the named document was
 * deleted while the work ran (the paid output is never dropped).
 */
export interface VersionTarget {
  documentId?: string;
  newDocument: { id: string; brief: string; session?: DocumentSession; title?: string; fallbackTitle: string };
}

export interface DocumentExport {
  body: string;
  contentType: string;
  fileName: string;
}

/** A version of the writer's own text: no model, no credits, its own request id. */
const ownVersion = (content: string): NewVersion => ({
  kind: "own",
  content,
  model: null,
  writer: null,
  creditsUsed: 0,
  requestId: `own-${randomUUID()}`,
  partial: false,
});

/** A title for a text with no heading: the first sentence of its first line, cut to ten words. */
function firstWords(text: string): string {
  const line = text.split("\n").find((l) => l.trim()) ?? "";
  const sentence = /^.*?[.!?](?=\s|$)/.exec(line.trim())?.[0] ?? line;
  const words = sentence
    .replace(/[#*_`>[\]]/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  const title = words.slice(0, 10).join(" ") + (words.length > 10 ? "…" : "");
  return cutTitle(title || "Your text", 100);
}

/** `id` when it is a version of `documentId`, else null (a source from elsewhere is not recorded). */
async function sourceInDocument(tx: Tx, documentId: string, id: string | undefined): Promise<string | null> {
  if (!id) return null;
  const [row] = await tx
    .select({ id: documentVersions.id })
    .from(documentVersions)
    .where(and(eq(documentVersions.id, id), eq(documentVersions.documentId, documentId)))
    .limit(1);
  return row?.id ?? null;
}

const notFound = () => new AppError("NOT_FOUND", DOCUMENT_NOT_FOUND);

/** `%`, `_` and `\` match themselves in an ILIKE pattern. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The list's cursor: the last row's exact updated_at (as PostgreSQL prints it) and id, opaque to clients. */
export function encodeCursor(updatedAt: string, id: string): string {
  return Buffer.from(JSON.stringify([updatedAt, id])).toString("base64url");
}

export function decodeCursor(cursor: string): { updatedAt: string; id: string } {
  const invalid = () => new AppError("VALIDATION", "cursor is not valid: pass the nextCursor of the previous page");
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalid();
  const [updatedAt, id] = parsed as unknown[];
  if (typeof updatedAt !== "string" || typeof id !== "string" || !isUuid(id)) throw invalid();
  if (!/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/.test(updatedAt)) throw invalid();
  return { updatedAt, id };
}

export class DocumentsService {
  constructor(private readonly db: Db) {}

  /** The caller's document, or a 404 (checked before any credit moves). */
  async ownDocument(userId: string, documentId: string): Promise<{ id: string; title: string }> {
    const [row] = await this.db
      .select({ id: documents.id, title: documents.title })
      .from(documents)
      .where(and(eq(documents.id, documentId), eq(documents.userId, userId)))
      .limit(1);
    if (!row) throw notFound();
    return row;
  }

  /**
   * The caller's version of the caller's document, or a 404 (checked before any credit moves): the
   * document's "not found" when the document is not the caller's, the version's when only the
   * version is missing. One query.
   */
  async ownVersion(userId: string, documentId: string, versionId: string): Promise<void> {
    const [row] = await this.db
      .select({ versionId: documentVersions.id })
      .from(documents)
      .leftJoin(
        documentVersions,
        and(eq(documentVersions.id, versionId), eq(documentVersions.documentId, documents.id)),
      )
      .where(and(eq(documents.id, documentId), eq(documents.userId, userId)))
      .limit(1);
    if (!row) throw notFound();
    if (!row.versionId) throw new AppError("NOT_FOUND", VERSION_NOT_FOUND);
  }

  /**
   * Saves a paid step's output: inside the settling transaction (`tx`), never after it. A new
   * document and its first version are one statement.
   */
  async saveVersion(tx: Tx, userId: string, target: VersionTarget, version: NewVersion): Promise<SavedVersion> {
    const values = (documentId: string | SQL, sourceVersionId: string | null) => ({
      documentId,
      kind: version.kind,
      format: version.format ?? "markdown",
      content: version.content,
      platform: version.platform ?? null,
      model: version.model,
      writer: version.writer,
      creditsUsed: version.creditsUsed,
      requestId: version.requestId,
      partial: version.partial,
      seo: version.seo ?? null,
      sourceVersionId,
    });
    if (target.documentId) {
      const [touched] = await tx
        .update(documents)
        .set({ updatedAt: sql`now()` })
        .where(and(eq(documents.id, target.documentId), eq(documents.userId, userId)))
        .returning({ id: documents.id });
      if (touched) {
        const [row] = await tx
          .insert(documentVersions)
          .values(values(touched.id, await sourceInDocument(tx, touched.id, version.sourceVersionId)))
          .returning({ id: documentVersions.id });
        if (!row) throw new Error("The version was not saved");
        return { documentId: touched.id, versionId: row.id };
      }
    }
    // A new document (none named, or the named one was deleted meanwhile): nothing in it to be a source.
    const { id, brief, session, title, fallbackTitle } = target.newDocument;
    const fromText = version.format === "html" ? null : titleFromMarkdown(version.content);
    const created = tx.$with("created_document").as(
      tx
        .insert(documents)
        .values({ id, userId, title: title || fromText || fallbackTitle, brief, session: session ?? null })
        .returning({ id: documents.id }),
    );
    const [row] = await tx
      .with(created)
      .insert(documentVersions)
      .values(values(sql`(SELECT ${created.id} FROM ${created})`, null))
      .returning({ id: documentVersions.id });
    if (!row) throw new Error("The version was not saved");
    return { documentId: id, versionId: row.id };
  }

  /**
   * The writer's own text as a new document (Check my text): one version of kind "own", free. The
   * title is the caller's, else the text's first heading, else its first words.
   */
  async createOwn(userId: string, input: NewDocumentRequest): Promise<DocumentDetail> {
    const id = randomUUID();
    await this.db.transaction((tx) =>
      this.saveVersion(
        tx,
        userId,
        { newDocument: { id, brief: "", title: input.title, fallbackTitle: firstWords(input.content) } },
        ownVersion(input.content),
      ),
    );
    return this.get(userId, id);
  }

  /** The writer's edit of one of their documents, saved as its newest version (kind "own", free). */
  async addOwnVersion(userId: string, documentId: string, input: NewVersionRequest): Promise<DocumentVersion> {
    if (input.basedOn) await this.ownVersion(userId, documentId, input.basedOn);
    const saved = await this.db.transaction(async (tx) => {
      // Locked, so a delete that lands meanwhile cannot leave the edit in a document nobody sees.
      const [own] = await tx
        .select({ id: documents.id })
        .from(documents)
        .where(and(eq(documents.id, documentId), eq(documents.userId, userId)))
        .for("update");
      if (!own) throw notFound();
      return this.saveVersion(
        tx,
        userId,
        { documentId, newDocument: { id: documentId, brief: "", fallbackTitle: firstWords(input.content) } },
        { ...ownVersion(input.content), sourceVersionId: input.basedOn },
      );
    });
    const version = (await this.get(userId, documentId)).versions.find((v) => v.id === saved.versionId);
    if (!version) throw notFound();
    return version;
  }

  /** Stores a detection result on a version (inside the transaction that charges for it, or alone: a stored check). */
  async attachDetection(
    tx: DbOrTx,
    userId: string,
    ref: { documentId: string; versionId: string },
    detection: DetectionResult,
  ): Promise<void> {
    await tx
      .update(documentVersions)
      .set({ detection })
      .where(
        and(
          eq(documentVersions.id, ref.versionId),
          eq(documentVersions.documentId, ref.documentId),
          inArray(
            documentVersions.documentId,
            tx
              .select({ id: documents.id })
              .from(documents)
              .where(and(eq(documents.id, ref.documentId), eq(documents.userId, userId))),
          ),
        ),
      );
  }

  /** The caller's documents, most recently changed first; `q` matches titles and any version's text. */
  async list(userId: string, query: DocumentListQuery): Promise<DocumentListResponse> {
    const conditions = [eq(documents.userId, userId)];
    if (query.cursor) {
      const { updatedAt, id } = decodeCursor(query.cursor);
      conditions.push(sql`(${documents.updatedAt}, ${documents.id}) < (${updatedAt}::timestamptz, ${id}::uuid)`);
    }
    if (query.q) {
      const pattern = likePattern(query.q);
      conditions.push(
        sql`("documents"."title" ILIKE ${pattern} OR EXISTS (SELECT 1 FROM "document_versions" v WHERE v."document_id" = "documents"."id" AND v."content" ILIKE ${pattern}))`,
      );
    }
    const rows = await this.db
      .select({
        id: documents.id,
        title: documents.title,
        createdAt: documents.createdAt,
        updatedAt: documents.updatedAt,
        cursorAt: sql<string>`${documents.updatedAt}::text`,
        // Qualified by hand: inside the subquery an unqualified "id" would be the version's.
        versionCount: sql<number>`(SELECT count(*) FROM "document_versions" v WHERE v."document_id" = "documents"."id")::int`,
      })
      .from(documents)
      .where(and(...conditions))
      .orderBy(desc(documents.updatedAt), desc(documents.id))
      .limit(query.limit + 1);
    const page = rows.slice(0, query.limit);
    const latest = new Map<string, NonNullable<DocumentSummary["latest"]>>();
    const checked = new Map<string, NonNullable<DocumentSummary["lastChecked"]>>();
    if (page.length) {
      const ids = page.map((r) => r.id);
      // The newest version of each document, and the newest with a successful check (issue 31).
      const [latestRows, checkedRows] = await Promise.all([
        this.newestVersions(ids),
        this.newestVersions(ids, sql`${documentVersions.detection}->>'success' = 'true'`),
      ]);
      for (const v of checkedRows)
        if (v.detection)
          checked.set(v.documentId, {
            kind: v.kind as VersionKind,
            aiPercentage: v.detection.aiPercentage,
            versionId: v.versionId,
          });
      for (const v of latestRows)
        latest.set(v.documentId, {
          kind: v.kind as VersionKind,
          versionId: v.versionId,
          createdAt: v.createdAt.toISOString(),
          ...(v.detection?.success ? { aiPercentage: v.detection.aiPercentage } : {}),
        });
    }
    const last = page.at(-1);
    return {
      documents: page.map((r) => ({
        id: r.id,
        title: r.title,
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
        versionCount: r.versionCount,
        ...(checked.has(r.id) ? { lastChecked: checked.get(r.id) } : {}),
        latest: latest.get(r.id) ?? null,
      })),
      nextCursor: rows.length > query.limit && last ? encodeCursor(last.cursorAt, last.id) : null,
    };
  }

  /** Per document of `ids`, its newest version (among those matching `where`, when given). */
  private newestVersions(ids: string[], where?: SQL) {
    return this.db
      .selectDistinctOn([documentVersions.documentId], {
        documentId: documentVersions.documentId,
        versionId: documentVersions.id,
        kind: documentVersions.kind,
        createdAt: documentVersions.createdAt,
        detection: documentVersions.detection,
      })
      .from(documentVersions)
      .where(and(inArray(documentVersions.documentId, ids), where))
      .orderBy(documentVersions.documentId, desc(documentVersions.seq));
  }

  /** One of the caller's documents with every version in order. */
  async get(userId: string, documentId: string): Promise<DocumentDetail> {
    const [doc] = await this.db
      .select()
      .from(documents)
      .where(and(eq(documents.id, documentId), eq(documents.userId, userId)))
      .limit(1);
    if (!doc) throw notFound();
    const versions = await this.db
      .select()
      .from(documentVersions)
      .where(eq(documentVersions.documentId, documentId))
      .orderBy(asc(documentVersions.seq));
    return {
      id: doc.id,
      title: doc.title,
      brief: doc.brief,
      ...(doc.session ? { session: doc.session } : {}),
      createdAt: doc.createdAt.toISOString(),
      updatedAt: doc.updatedAt.toISOString(),
      versions: versions.map(
        (v): DocumentVersion => ({
          id: v.id,
          kind: v.kind as VersionKind,
          format: v.format as VersionFormat,
          content: v.content,
          ...(v.platform ? { platform: v.platform as SeoPlatform } : {}),
          model: v.model,
          writer: v.writer,
          creditsUsed: v.creditsUsed,
          requestId: v.requestId,
          partial: v.partial,
          createdAt: v.createdAt.toISOString(),
          ...(v.detection ? { detection: v.detection } : {}),
          ...(v.seo ? { seo: v.seo } : {}),
          ...(v.sourceVersionId ? { sourceVersionId: v.sourceVersionId } : {}),
        }),
      ),
    };
  }

  /** Every document of the user with all its versions, oldest first (the account's data export). */
  async exportAll(userId: string): Promise<DocumentDetail[]> {
    const own = await this.db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.userId, userId))
      .orderBy(asc(documents.createdAt));
    const out: DocumentDetail[] = [];
    for (const { id } of own) out.push(await this.get(userId, id));
    return out;
  }

  async rename(userId: string, documentId: string, title: string) {
    const [row] = await this.db
      .update(documents)
      .set({ title, updatedAt: sql`now()` })
      .where(and(eq(documents.id, documentId), eq(documents.userId, userId)))
      .returning({ id: documents.id, title: documents.title, updatedAt: documents.updatedAt });
    if (!row) throw notFound();
    return { id: row.id, title: row.title, updatedAt: row.updatedAt.toISOString() };
  }

  /** Deletes the document and its versions. Billing records (usage, transactions) stay. */
  async delete(userId: string, documentId: string): Promise<void> {
    const deleted = await this.db
      .delete(documents)
      .where(and(eq(documents.id, documentId), eq(documents.userId, userId)))
      .returning({ id: documents.id });
    if (!deleted.length) throw notFound();
  }

  /** A version (the latest by default) as a download: markdown as is, or HTML. */
  async export(userId: string, documentId: string, query: ExportQuery): Promise<DocumentExport> {
    const doc = await this.get(userId, documentId);
    const version = query.versionId ? doc.versions.find((v) => v.id === query.versionId) : doc.versions.at(-1);
    if (!version)
      throw new AppError("NOT_FOUND", query.versionId ? VERSION_NOT_FOUND : "This document has no versions yet.");
    const fileName = exportFileName(doc.title, version.kind, query.format);
    if (query.format === "md") {
      if (version.format === "html")
        throw new AppError("VALIDATION", "This version is HTML: export it with format=html.");
      return { body: version.content, contentType: "text/markdown; charset=utf-8", fileName };
    }
    return {
      // SEO HTML is exported exactly as it is pasted into a blog platform; markdown is rendered.
      body: version.format === "html" ? version.content : renderExportHtml(doc.title, version.content),
      contentType: "text/html; charset=utf-8",
      fileName,
    };
  }
}
