// The SEO form's fixed rules without zod: the platforms, the content limit, the date and image-URL
// checks. The SEO panel draws from these before any schema is needed; shared/seo.ts, which holds the
// request and response schemas, re-exports them.

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
