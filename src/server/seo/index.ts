// What other parts may use of SEO (publishing, the CPU pool's tasks); everything else is internal.
export { InvalidImageUrlError, parseImageUrls } from "../../shared/seo";
export { type ProduceSeoHtmlInput, produceSeoHtml, SEO_SANITIZE_SCHEMA, TOC_MIN_WORDS } from "./html";
export { MarkdownShapeError } from "./markdown-budget";
export { buildMetaDescription, buildMetaTitle, buildSlug, inferKeyphrase } from "./meta";
export { type AnalyzeSeoInput, analyzeSeo } from "./report";
export { buildSeoRevisePrompt, reviseForSeo, SEO_REVISE_SYSTEM_PROMPT } from "./revise";
export { draftFromMarkdown } from "./text";
