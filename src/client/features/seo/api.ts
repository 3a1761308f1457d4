// The SEO endpoints (spec §7) as plain functions. Failures throw ApiError (status + server message).
import type { SeoOptimizeResponse, SeoPlatform, SeoProduceResponse, SeoReviseResponse } from "../../../shared/seo";
import type { AiProvider } from "../../../shared/writing";
import { apiPost } from "../../lib/api";

export interface SeoCall {
  content: string;
  platform: SeoPlatform;
  /** One comma-separated string of http(s) URLs. */
  imageUrls?: string;
  title?: string;
  keyphrase?: string;
  /** YYYY-MM-DD or ISO date-time; the server's today by default. */
  datePublished?: string;
  /** revise/optimize only: which model revises. Default openai. */
  aiProvider?: AiProvider;
  /** Save the HTML as a version of this document of the caller's (else the server starts one). */
  documentId?: string;
}

/** Drops empty optional fields, so the server applies its own defaults. */
function body(call: SeoCall): Record<string, unknown> {
  const out: Record<string, unknown> = { content: call.content, platform: call.platform };
  for (const key of ["imageUrls", "title", "keyphrase", "datePublished", "aiProvider", "documentId"] as const) {
    const v = call[key];
    if (typeof v === "string" && v.trim() !== "") out[key] = v.trim();
  }
  return out;
}

export const produceSeoCode = (call: SeoCall) => apiPost<SeoProduceResponse>("/api/seo-produce-code", body(call));
export const optimizeSeo = (call: SeoCall) => apiPost<SeoOptimizeResponse>("/api/seo-optimize", body(call));
export const reviseSeoText = (call: SeoCall) => apiPost<SeoReviseResponse>("/api/seo-revise-text", body(call));

export type SeoHtmlEndpoint = "produce-code" | "optimize";
export type SeoHtmlResult = SeoProduceResponse | SeoOptimizeResponse;
/** What the panel shows: an answer just made, or one restored from its saved SEO version. */
export type SeoShown = Pick<
  SeoProduceResponse,
  "optimizedHtml" | "platform" | "meta" | "report" | "notes" | "documentId" | "versionId"
> & { revisedText?: string };

export const seoHtml = (endpoint: SeoHtmlEndpoint, call: SeoCall): Promise<SeoHtmlResult> =>
  endpoint === "optimize" ? optimizeSeo(call) : produceSeoCode(call);
