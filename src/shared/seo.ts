// SEO request/response contract shared by the server (POST /api/seo-*) and the client.
// Pure: zod schemas, types and the image-URL parser. No Node or DOM APIs.
import { z } from "zod";
import { DocumentId, SavedVersionSchema } from "./ids";

export const SEO_PLATFORMS = ["wordpress", "shopify"] as const;
export type SeoPlatform = (typeof SEO_PLATFORMS)[number];

export const SEO_CONTENT_MAX = 100_000;

const DATE_RE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** YYYY-MM-DD or an ISO 8601 date-time that parses to a real date. */
export function isSeoDate(s: string): boolean {
  if (!DATE_RE.test(s)) return false;
  const [y, m, d] = s.slice(0, 10).split("-").map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  // reject 2024-02-31 and friends (Date rolls them over)
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d) return false;
  return s.length === 10 || !Number.isNaN(new Date(s).getTime());
}

export const SeoRequest = z.object({
  content: z
    .string({ error: "Content is required" })
    .refine((s) => s.trim().length > 0, { message: "Content is required" })
    .refine((s) => s.length <= SEO_CONTENT_MAX, {
      message: `Content must be at most ${SEO_CONTENT_MAX} characters`,
    }),
  platform: z.enum(SEO_PLATFORMS, { error: "Platform must be wordpress or shopify" }),
  imageUrls: z.string({ error: "Image URLs must be one comma-separated string" }).optional(),
  title: z.string().max(300, "Title must be at most 300 characters").optional(),
  keyphrase: z.string().max(100, "Keyphrase must be at most 100 characters").optional(),
  datePublished: z
    .string()
    .refine(isSeoDate, { message: "datePublished must be YYYY-MM-DD or an ISO date-time" })
    .optional(),
  aiProvider: z.enum(["anthropic", "openai"], { error: "AI provider must be anthropic or openai" }).optional(),
  /** Add the output to this document of the caller's (else it starts a new one). */
  documentId: DocumentId.optional(),
});
export type SeoRequest = z.infer<typeof SeoRequest>;

const SEO_CHECK_STATUSES = ["good", "ok", "bad"] as const;
export type SeoCheckStatus = (typeof SEO_CHECK_STATUSES)[number];

const SeoCheckSchema = z.object({
  id: z.string(),
  label: z.string(),
  status: z.enum(SEO_CHECK_STATUSES),
  advice: z.string(),
});
export type SeoCheck = z.infer<typeof SeoCheckSchema>;

const SeoReportSchema = z.object({
  /** 0-100: weighted share of good checks, ok counting half. */
  score: z.number().min(0).max(100),
  checks: z.array(SeoCheckSchema),
});
export type SeoReport = z.infer<typeof SeoReportSchema>;

const SeoMetaSchema = z.object({
  metaTitle: z.string(),
  metaDescription: z.string(),
  slug: z.string(),
  keyphrase: z.string(),
  /** The JSON-LD objects (Article, and FAQPage when the draft has a FAQ section). */
  jsonLd: z.array(z.record(z.string(), z.unknown())),
  /** `<script type="application/ld+json">…</script>` for a theme or head; `<` is escaped as \u003c. */
  jsonLdScript: z.string(),
});
export type SeoMeta = z.infer<typeof SeoMetaSchema>;

/** What an SEO version keeps beside its HTML, so a reload shows the report and meta fields that were paid for. */
export const SavedSeoSchema = z.object({
  meta: SeoMetaSchema,
  report: SeoReportSchema,
  notes: z.array(z.string()),
});
export type SavedSeo = z.infer<typeof SavedSeoSchema>;

export interface SeoResult {
  /** Body content only (valid inside `<article>`). */
  optimizedHtml: string;
  platform: SeoPlatform;
  revisedText?: string;
  meta: SeoMeta;
  report: SeoReport;
  notes: string[];
}

export class InvalidImageUrlError extends Error {
  readonly index: number;
  readonly value: string;
  constructor(index: number, value: string) {
    super(`Image URL ${index} is not an http(s) address: ${value.length > 200 ? `${value.slice(0, 200)}…` : value}`);
    this.name = "InvalidImageUrlError";
    this.index = index;
    this.value = value;
  }
}

/**
 * Splits the comma-separated imageUrls field: trimmed, empties dropped, only absolute http(s) URLs.
 * Throws InvalidImageUrlError (1-based position among the non-empty entries) for anything else.
 */
export function parseImageUrls(s?: string | null): string[] {
  if (!s) return [];
  const parts = s
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  return parts.map((p, i) => {
    let url: URL;
    try {
      url = new URL(p);
    } catch {
      throw new InvalidImageUrlError(i + 1, p);
    }
    if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname) {
      throw new InvalidImageUrlError(i + 1, p);
    }
    return url.href;
  });
}

// ---------------------------------------------------------------------------------------------
// Responses of the three endpoints (beyond the spec's optimizedHtml/platform/revisedText: the head
// block, the report, publishing notes and what the call cost).

const platform = z.enum(SEO_PLATFORMS);

/** Who revised the text: a provider's model, or the offline writer's deterministic rules. */
const SeoWriterSchema = z.enum(["openai", "anthropic", "offline"]);

/** POST /api/seo-produce-code: HTML from the text as is (no model, a flat price). */
export const SeoProduceResponseSchema = SavedVersionSchema.extend({
  optimizedHtml: z.string(),
  platform,
  meta: SeoMetaSchema,
  report: SeoReportSchema,
  notes: z.array(z.string()),
  creditsUsed: z.number().int(),
});
export type SeoProduceResponse = z.infer<typeof SeoProduceResponseSchema>;

const SeoRevisionBilling = SavedVersionSchema.extend({
  creditsUsed: z.number().int(),
  tokensUsed: z.number().int(),
  aiProvider: z.enum(["openai", "anthropic"]),
  writer: SeoWriterSchema,
  model: z.string(),
});

/** POST /api/seo-revise-text: the text revised for search, and the report of the revised text. */
export const SeoReviseResponseSchema = SeoRevisionBilling.extend({
  revisedText: z.string(),
  platform,
  keyphrase: z.string(),
  report: SeoReportSchema,
});
export type SeoReviseResponse = z.infer<typeof SeoReviseResponseSchema>;

/** POST /api/seo-optimize: revise, then produce. */
export const SeoOptimizeResponseSchema = SeoRevisionBilling.extend({
  optimizedHtml: z.string(),
  revisedText: z.string(),
  platform,
  meta: SeoMetaSchema,
  report: SeoReportSchema,
  notes: z.array(z.string()),
});
export type SeoOptimizeResponse = z.infer<typeof SeoOptimizeResponseSchema>;
