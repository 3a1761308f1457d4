// The documents feature's side of publishing: finds the caller's version to publish. Another user's
// document, or a version not in the document, is null (the route answers 404, never 403: a stranger
// learns nothing about what exists).
import { isUuid } from "../../shared/ids";
import type { SeoPlatform } from "../../shared/seo";
import type { DocumentsService } from "../documents/index";
import { AppError } from "../errors";
import type { LoadVersionForPublishing } from "./publishing.routes";

export function loadVersionFromDocuments(documents: DocumentsService): LoadVersionForPublishing {
  return async (userId, documentId, versionId) => {
    // The route's schemas refuse malformed ids with a 400; a non-UUID must never reach PostgreSQL.
    if (!isUuid(documentId) || (versionId !== undefined && !isUuid(versionId))) return null;
    let doc: Awaited<ReturnType<DocumentsService["get"]>>;
    try {
      doc = await documents.get(userId, documentId);
    } catch (err) {
      if (err instanceof AppError && err.code === "NOT_FOUND") return null;
      throw err;
    }
    const version = versionId ? doc.versions.find((v) => v.id === versionId) : doc.versions.at(-1);
    if (!version) return null;
    // SEO HTML was made for one platform; markdown (drafts, revisions, seo-revise-text's text) is
    // turned into the connection's HTML on the way.
    const html = version.format === "html";
    return {
      documentId: doc.id,
      versionId: version.id,
      content: version.content,
      format: html ? "html" : "markdown",
      ...(html && version.platform ? { platform: version.platform as SeoPlatform } : {}),
      title: doc.title,
    };
  };
}
