// Publishing's fixed rules without zod: the platforms and their names, the post statuses, the limits
// and the address normalisers. The publish dialog's button, the list of publications and the SEO
// panel draw from these before any schema is needed; shared/publishing.ts, which holds the request and
// response schemas, re-exports them.

export const PUBLISH_PLATFORMS = ["wordpress", "shopify"] as const;
export type PublishPlatform = (typeof PUBLISH_PLATFORMS)[number];

/** draft: saved, not visible (the default); publish: live now; future: scheduled for publishAt. */
export const PUBLISH_STATUSES = ["draft", "publish", "future"] as const;
export type PublishStatus = (typeof PUBLISH_STATUSES)[number];

export const PLATFORM_LABEL: Record<PublishPlatform, string> = { wordpress: "WordPress", shopify: "Shopify" };

export const MAX_CONNECTIONS_PER_USER = 20;
export const MAX_TERMS = 20;
export const MAX_TERM_LENGTH = 100;

/** An absolute http(s) address with a host. */
export const isHttpUrl = (s: string) => {
  try {
    const u = new URL(s);
    return (u.protocol === "https:" || u.protocol === "http:") && Boolean(u.hostname);
  } catch {
    return false;
  }
};

/**
 * "example.com", "https://example.com/blog/" → "https://example.com/blog" (no query, no fragment,
 * no trailing slash). A missing scheme means https. Returns undefined for anything that is not a
 * web address.
 */
export function normalizeSiteUrl(input: string): string | undefined {
  const trimmed = input.trim();
  if (!trimmed) return undefined;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  if (!isHttpUrl(withScheme)) return undefined;
  const u = new URL(withScheme);
  if (u.username || u.password) return undefined;
  // People paste the admin or the REST root; the site is what comes before it.
  const path = u.pathname.replace(/\/(wp-admin|wp-json|wp-login\.php)(\/.*)?$/i, "").replace(/\/+$/, "");
  return `${u.protocol}//${u.host}${path}`;
}

const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]{0,60}\.myshopify\.com$/;

/** "my-shop", "my-shop.myshopify.com", "https://my-shop.myshopify.com/admin" → "my-shop.myshopify.com". */
export function normalizeShopDomain(input: string): string | undefined {
  let s = input.trim().toLowerCase();
  s = s.replace(/^https?:\/\//, "").replace(/[/?#].*$/, "");
  if (/^[a-z0-9][a-z0-9-]{0,60}$/.test(s)) s = `${s}.myshopify.com`;
  return SHOP_DOMAIN.test(s) ? s : undefined;
}
