// The document library's client calls (docs/api.md "Documents"). Failures throw ApiError, which
// lib/errors turns into words; 404 means the document is gone or was never the caller's.
//
// useDocuments(q) → infinite query of GET /api/documents (pages of 20, newest change first)
// useDocument(id) → query of GET /api/documents/:id (DOCUMENT_KEY(id))
// fetchDocument(id) → DocumentDetail (for screens that restore their state from a document)
// renameDocument(id, title) / deleteDocument(id)  PATCH / DELETE, then invalidate DOCUMENTS_KEY
// downloadVersion(id, {format, versionId?, fileName?}) → saves the export through the browser
// createOwnDocument({title?, content}) / saveEdit(id, {content, basedOn?}) → the writer's own text, free
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type {
  DocumentDetail,
  DocumentListResponse,
  DocumentResponse,
  ExportFormat,
  NewDocumentRequest,
  NewVersionRequest,
  NewVersionResponse,
  RenameDocumentResponse,
} from "../../../shared/documents";
import { apiFetch, apiGet, apiRequest } from "../../lib/api";
import { saveResponse } from "../../lib/download";
import { FRESH_ON_MOUNT } from "../../lib/query";

/** Every documents query starts with this key: invalidate it after a paid step, a rename or a delete. */
export const DOCUMENTS_KEY = ["documents"] as const;
export const DOCUMENT_KEY = (id: string) => [...DOCUMENTS_KEY, "one", id] as const;

export function useDocuments(q: string) {
  return useInfiniteQuery({
    queryKey: [...DOCUMENTS_KEY, "list", q],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams();
      if (q) params.set("q", q);
      if (pageParam) params.set("cursor", pageParam);
      const query = params.toString();
      return apiGet<DocumentListResponse>(`/api/documents${query ? `?${query}` : ""}`);
    },
    getNextPageParam: (last) => last.nextCursor,
    ...FRESH_ON_MOUNT,
  });
}

export async function fetchDocument(id: string): Promise<DocumentDetail> {
  return (await apiGet<DocumentResponse>(`/api/documents/${encodeURIComponent(id)}`)).document;
}

export function useDocument(id: string) {
  return useQuery({ queryKey: DOCUMENT_KEY(id), queryFn: () => fetchDocument(id), ...FRESH_ON_MOUNT });
}

export function renameDocument(id: string, title: string) {
  return apiRequest<RenameDocumentResponse>("PATCH", `/api/documents/${encodeURIComponent(id)}`, { title });
}

/** Check my text: the writer's pasted or uploaded text as a new document (free). */
export async function createOwnDocument(body: NewDocumentRequest): Promise<DocumentDetail> {
  return (await apiRequest<DocumentResponse>("POST", "/api/documents", body)).document;
}

/** The writer's edit of a version, saved as the document's newest version (free). */
export async function saveEdit(id: string, body: NewVersionRequest) {
  return (await apiRequest<NewVersionResponse>("POST", `/api/documents/${encodeURIComponent(id)}/versions`, body))
    .version;
}

export function deleteDocument(id: string) {
  return apiRequest<{ success: boolean }>("DELETE", `/api/documents/${encodeURIComponent(id)}`);
}

/** Downloads a version (the latest by default) through the export endpoint, named by the server. */
export async function downloadVersion(id: string, opts: { format: ExportFormat; versionId?: string }) {
  const params = new URLSearchParams({ format: opts.format });
  if (opts.versionId) params.set("versionId", opts.versionId);
  const res = await apiFetch("GET", `/api/documents/${encodeURIComponent(id)}/export?${params}`);
  await saveResponse(res, `document.${opts.format}`);
}
