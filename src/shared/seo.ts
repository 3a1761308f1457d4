// SEO request/response contract shared by the server (POST /api/seo-*) and the client.
// Pure: zod schemas and types (the fixed rules and the image-URL parser: seo-rules.ts). No Node or DOM APIs.
import { z } from "zod";
import { DocumentId, SavedVersionSchema } from "./ids";
import { isSeoDate, SEO_CONTENT_MAX, SEO_PLATFORMS, type SeoPlatform } from "./seo-rules";

export {
  InvalidImageUrlError,
  parseImageUrls,
  SEO_CONTENT_MAX,
  SEO_PLATFORMS,
  type SeoPlatform,
} from "./seo-rules";

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
