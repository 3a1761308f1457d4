// Tests only: real documents and versions to publish, saved through DocumentsService as a paid step
// saves them (publications reference both with foreign keys), with the text a test needs.
import { randomUUID } from "node:crypto";
import type { SeoPlatform } from "../../../shared/seo";
import type { TestApp } from "../../testing/test-app";
import type { VersionToPublish } from "../publishing.service";

export interface TestVersionInput {
  /** Add to this document of the user's; a new document when absent. */
  documentId?: string;
  content: string;
  format?: "markdown" | "html";
  /** html: the platform the HTML was made for. */
  platform?: SeoPlatform;
  /** The new document's title (else the text's H1, else "Untitled"). */
  title?: string;
}

/** Saves a version (a draft, or an SEO version for HTML) and answers it as the route's loader would. */
export async function saveTestVersion(t: TestApp, userId: string, input: TestVersionInput): Promise<VersionToPublish> {
  const format = input.format ?? "markdown";
  const saved = await t.db.transaction((tx) =>
    t.deps.documents.saveVersion(
      tx,
      userId,
      {
        documentId: input.documentId,
        newDocument: { id: randomUUID(), brief: "publishing tests", title: input.title, fallbackTitle: "Untitled" },
      },
      {
        kind: format === "html" ? "seo" : "draft",
        format,
        content: input.content,
        platform: input.platform ?? null,
        model: null,
        writer: null,
        creditsUsed: 0,
        requestId: `publishing-test-${randomUUID()}`,
        partial: false,
      },
    ),
  );
  const doc = await t.deps.documents.ownDocument(userId, saved.documentId);
  return {
    documentId: saved.documentId,
    versionId: saved.versionId,
    content: input.content,
    format,
    ...(format === "html" && input.platform ? { platform: input.platform } : {}),
    title: doc.title,
  };
}
