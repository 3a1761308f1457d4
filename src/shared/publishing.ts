// Publishing contract shared by the server (/api/connections, /api/documents/:id/publish) and the
// client: connection forms, the publish dialog and what the API answers. Pure: zod and types only
// (the fixed rules: publishing-rules.ts).
import { z } from "zod";
import { timestamp } from "./api-schemas";
import { VersionId } from "./ids";
import {
  isHttpUrl,
  MAX_TERM_LENGTH,
  MAX_TERMS,
  normalizeShopDomain,
  normalizeSiteUrl,
  PUBLISH_PLATFORMS,
  PUBLISH_STATUSES,
} from "./publishing-rules";

export {
  MAX_CONNECTIONS_PER_USER,
  PLATFORM_LABEL,
  PUBLISH_STATUSES,
  type PublishPlatform,
  type PublishStatus,
} from "./publishing-rules";

const siteUrl = z
  .string({ error: "Site URL is required" })
  .max(500, "Site URL must be at most 500 characters")
  .transform((s, ctx) => {
    const url = normalizeSiteUrl(s);
    if (!url) {
      ctx.addIssue({ code: "custom", message: "Site URL must be your WordPress address, like https://example.com" });
      return z.NEVER;
    }
    return url;
  });

const shopDomain = z
  .string({ error: "Store domain is required" })
  .max(200, "Store domain must be at most 200 characters")
  .transform((s, ctx) => {
    const domain = normalizeShopDomain(s);
    if (!domain) {
      ctx.addIssue({ code: "custom", message: "Store domain must be your store's .myshopify.com address" });
      return z.NEVER;
    }
    return domain;
  });

const secret = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(255, `${name} must be at most 255 characters`);

export const WordPressConnectionInput = z.object({
  platform: z.literal("wordpress"),
  siteUrl,
  username: z
    .string({ error: "Username is required" })
    .trim()
    .min(1, "Username is required")
    .max(100, "Username must be at most 100 characters"),
  applicationPassword: secret("Application password"),
});
export type WordPressConnectionInput = z.infer<typeof WordPressConnectionInput>;

/** A store and its token, before a blog is chosen (POST /api/connections/shopify/blogs). */
export const ShopifyStoreInput = z.object({
  shopDomain,
  accessToken: secret("Access token"),
});
export type ShopifyStoreInput = z.infer<typeof ShopifyStoreInput>;

export const ShopifyConnectionInput = ShopifyStoreInput.extend({
  platform: z.literal("shopify"),
  blogId: z
    .string({ error: "Choose a blog" })
    .regex(/^gid:\/\/shopify\/Blog\/\d+$/, "Choose a blog from the store's blogs"),
});
export type ShopifyConnectionInput = z.infer<typeof ShopifyConnectionInput>;

/** POST /api/connections */
export const CreateConnectionRequest = z.discriminatedUnion(
  "platform",
  [WordPressConnectionInput, ShopifyConnectionInput],
  {
    error: "Platform must be wordpress or shopify",
  },
);
export type CreateConnectionRequest = z.infer<typeof CreateConnectionRequest>;

const ConnectionStatusSchema = z.enum(["verified", "failed"]);

const ShopifyBlogSchema = z.object({ id: z.string(), title: z.string(), handle: z.string() });
export type ShopifyBlog = z.infer<typeof ShopifyBlogSchema>;

/** A connection as the API shows it: never the secret, only its last four characters. */
const ConnectionViewSchema = z.object({
  id: z.string(),
  platform: z.enum(PUBLISH_PLATFORMS),
  /** The site's or store's own name (from its API), else its address. */
  name: z.string(),
  /** WordPress: the site address; Shopify: https://<store>.myshopify.com */
  siteUrl: z.string(),
  /** WordPress user name. */
  username: z.string().optional(),
  /** Shopify: the blog articles go to. */
  blog: ShopifyBlogSchema.optional(),
  /** "••••1234" */
  secretHint: z.string(),
  status: ConnectionStatusSchema,
  /** Why the last verification failed, in the site's own words. */
  lastError: z.string().nullable(),
  verifiedAt: timestamp.nullable(),
  createdAt: timestamp,
});
export type ConnectionView = z.infer<typeof ConnectionViewSchema>;

/** GET /api/connections */
export const ConnectionsResponseSchema = z.object({ connections: z.array(ConnectionViewSchema) });
export type ConnectionsResponse = z.infer<typeof ConnectionsResponseSchema>;

/** POST /api/connections (201) and POST /api/connections/:id/verify */
export const ConnectionResponseSchema = z.object({ connection: ConnectionViewSchema });
export type ConnectionResponse = z.infer<typeof ConnectionResponseSchema>;

/** POST /api/connections/shopify/blogs */
export const ShopifyBlogsResponseSchema = z.object({ shopName: z.string(), blogs: z.array(ShopifyBlogSchema) });
export type ShopifyBlogsResponse = z.infer<typeof ShopifyBlogsResponseSchema>;

const term = z
  .string()
  .trim()
  .min(1, "Categories and tags must not be empty")
  .max(MAX_TERM_LENGTH, `Categories and tags must be at most ${MAX_TERM_LENGTH} characters`);

/** POST /api/documents/:id/publish */
export const PublishRequest = z
  .object({
    connectionId: z.string({ error: "Choose a connection" }).trim().min(1, "Choose a connection").max(100),
    /** The version to publish (a UUID); the document's latest version when absent. */
    versionId: VersionId.optional(),
    status: z.enum(PUBLISH_STATUSES, { error: "Status must be draft, publish or future" }).default("draft"),
    /** ISO 8601 date-time with an offset; only with status "future". */
    publishAt: z.iso
      .datetime({ offset: true, error: "publishAt must be an ISO date-time, like 2030-01-31T09:00:00Z" })
      .optional(),
    categories: z.array(term).max(MAX_TERMS, `At most ${MAX_TERMS} categories`).optional(),
    tags: z.array(term).max(MAX_TERMS, `At most ${MAX_TERMS} tags`).optional(),
    featuredImageUrl: z
      .string()
      .trim()
      .max(2000, "Featured image URL must be at most 2000 characters")
      .refine(isHttpUrl, "Featured image URL must be an http(s) address")
      .optional(),
  })
  .superRefine((r, ctx) => {
    if (r.status === "future") {
      if (!r.publishAt) ctx.addIssue({ code: "custom", path: ["publishAt"], message: "Choose when to publish" });
      else if (Date.parse(r.publishAt) <= Date.now())
        ctx.addIssue({ code: "custom", path: ["publishAt"], message: "The publishing time must be in the future" });
    } else if (r.publishAt) {
      ctx.addIssue({ code: "custom", path: ["publishAt"], message: "publishAt is only for status future" });
    }
  });
export type PublishRequest = z.infer<typeof PublishRequest>;
export type PublishRequestInput = z.input<typeof PublishRequest>;

const PublicationViewSchema = z.object({
  id: z.string(),
  documentId: z.string(),
  versionId: z.string(),
  connectionId: z.string().nullable(),
  platform: z.enum(PUBLISH_PLATFORMS),
  remoteId: z.string(),
  /** The post's address: its public link once live, else where to edit it. */
  url: z.string(),
  /** Where to edit it in WordPress or Shopify. */
  editUrl: z.string(),
  status: z.enum(PUBLISH_STATUSES),
  publishAt: timestamp.nullable(),
  /** When it was last sent. */
  publishedAt: timestamp,
});
export type PublicationView = z.infer<typeof PublicationViewSchema>;

/** GET /api/documents/:id/publications: where the document is published, newest first. */
export const PublicationsResponseSchema = z.object({ publications: z.array(PublicationViewSchema) });
export type PublicationsResponse = z.infer<typeof PublicationsResponseSchema>;

/** POST /api/documents/:id/publish */
export const PublishResponseSchema = z.object({
  publication: PublicationViewSchema,
  /** true when an earlier post was updated instead of a new one created. */
  updated: z.boolean(),
  /** What the user should know (e.g. SEO fields the site does not expose). */
  notes: z.array(z.string()),
});
export type PublishResponse = z.infer<typeof PublishResponseSchema>;
