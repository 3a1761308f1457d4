// The document library's contract (issue 10): every paid step saves its output as a version of a
// document the user owns. Request and response schemas of /api/documents (the ids themselves are in
// ids.ts). Pure: the client imports it.
import { z } from "zod";
import { timestamp } from "./api-schemas";
import { DetectionResultSchema } from "./detection";
import {
  DOCUMENT_SEARCH_MAX,
  DOCUMENT_TITLE_MAX,
  DOCUMENTS_PAGE_DEFAULT,
  DOCUMENTS_PAGE_MAX,
  VERSION_KINDS,
  type VersionKind,
} from "./document-kinds";
import { idOf, VersionId } from "./ids";
import { formatNumber } from "./number-text";
import { SavedSeoSchema, SEO_PLATFORMS } from "./seo";
import { AiProvider, DOCUMENT_MAX_CHARS, WritingStyle } from "./writing";

// The fixed words, for the modules that import them with the schemas (the limits: document-kinds.ts).
export {
  DOCUMENT_NOT_FOUND,
  type VersionKind,
} from "./document-kinds";

/** markdown for every kind but SEO HTML (seo-revise-text's revised markdown is an seo version too). */
const VersionFormatSchema = z.enum(["markdown", "html"]);
export type VersionFormat = z.infer<typeof VersionFormatSchema>;

/** The `:id` of /api/documents/:id. */
export const DocumentParams = z.object({ id: idOf("Document id") });

/** GET /api/documents?limit=&cursor=&q= */
export const DocumentListQuery = z.object({
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${DOCUMENTS_PAGE_MAX}` })
    .int(`limit must be a whole number from 1 to ${DOCUMENTS_PAGE_MAX}`)
    .min(1, `limit must be a whole number from 1 to ${DOCUMENTS_PAGE_MAX}`)
    .max(DOCUMENTS_PAGE_MAX, `limit must be a whole number from 1 to ${DOCUMENTS_PAGE_MAX}`)
    .default(DOCUMENTS_PAGE_DEFAULT),
  cursor: z.string().max(500, "cursor is not valid: pass the nextCursor of the previous page").optional(),
  q: z
    .string()
    .max(DOCUMENT_SEARCH_MAX, `Search must be at most ${DOCUMENT_SEARCH_MAX} characters`)
    .transform((s) => s.trim())
    .optional(),
});
export type DocumentListQuery = z.infer<typeof DocumentListQuery>;

/** PATCH /api/documents/:id */
export const RenameDocumentRequest = z.object({
  title: z
    .string({ error: "Title is required" })
    .trim()
    .min(1, "Title is required")
    .max(DOCUMENT_TITLE_MAX, `Title must be at most ${DOCUMENT_TITLE_MAX} characters`),
});
export type RenameDocumentRequest = z.infer<typeof RenameDocumentRequest>;

/** The writer's own text: pasted, uploaded or edited (issue 31, items 11 and 12). Free: no model runs. */
const ownContent = z
  .string({ error: "Text is required" })
  .refine((value) => value.trim().length >= 1, { message: "Text is required" })
  .refine((value) => value.length <= DOCUMENT_MAX_CHARS, {
    message: `Text is too long (${formatNumber(DOCUMENT_MAX_CHARS)} characters at most)`,
  });

/** POST /api/documents: a new document holding the writer's own text (Check my text). */
export const NewDocumentRequest = z.object({
  title: z
    .string({ error: "Title must be text" })
    .trim()
    .max(DOCUMENT_TITLE_MAX, `Title must be at most ${DOCUMENT_TITLE_MAX} characters`)
    .optional(),
  content: ownContent,
});
export type NewDocumentRequest = z.infer<typeof NewDocumentRequest>;

/** POST /api/documents/:id/versions: the writer's edit of a version, saved as the newest version. */
export const NewVersionRequest = z.object({
  content: ownContent,
  /** The version the edit started from (shown in the document as "edited from"). */
  basedOn: VersionId.optional(),
});
export type NewVersionRequest = z.infer<typeof NewVersionRequest>;

export const EXPORT_FORMATS = ["md", "html"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** GET /api/documents/:id/export?format=md|html&versionId= */
export const ExportQuery = z.object({
  format: z.enum(EXPORT_FORMATS, { error: "format must be md or html" }).default("md"),
  versionId: VersionId.optional(),
});
export type ExportQuery = z.infer<typeof ExportQuery>;

/** The session a document's draft was written from, kept so the full app can reopen it. */
const DocumentSessionSchema = z.object({
  currentDate: z.string(),
  contentType: z.string(),
  targetAudience: z.string().optional(),
  wordCount: z.string().optional(),
  additionalContext: z.string().optional(),
  aiProvider: AiProvider,
  writingStyle: WritingStyle.optional(),
  seoKeywords: z.string().optional(),
});
export type DocumentSession = z.infer<typeof DocumentSessionSchema>;

const kind = z.enum(VERSION_KINDS);

const DocumentVersionSchema = z.object({
  id: z.string(),
  kind,
  format: VersionFormatSchema,
  content: z.string(),
  /** seo versions: the platform the HTML is for. */
  platform: z.enum(SEO_PLATFORMS).optional(),
  /** Who wrote it: a model name (`offline-writer` for the offline writer); null where no model ran. */
  model: z.string().nullable(),
  writer: z.string().nullable(),
  creditsUsed: z.number().int(),
  requestId: z.string(),
  /** True when the call was stopped (the client left, or the balance ran out) and this is what it wrote. */
  partial: z.boolean(),
  createdAt: timestamp,
  /** The latest AI detection run on this version, when one was. */
  detection: DetectionResultSchema.optional(),
  /** seo versions in HTML: the meta fields, report and notes made with the HTML. */
  seo: SavedSeoSchema.optional(),
  /** The version this one was made from, when it was recorded (an edit, a revision, a final rewrite). */
  sourceVersionId: z.string().optional(),
});
export type DocumentVersion = z.infer<typeof DocumentVersionSchema>;

/** POST /api/documents/:id/versions (201): the edit, saved as the newest version (kind `own`). */
export const NewVersionResponseSchema = z.object({ version: DocumentVersionSchema });
export type NewVersionResponse = z.infer<typeof NewVersionResponseSchema>;

/** GET /api/documents/:id */
const DocumentDetailSchema = z.object({
  id: z.string(),
  title: z.string(),
  brief: z.string(),
  session: DocumentSessionSchema.optional(),
  createdAt: timestamp,
  updatedAt: timestamp,
  versions: z.array(DocumentVersionSchema),
});
export type DocumentDetail = z.infer<typeof DocumentDetailSchema>;
/** GET /api/documents/:id, and POST /api/documents (201: the new document). */
export const DocumentResponseSchema = z.object({ document: DocumentDetailSchema });
export type DocumentResponse = z.infer<typeof DocumentResponseSchema>;

/** PATCH /api/documents/:id */
export const RenameDocumentResponseSchema = z.object({
  document: z.object({ id: z.string(), title: z.string(), updatedAt: timestamp }),
});
export type RenameDocumentResponse = z.infer<typeof RenameDocumentResponseSchema>;

const DocumentSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
  versionCount: z.number().int().positive(),
  latest: z
    .object({ kind, versionId: z.string(), createdAt: timestamp, aiPercentage: z.number().optional() })
    .nullable(),
  /** The latest version that was checked for AI (an SEO version of a checked final is not): its figure. */
  lastChecked: z.object({ kind, aiPercentage: z.number(), versionId: z.string() }).optional(),
});
export type DocumentSummary = z.infer<typeof DocumentSummarySchema>;

/** GET /api/documents: most recently changed first. */
export const DocumentListResponseSchema = z.object({
  documents: z.array(DocumentSummarySchema),
  nextCursor: z.string().nullable(),
});
export type DocumentListResponse = z.infer<typeof DocumentListResponseSchema>;

/** A title from a draft: its first H1 without markdown marks, else null. */
export function titleFromMarkdown(markdown: string): string | null {
  const h1 = /^\s{0,3}#\s+(.+?)\s*#*\s*$/m.exec(markdown)?.[1];
  if (!h1) return null;
  const plain = h1
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`~]/g, "")
    .trim();
  return plain ? cutTitle(plain) : null;
}

/** Cuts a title to DOCUMENT_TITLE_MAX characters at a word, with an ellipsis when it was cut. */
export function cutTitle(text: string, max = DOCUMENT_TITLE_MAX): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A download's file name: the title as a slug (or "document"), the kind, the extension. */
export function exportFileName(title: string, kind: VersionKind, format: ExportFormat): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
  return `${slug || "document"}-${kind}.${format}`;
}
