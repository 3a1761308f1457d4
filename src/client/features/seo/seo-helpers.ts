// Pure helpers of the SEO panel (no DOM, no React): the sandboxed preview's document, the report's
// status wording and colours, the meta fields' length checks and the overall score's tone.
import type { SeoCheckStatus, SeoReport } from "../../../shared/seo";

/** Meta title and description lengths the server aims for (docs/seo.md). */
export const META_TITLE_MAX = 60;
export const META_DESCRIPTION_MIN = 120;
export const META_DESCRIPTION_MAX = 156;

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** A minimal, readable stylesheet for the preview (the platform's theme is not known). */
export const PREVIEW_STYLES = [
  "*,*::before,*::after{box-sizing:border-box}",
  'body{margin:0;padding:16px;font:16px/1.65 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1e293b;background:#fff}',
  "article{max-width:46rem;margin:0 auto}",
  "h1{font-size:1.75rem;line-height:1.25;margin:0 0 1rem;color:#0f172a}",
  "h2{font-size:1.35rem;line-height:1.3;margin:1.75rem 0 .5rem;color:#0f172a}",
  "h3{font-size:1.1rem;margin:1.25rem 0 .5rem;color:#0f172a}",
  "p,ul,ol,table,figure,blockquote,pre{margin:0 0 1rem}",
  "ul,ol{padding-left:1.5rem}",
  "a{color:#4338ca}",
  "img{max-width:100%;height:auto;border-radius:6px;background:#f1f5f9}",
  "figure img{display:block}",
  "figcaption{font-size:.875rem;color:#475569}",
  "table{border-collapse:collapse;width:100%;font-size:.95rem}",
  "th,td{border:1px solid #cbd5e1;padding:.35rem .6rem;text-align:left;vertical-align:top}",
  "th{background:#f8fafc}",
  "blockquote{border-left:4px solid #cbd5e1;padding-left:1rem;color:#475569}",
  "pre{background:#f1f5f9;padding:.75rem;overflow:auto;border-radius:6px}",
  "code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.9em}",
  "nav{background:#f8fafc;border:1px solid #e2e8f0;border-radius:6px;padding:.5rem 1rem;margin:0 0 1rem}",
  "hr{border:0;border-top:1px solid #e2e8f0;margin:1.5rem 0}",
].join("\n");

/**
 * The preview iframe's srcdoc: the body HTML inside an <article>, the title as the H1 the platform
 * prints, the stylesheet, and a CSP that allows images and inline styles only. The iframe is
 * sandboxed with no permissions too (no scripts, no forms, no navigation of the app), so even a
 * script that slipped through could not run.
 */
export function buildPreviewDocument(html: string, opts: { title?: string } = {}): string {
  const title = opts.title?.trim();
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src http: https: data:; style-src 'unsafe-inline'">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title || "Preview")}</title>`,
    `<style>${PREVIEW_STYLES}</style>`,
    "</head><body><article>",
    title ? `<h1>${escapeHtml(title)}</h1>` : "",
    html,
    "</article></body></html>",
  ].join("");
}

export interface StatusStyle {
  /** Text shown beside the dot, so the status never depends on colour alone. */
  label: string;
  dot: string;
  text: string;
}

export const CHECK_STATUS: Record<SeoCheckStatus, StatusStyle> = {
  good: { label: "Good", dot: "bg-emerald-500", text: "text-emerald-800" },
  ok: { label: "Improve", dot: "bg-amber-400", text: "text-amber-900" },
  bad: { label: "Problem", dot: "bg-red-600", text: "text-red-800" },
};

/**
 * The overall score's word, as Yoast names its own score (scoreToRating of score / 10): good above 70,
 * ok above 40, else bad. The score is computed from the checks as Yoast does (docs/seo.md).
 */
export function scoreStatus(score: number): SeoCheckStatus {
  if (score > 70) return "good";
  if (score > 40) return "ok";
  return "bad";
}

/**
 * The report's word: the score's, except that a report with a problem is never called good (issue 31:
 * "71/100 (Good)" beside 4 problems read as a contradiction).
 */
export function reportStatus(report: SeoReport): SeoCheckStatus {
  const status = scoreStatus(report.score);
  return status === "good" && report.checks.some((c) => c.status === "bad") ? "ok" : status;
}

export function reportCounts(report: SeoReport): Record<SeoCheckStatus, number> {
  const counts: Record<SeoCheckStatus, number> = { good: 0, ok: 0, bad: 0 };
  for (const c of report.checks) counts[c.status] += 1;
  return counts;
}

/** Problems first, then improvements, then the good checks; the server's order within each. */
export function sortedChecks(report: SeoReport) {
  const rank: Record<SeoCheckStatus, number> = { bad: 0, ok: 1, good: 2 };
  return report.checks
    .map((c, i) => ({ c, i }))
    .sort((a, b) => rank[a.c.status] - rank[b.c.status] || a.i - b.i)
    .map((x) => x.c);
}

export function metaTitleStatus(title: string): SeoCheckStatus {
  if (!title.trim()) return "bad";
  return title.length <= META_TITLE_MAX ? "good" : "bad";
}

export function metaDescriptionStatus(description: string): SeoCheckStatus {
  const n = description.length;
  if (n === 0) return "bad";
  return n >= META_DESCRIPTION_MIN && n <= META_DESCRIPTION_MAX ? "good" : "ok";
}

/** The pretty-printed JSON-LD objects, for reading. */
export function prettyJsonLd(objects: Record<string, unknown>[]): string {
  return JSON.stringify(objects.length === 1 ? objects[0] : objects, null, 2);
}
