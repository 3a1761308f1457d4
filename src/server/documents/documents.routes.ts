// HTTP for the document library (issue 10, docs/api.md "Documents"): validate, call the service,
// shape the response. Every route is the signed-in caller's own: another user's id is a 404.

import { Hono } from "hono";
import { SuccessSchema } from "../../shared/api-schemas";
import {
  DocumentListQuery,
  type DocumentListResponse,
  DocumentListResponseSchema,
  DocumentParams,
  type DocumentResponse,
  DocumentResponseSchema,
  ExportQuery,
  NewDocumentRequest,
  NewVersionRequest,
  type NewVersionResponse,
  NewVersionResponseSchema,
  RenameDocumentRequest,
  type RenameDocumentResponse,
  RenameDocumentResponseSchema,
} from "../../shared/documents";
import { requireCaller } from "../http/middleware";
import { doc } from "../http/openapi";
import type { AppEnv } from "../http/types";
import { validate } from "../http/validate";
import type { DocumentsService } from "./documents.service";

export function documentsRoutes({ documents }: { documents: DocumentsService }) {
  const r = new Hono<AppEnv>();

  r.get(
    "/documents",
    doc({
      summary: "List documents (search, pages)",
      tag: "Documents",
      caller: "documents",
      response: DocumentListResponseSchema,
    }),
    requireCaller("documents"),
    validate("query", DocumentListQuery),
    async (c) => c.json<DocumentListResponse>(await documents.list(c.get("user").id, c.req.valid("query"))),
  );

  r.post(
    "/documents",
    doc({
      summary: "Save your own text as a new document (free)",
      description: "Check my text: pasted or uploaded text becomes a document with one version of kind `own`.",
      tag: "Documents",
      caller: "documents",
      response: DocumentResponseSchema,
      status: 201,
    }),
    requireCaller("documents"),
    validate("json", NewDocumentRequest),
    async (c) =>
      c.json<DocumentResponse>({ document: await documents.createOwn(c.get("user").id, c.req.valid("json")) }, 201),
  );

  r.post(
    "/documents/:id/versions",
    doc({
      summary: "Save an edit as the document's newest version (free)",
      description: "The writer's own edit (kind `own`); `basedOn` names the version it was edited from.",
      tag: "Documents",
      caller: "documents",
      response: NewVersionResponseSchema,
      status: 201,
      errors: ["NOT_FOUND"],
    }),
    requireCaller("documents"),
    validate("param", DocumentParams),
    validate("json", NewVersionRequest),
    async (c) =>
      c.json<NewVersionResponse>(
        {
          version: await documents.addOwnVersion(c.get("user").id, c.req.valid("param").id, c.req.valid("json")),
        },
        201,
      ),
  );

  r.get(
    "/documents/:id",
    doc({
      summary: "A document with its versions",
      tag: "Documents",
      caller: "documents",
      response: DocumentResponseSchema,
      errors: ["NOT_FOUND"],
    }),
    requireCaller("documents"),
    validate("param", DocumentParams),
    async (c) => c.json<DocumentResponse>({ document: await documents.get(c.get("user").id, c.req.valid("param").id) }),
  );

  r.patch(
    "/documents/:id",
    doc({
      summary: "Rename a document",
      tag: "Documents",
      caller: "documents",
      response: RenameDocumentResponseSchema,
      errors: ["NOT_FOUND"],
    }),
    requireCaller("documents"),
    validate("param", DocumentParams),
    validate("json", RenameDocumentRequest),
    async (c) =>
      c.json<RenameDocumentResponse>({
        document: await documents.rename(c.get("user").id, c.req.valid("param").id, c.req.valid("json").title),
      }),
  );

  r.delete(
    "/documents/:id",
    doc({
      summary: "Delete a document",
      tag: "Documents",
      caller: "documents",
      response: SuccessSchema,
      errors: ["NOT_FOUND"],
    }),
    requireCaller("documents"),
    validate("param", DocumentParams),
    async (c) => {
      await documents.delete(c.get("user").id, c.req.valid("param").id);
      return c.json({ success: true });
    },
  );

  r.get(
    "/documents/:id/export",
    doc({
      summary: "Download a version (Markdown or HTML)",
      tag: "Documents",
      caller: "documents",
      file: ["text/markdown", "text/html"],
      errors: ["NOT_FOUND"],
    }),
    requireCaller("documents"),
    validate("param", DocumentParams),
    validate("query", ExportQuery),
    async (c) => {
      const file = await documents.export(c.get("user").id, c.req.valid("param").id, c.req.valid("query"));
      return c.body(file.body, 200, {
        "Content-Type": file.contentType,
        "Content-Disposition": `attachment; filename="${file.fileName}"`,
        "Cache-Control": "no-store",
      });
    },
  );

  return r;
}
