// SEO on the client: the panel the Results screen, the full app and the console embed (issue 6).
//
// <SeoPanel content defaultPlatform? onHtml? onClose? generateLabel? title? description? endpoint?
//           aiProvider? postTitle? keyphrase? datePublished? emptyReason? className? />
//   content        markdown to publish (the final if there is one, else the draft); empty → the button
//                  is disabled and `emptyReason` says why (spec §5).
//   defaultPlatform 'wordpress' | 'shopify' (default 'wordpress').
//   onHtml(html, result) each time HTML is made (e.g. to enable the Results screen's SEO HTML tab).
//   onClose()      when the output is closed.
//   generateLabel  default 'Generate SEO-Optimized HTML' (the full app: 'Produce SEO HTML Code').
//   endpoint       'produce-code' (default; HTML from the text as is, 2 credits) or 'optimize' (revise
//                  for search with `aiProvider`'s model or the offline rules, then HTML).
//   postTitle / keyphrase / datePublished  passed to the server (title, keyphrase, datePublished).
//   restored       the document's saved SEO result (restore.ts `latestSeo`): shown as if just made,
//                  with its platform selected, so a reload keeps the paid report and meta fields.
//   Shows: platform select, Image URLs (comma separated, checked before sending), the HTML in a
//   read-only code box with Copy HTML Code and Close, a preview in an iframe with sandbox="" and a
//   CSP (no script runs), the SEO report (score + checklist with coloured dots and status words),
//   the SEO head (meta title/description with lengths, slug, keyphrase, JSON-LD collapsible, notes;
//   the Shopify note). Toasts 'SEO Optimization Failed' ('Failed to optimize content for SEO'); a 402
//   opens the Insufficient Credits dialog.
//
// <SeoReportView report title? className? />, <SeoScore score />, <SeoMetaView meta platform notes? />
// useSeoHtml({ endpoint?, failureTitle?, failureMessage? }) → mutation of a SeoCall.
// produceSeoCode / optimizeSeo / reviseSeoText(call) → the endpoints as plain functions.
// Pure helpers: buildPreviewDocument, escapeHtml, CHECK_STATUS, scoreStatus, reportCounts,
// sortedChecks, metaTitleStatus, metaDescriptionStatus, prettyJsonLd.
export {
  optimizeSeo,
  produceSeoCode,
  reviseSeoText,
  type SeoCall,
  type SeoHtmlEndpoint,
  type SeoHtmlResult,
  type SeoShown,
  seoHtml,
} from "./api";
export {
  buildPreviewDocument,
  CHECK_STATUS,
  escapeHtml,
  metaDescriptionStatus,
  metaTitleStatus,
  prettyJsonLd,
  reportCounts,
  scoreStatus,
  sortedChecks,
} from "./seo-helpers";
export { SeoMetaView, type SeoMetaViewProps } from "./seo-meta";
export { SeoPanel, type SeoPanelProps } from "./seo-panel";
export { SeoReportView, type SeoReportViewProps, SeoScore } from "./seo-report";
export { SEO_TOASTS, type UseSeoHtmlOptions, useSeoHtml } from "./use-seo";
