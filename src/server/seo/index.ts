export { InvalidImageUrlError, parseImageUrls } from "../../shared/seo";
export { type ProduceSeoHtmlInput, produceSeoHtml, SEO_SANITIZE_SCHEMA, TOC_MIN_WORDS } from "./html";
export { type AnalyzeSeoInput, analyzeSeo } from "./report";
export { buildSeoRevisePrompt, reviseForSeo, SEO_REVISE_SYSTEM_PROMPT } from "./revise";
