// The ids every feature's requests and answers carry: a document and a version of it. One module,
// imported by documents, writing, SEO, detection and publishing alike, so no two of those shared
// modules import each other for an id. Pure: the client imports it.
import { z } from "zod";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A document or version id: a UUID (anything else is a 400 before any lookup). */
export const idOf = (label: string) =>
  z
    .string({ error: `${label} must be a document id (a UUID)` })
    .trim()
    .regex(UUID, `${label} must be a document id (a UUID)`)
    .transform((s) => s.toLowerCase());

/** The optional `documentId` of the writing and SEO requests: add the output to this document. */
export const DocumentId = idOf("documentId");
export const VersionId = idOf("versionId");

export const isUuid = (s: string) => UUID.test(s);

/** The optional `documentId` + `versionId` of /api/detect-ai: store the result on that version. */
export const VersionRef = z
  .object({ documentId: DocumentId.optional(), versionId: VersionId.optional() })
  .refine((r) => (r.documentId === undefined) === (r.versionId === undefined), {
    message: "documentId and versionId go together: send both or neither",
  });

/** What every paid writing and SEO answer carries: where its output was saved. */
export const SavedVersionSchema = z.object({ documentId: z.string(), versionId: z.string() });
export type SavedVersion = z.infer<typeof SavedVersionSchema>;
