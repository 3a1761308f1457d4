// The publishing endpoints as plain functions. Failures throw ApiError (status + the server's words).
import type {
  ConnectionResponse,
  CreateConnectionRequest,
  PublishRequestInput,
  PublishResponse,
  ShopifyBlogsResponse,
  ShopifyStoreInput,
} from "../../../shared/publishing";
import { apiPost, apiRequest } from "../../lib/api";

/** GET /api/connections, through the default query function. */
export const CONNECTIONS_KEY = ["/api/connections"] as const;

/** GET /api/documents/:id/publications, through the default query function. */
export const publicationsKey = (documentId: string) =>
  [`/api/documents/${encodeURIComponent(documentId)}/publications`] as const;

export const createConnection = (body: CreateConnectionRequest) =>
  apiPost<ConnectionResponse>("/api/connections", body);

export const verifyConnection = (id: string) =>
  apiPost<ConnectionResponse>(`/api/connections/${encodeURIComponent(id)}/verify`);

export const removeConnection = (id: string) =>
  apiRequest<{ success: true }>("DELETE", `/api/connections/${encodeURIComponent(id)}`);

export const findShopifyBlogs = (body: ShopifyStoreInput) =>
  apiPost<ShopifyBlogsResponse>("/api/connections/shopify/blogs", body);

export const publishDocument = (documentId: string, body: PublishRequestInput) =>
  apiPost<PublishResponse>(`/api/documents/${encodeURIComponent(documentId)}/publish`, body);
