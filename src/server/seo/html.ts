// Publish-ready SEO HTML: one unified pipeline
//   remark-parse + remark-gfm (gfmTree) → remarkSeoPrepare (drop raw HTML, title, heading levels, FAQ)
//   → remark-rehype (no allowDangerousHtml) → rehypeSeoStructure (ids, links, images, ToC)
//   → rehype-sanitize (SEO_SANITIZE_SCHEMA) → rehypeWordPressBlocks | rehypeShopifyBody → rehype-stringify

import GithubSlugger from "github-slugger";
import type { Element, ElementContent, Root as HastRoot, RootContent as HastRootContent } from "hast";
import { toString as hastToString } from "hast-util-to-string";
import { h } from "hastscript";
import type { Heading, Root as MdRoot, RootContent as MdRootContent } from "mdast";
import { toString as mdToString } from "mdast-util-to-string";
import rehypeSanitize, { type Options as SanitizeSchema } from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import type { SeoPlatform, SeoResult } from "../../shared/seo";
import { blockSentences, countWords } from "../../shared/text";
import { assertMarkdownShape } from "./markdown-budget";
import {
  buildJsonLd,
  buildMetaDescription,
  buildMetaTitle,
  buildSlug,
  type FaqEntry,
  jsonForScript,
  jsonLdScript,
  keyphraseFromStems,
} from "./meta";
import { analyzeSeo } from "./report";
import { reviseForSeo } from "./revise";
import { contentStemsOnce, cutAtWord, draftFromTree, dropHtml, gfmTree, type ParsedDraft } from "./text";

export const TOC_MIN_WORDS = 1200;

export interface ProduceSeoHtmlInput {
  markdown: string;
  platform: SeoPlatform;
  /** Already validated absolute http(s) URLs (see parseImageUrls). */
  imageUrls?: string[];
  title?: string;
  keyphrase?: string;
  /** YYYY-MM-DD or ISO; defaults to today's UTC date. */
  datePublished?: string;
  author?: string;
  /** Run the deterministic offline SEO revision first and return it as revisedText. */
  revise?: boolean;
}

/** State shared between the remark and rehype steps of one run (carried in file.data). */
interface SeoState {
  platform: SeoPlatform;
  imageUrls: string[];
  titleArg?: string;
  title: string;
  intro: string;
  /** This request's reading of texts into stems (keyphrase inference reads the body once with it). */
  contentStems: (text: string) => readonly string[];
  /** The body's blocks as text; bodyText joins them by blank lines. */
  bodyParts: string[];
  bodyText: string;
  bodyWords: number;
  /** The draft as the report reads it, from this run's tree (one parse a request). */
  draft: ParsedDraft;
  faq: FaqEntry[];
  headings: { level: number; text: string; id: string }[];
  jsonLdJson: () => string[];
}

type FileWithState = { data: Record<string, unknown> };
const stateOf = (file: FileWithState): SeoState => file.data.seo as SeoState;

const GENERIC_FAQ = /\b(?:faqs?|frequently asked questions)\b/i;

// -------------------------------------------------------------------------------------------------
// remark step

function remarkSeoPrepare() {
  return (tree: MdRoot, file: FileWithState) => {
    const st = stateOf(file);
    dropHtml(tree);
    st.draft = draftFromTree(tree);
    let children = tree.children;

    // Title: the first H1 when it comes before every other heading (removed); otherwise, with no title
    // argument, the first heading of any level (removed).
    const firstHeading = children.findIndex((n) => n.type === "heading");
    let titleFromDraft: string | undefined;
    if (firstHeading >= 0) {
      const node = children[firstHeading] as Heading;
      if (node.depth === 1 || !st.titleArg) {
        titleFromDraft = mdToString(node).trim();
        children = children.filter((_, i) => i !== firstHeading);
      }
    }
    const firstPara = children.find((n) => n.type === "paragraph");
    st.title =
      st.titleArg?.trim() ||
      titleFromDraft ||
      cutAtWord(blockSentences(firstPara ? mdToString(firstPara) : "")[0] ?? "Untitled", 70) ||
      "Untitled";

    // One heading hierarchy starting at H2 with no skipped levels.
    let prev = 1;
    for (const n of children) {
      if (n.type !== "heading") continue;
      const level = Math.min(Math.max(2, n.depth), prev + 1) as Heading["depth"];
      n.depth = level;
      prev = level;
    }
    tree.children = children;

    const firstH = children.findIndex((n) => n.type === "heading");
    const introNodes = firstH < 0 ? children.slice(0, 1) : children.slice(0, firstH);
    st.intro = introNodes
      .filter((n) => n.type === "paragraph")
      .map((n) => mdToString(n))
      .join(" ");
    st.bodyParts = children.filter((n) => n.type !== "code" && n.type !== "table").map((n) => mdToString(n));
    st.bodyText = st.bodyParts.join("\n\n");
    st.bodyWords = countWords(st.bodyText);
    st.faq = extractFaq(children);
  };
}

/** A heading mentioning FAQ / Frequently Asked Questions whose sub-headings are questions. */
export function extractFaq(children: MdRootContent[]): FaqEntry[] {
  const out: FaqEntry[] = [];
  const start = children.findIndex((n) => n.type === "heading" && GENERIC_FAQ.test(mdToString(n)));
  if (start < 0) return out;
  const depth = (children[start] as Heading).depth;
  let current: { question: string; answer: string[] } | undefined;
  const flush = () => {
    if (current && current.answer.length > 0) {
      out.push({ question: current.question, answer: current.answer.join(" ").replace(/\s+/g, " ").trim() });
    }
    current = undefined;
  };
  for (let i = start + 1; i < children.length; i++) {
    const n = children[i];
    if (n.type === "heading") {
      if (n.depth <= depth) break;
      flush();
      const text = mdToString(n).trim();
      if (text.endsWith("?")) current = { question: text, answer: [] };
    } else if (current && (n.type === "paragraph" || n.type === "list" || n.type === "blockquote")) {
      current.answer.push(mdToString(n, { includeImageAlt: false }));
    }
  }
  flush();
  return out;
}

// -------------------------------------------------------------------------------------------------
// rehype step before sanitising

const isEl = (n: unknown, ...tags: string[]): n is Element =>
  !!n && (n as Element).type === "element" && (tags.length === 0 || tags.includes((n as Element).tagName));

const HEADING_TAGS = ["h2", "h3", "h4", "h5", "h6"];

function safeHref(href: string): "external" | "ok" | "drop" {
  const t = href.trim();
  // browsers ignore ASCII whitespace and control characters inside a scheme ("java\tscript:")
  const compact = Array.from(t)
    .filter((ch) => ch.charCodeAt(0) > 0x20)
    .join("");
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (!scheme) return "ok"; // relative, root-relative, fragment
  const p = scheme[1].toLowerCase();
  if (p === "http" || p === "https") return "external";
  if (p === "mailto") return "ok";
  return "drop";
}

const isHttpUrl = (s: string) => /^https?:\/\/[^\s/]+/i.test(s.trim());

/** Attribute text we generate or copy: no angle brackets (harmless when quoted, but never wanted). */
const attrText = (s: string) => s.replace(/[<>]/g, "").replace(/\s+/g, " ").trim();

function figure(src: string, rawAlt: string, first: boolean): Element {
  const alt = attrText(rawAlt);
  const props: Record<string, string> = first
    ? { src, alt, loading: "eager", decoding: "async", fetchPriority: "high" }
    : { src, alt, loading: "lazy", decoding: "async" };
  return h("figure", [h("img", props)]);
}

function rehypeSeoStructure() {
  return (tree: HastRoot, file: FileWithState) => {
    const st = stateOf(file);
    tree.children = tree.children.filter((n) => n.type !== "text" || n.value.trim() !== "");
    const slugger = new GithubSlugger();
    st.headings = [];

    // Heading ids (outside the footnotes section), links, inline images, table alignment.
    let lastHeading = st.title;
    const walk = (node: HastRoot | Element, inFootnotes: boolean) => {
      const kids = node.children as ElementContent[];
      for (let i = 0; i < kids.length; i++) {
        const n = kids[i];
        if (n.type !== "element") continue;
        const footnotes = inFootnotes || (n.tagName === "section" && n.properties.dataFootnotes !== undefined);
        if (HEADING_TAGS.includes(n.tagName) && !footnotes) {
          const text = hastToString(n).trim();
          const id = slugger.slug(text || "section");
          n.properties = { id };
          st.headings.push({ level: Number(n.tagName[1]), text, id });
          lastHeading = text;
        } else if (n.tagName === "a") {
          const href = typeof n.properties.href === "string" ? n.properties.href : "";
          const kind = href ? safeHref(href) : "drop";
          if (kind === "drop") delete n.properties.href;
          if (kind === "external") n.properties.rel = ["noopener"];
          if (typeof n.properties.title === "string") n.properties.title = attrText(n.properties.title);
        } else if (n.tagName === "img") {
          const src = typeof n.properties.src === "string" ? n.properties.src : "";
          if (!isHttpUrl(src)) {
            kids.splice(i, 1);
            i--;
            continue;
          }
          const alt = typeof n.properties.alt === "string" ? attrText(n.properties.alt) : "";
          n.properties = {
            src,
            alt: alt.length >= 3 ? alt : attrText(`Illustration: ${lastHeading}`),
            loading: "lazy",
            decoding: "async",
            ...(typeof n.properties.title === "string" ? { title: attrText(n.properties.title) } : {}),
          };
        } else if (["table", "thead", "tbody", "tfoot", "tr"].includes(n.tagName)) {
          n.children = n.children.filter((c) => c.type !== "text" || c.value.trim() !== "");
        } else if (n.tagName === "td" || n.tagName === "th") {
          delete n.properties.align;
        } else if (n.tagName === "input") {
          kids.splice(i, 1);
          i--;
          continue;
        }
        walk(n, footnotes);
      }
    };
    walk(tree, false);
    // paragraphs emptied by removed images
    tree.children = tree.children.filter(
      (n) => !(isEl(n, "p") && n.children.every((c) => c.type === "text" && c.value.trim() === "")),
    );

    const top = tree.children;
    const h2Index = () => top.map((n, i) => (isEl(n, "h2") ? i : -1)).filter((i) => i >= 0);
    const footIdx = top.findIndex((n) => isEl(n, "section"));
    const end = footIdx >= 0 ? footIdx : top.length;
    const h2s = h2Index();
    const [firstImage, ...rest] = st.imageUrls;

    // remaining images: spread before the 2nd, 3rd, … H2 (or at the end when there are none)
    const inserts: { at: number; node: Element }[] = [];
    const slots = h2s.slice(1);
    rest.forEach((src, j) => {
      if (slots.length === 0) {
        inserts.push({ at: end, node: figure(src, `Illustration: ${st.title}`, false) });
        return;
      }
      const at = slots[Math.floor((j * slots.length) / rest.length)];
      inserts.push({ at, node: figure(src, `Illustration: ${hastToString(top[at] as Element).trim()}`, false) });
    });
    // stable: insert from the back, keeping the images' order at the same slot
    for (let k = inserts.length - 1; k >= 0; k--) top.splice(inserts[k].at, 0, inserts[k].node);

    const introEnd = h2s.length > 0 ? h2s[0] : Math.min(1, end);
    const lead: Element[] = [];
    if (firstImage) lead.push(figure(firstImage, `Illustration: ${st.title}`, true));
    const tocHeadings = st.headings.filter((x) => x.level <= 3);
    if (st.bodyWords > TOC_MIN_WORDS && tocHeadings.filter((x) => x.level === 2).length >= 2) {
      lead.push(tableOfContents(tocHeadings));
    }
    top.splice(introEnd, 0, ...lead);
  };
}

function tableOfContents(headings: { level: number; text: string; id: string }[]): Element {
  const items: Element[] = [];
  let current: Element | undefined;
  for (const x of headings) {
    const link = h("a", { href: `#${x.id}` }, x.text);
    if (x.level === 2 || !current) {
      current = h("li", [link]);
      items.push(current);
    } else {
      let sub = current.children.find((c) => isEl(c, "ol")) as Element | undefined;
      if (!sub) {
        sub = h("ol");
        current.children.push(sub);
      }
      sub.children.push(h("li", [link]));
    }
  }
  return h("nav", { ariaLabel: "Table of contents" }, [h("p", [h("strong", "Table of contents")]), h("ol", items)]);
}

// -------------------------------------------------------------------------------------------------
// sanitising: only what the steps above emit

export const SEO_SANITIZE_SCHEMA: SanitizeSchema = {
  strip: ["script", "style", "template", "iframe", "object", "embed", "noscript", "textarea", "select", "svg", "math"],
  clobberPrefix: "",
  clobber: [],
  allowComments: false,
  allowDoctypes: false,
  ancestors: {
    li: ["ol", "ul"],
    tbody: ["table"],
    thead: ["table"],
    tfoot: ["table"],
    tr: ["table"],
    td: ["table"],
    th: ["table"],
  },
  protocols: { href: ["http", "https", "mailto"], src: ["http", "https"] },
  tagNames: [
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "a",
    "strong",
    "em",
    "del",
    "code",
    "pre",
    "br",
    "hr",
    "ul",
    "ol",
    "li",
    "blockquote",
    "figure",
    "img",
    "table",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "th",
    "td",
    "nav",
    "section",
    "sup",
  ],
  attributes: {
    a: ["href", "rel", "title", "id", "ariaDescribedBy", "ariaLabel", "dataFootnoteRef", "dataFootnoteBackref"],
    img: ["src", "alt", "title", "loading", "decoding", "fetchPriority"],
    h2: ["id", ["className", "sr-only"]],
    h3: ["id"],
    h4: ["id"],
    h5: ["id"],
    h6: ["id"],
    code: [["className", /^language-[\w-]+$/]],
    ol: ["start"],
    li: ["id"],
    nav: ["ariaLabel"],
    section: [
      ["dataFootnotes", true],
      ["className", "footnotes"],
    ],
  },
  required: {},
};

// -------------------------------------------------------------------------------------------------
// platform serialisation after sanitising

/** WordPress serialises block attributes as JSON with these characters escaped. */
export function blockAttrs(attrs?: Record<string, unknown>): string {
  if (!attrs || Object.keys(attrs).length === 0) return "";
  const json = JSON.stringify(attrs)
    .replace(/--/g, "\\u002d\\u002d")
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\\"/g, "\\u0022");
  return ` ${json}`;
}

const nl = (): HastRootContent => ({ type: "text", value: "\n" });

function block(name: string, el: ElementContent, attrs?: Record<string, unknown>): HastRootContent[] {
  return [
    { type: "comment", value: ` wp:${name}${blockAttrs(attrs)} ` },
    nl(),
    el,
    nl(),
    { type: "comment", value: ` /wp:${name} ` },
  ];
}

function joinBlocks(parts: HastRootContent[][]): HastRootContent[] {
  const out: HastRootContent[] = [];
  parts.forEach((p, i) => {
    if (i > 0) out.push({ type: "text", value: "\n\n" });
    out.push(...p);
  });
  return out;
}

function listBlock(list: Element): HastRootContent[] {
  const attrs: Record<string, unknown> = {};
  if (list.tagName === "ol") attrs.ordered = true;
  if (list.tagName === "ol" && typeof list.properties.start === "number" && list.properties.start !== 1) {
    attrs.start = list.properties.start;
  }
  const items = list.children.filter((c): c is Element => isEl(c, "li"));
  const inner: HastRootContent[][] = items.map((li) => {
    const content: ElementContent[] = [];
    for (const c of li.children) {
      if (c.type === "element" && (c.tagName === "ul" || c.tagName === "ol")) {
        content.push(...(listBlock(c) as ElementContent[]));
      } else if (c.type === "element" && c.tagName === "p") {
        if (content.some((x) => x.type === "element" || (x.type === "text" && x.value.trim()))) {
          content.push(h("br"));
        }
        content.push(...c.children);
      } else if (c.type === "text" && c.value.trim() === "") {
        // whitespace between block children
      } else {
        content.push(c);
      }
    }
    return block("list-item", { ...li, children: content });
  });
  const el: Element = {
    ...list,
    properties: { ...list.properties, className: ["wp-block-list"] },
    children: joinBlocks(inner) as ElementContent[],
  };
  return block("list", el, attrs);
}

function toBlocks(nodes: (HastRootContent | ElementContent)[]): HastRootContent[][] {
  const out: HastRootContent[][] = [];
  for (const n of nodes) {
    if (n.type !== "element") continue;
    const tag = n.tagName;
    if (HEADING_TAGS.includes(tag) && n.properties.className === undefined) {
      const level = Number(tag[1]);
      n.properties = { ...n.properties, className: ["wp-block-heading"] };
      out.push(block("heading", n, level === 2 ? undefined : { level }));
    } else if (tag === "p") {
      out.push(block("paragraph", n));
    } else if (tag === "ul" || tag === "ol") {
      out.push(listBlock(n));
    } else if (tag === "figure" && n.children.some((c) => isEl(c, "img"))) {
      n.properties = { className: ["wp-block-image"] };
      for (const img of n.children) {
        // core/image saves only src and alt (+ class/size); WordPress adds loading, decoding and
        // fetchpriority when it renders the post, so extra attributes would make the block invalid.
        if (isEl(img, "img")) img.properties = { src: img.properties.src, alt: img.properties.alt };
      }
      out.push(block("image", n));
    } else if (tag === "table") {
      n.properties = { className: ["has-fixed-layout"] };
      out.push(block("table", h("figure", { className: ["wp-block-table"] }, [n]), { hasFixedLayout: true }));
    } else if (tag === "blockquote") {
      const inner = joinBlocks(toBlocks(n.children));
      out.push(
        block("quote", { ...n, properties: { className: ["wp-block-quote"] }, children: inner as ElementContent[] }),
      );
    } else if (tag === "pre") {
      for (const c of n.children) if (isEl(c, "code")) c.properties = {};
      n.properties = { className: ["wp-block-code"] };
      out.push(block("code", n));
    } else if (tag === "hr") {
      n.properties = { className: ["wp-block-separator", "has-alpha-channel-opacity"] };
      out.push(block("separator", n));
    } else {
      out.push(block("html", n));
    }
  }
  return out;
}

function rehypeWordPressBlocks() {
  return (tree: HastRoot, file: FileWithState) => {
    const st = stateOf(file);
    const parts = toBlocks(tree.children);
    const jsonLd = st.jsonLdJson();
    if (jsonLd.length > 0) {
      const scripts: HastRootContent[] = [];
      jsonLd.forEach((json, i) => {
        if (i > 0) scripts.push(nl());
        scripts.push(h("script", { type: "application/ld+json" }, json));
      });
      parts.push([
        { type: "comment", value: " wp:html " },
        nl(),
        ...scripts,
        nl(),
        { type: "comment", value: " /wp:html " },
      ]);
    }
    tree.children = joinBlocks(parts);
  };
}

function rehypeShopifyBody() {
  return (tree: HastRoot) => {
    const kids = tree.children.filter((n) => n.type === "element");
    tree.children = kids.flatMap((n, i) => (i > 0 ? [nl(), n] : [n]));
  };
}

// -------------------------------------------------------------------------------------------------

// The tree comes from gfmTree (remark-parse + remark-gfm within the markdown budgets).
const base = () =>
  unified().use(remarkSeoPrepare).use(remarkRehype).use(rehypeSeoStructure).use(rehypeSanitize, SEO_SANITIZE_SCHEMA);

const processors = {
  wordpress: base().use(rehypeWordPressBlocks).use(rehypeStringify).freeze(),
  shopify: base().use(rehypeShopifyBody).use(rehypeStringify).freeze(),
};

const today = () => new Date().toISOString().slice(0, 10);

export function produceSeoHtml(input: ProduceSeoHtmlInput): SeoResult {
  assertMarkdownShape(input.markdown);
  let markdown = input.markdown;
  let revisedText: string | undefined;
  const notes: string[] = [];
  if (input.revise) {
    const r = reviseForSeo({ markdown, title: input.title, keyphrase: input.keyphrase });
    revisedText = r.revisedText;
    markdown = r.revisedText;
  }
  const imageUrls = input.imageUrls ?? [];
  const state: Partial<SeoState> = {
    platform: input.platform,
    imageUrls,
    titleArg: input.title,
    contentStems: contentStemsOnce(),
  };

  // The WordPress step embeds the JSON-LD, which needs the title/intro found by the remark step:
  // it asks for the meta through this callback, computed once from the state.
  const st = state as SeoState;
  let meta: ReturnType<typeof computeMeta> | undefined;
  const metaOf = () => {
    meta ??= computeMeta(st, input);
    return meta;
  };
  st.jsonLdJson = () => metaOf().jsonLd.map((o) => jsonForScript(o));
  const file = { value: markdown, data: { seo: state } as Record<string, unknown> };
  const processor = processors[input.platform];
  const hast = processor.runSync(gfmTree(markdown), file);
  const optimizedHtml = String(processor.stringify(hast as HastRoot, file)).trim();
  const m = metaOf();
  if (!input.keyphrase) notes.push(`Keyphrase inferred from the title: "${m.keyphrase}".`);

  const report = analyzeSeo({
    draft: st.draft,
    title: m.metaTitle,
    keyphrase: m.keyphrase,
    metaDescription: m.metaDescription,
    slug: m.slug,
    html: hast as HastRoot,
  });

  if (input.platform === "wordpress") {
    notes.push(
      "Paste the HTML into the block editor's Code editor (or a Custom HTML block, then 'Convert to blocks'): it is core block markup.",
      "Put the meta title and meta description in your SEO plugin's fields (Yoast SEO / Rank Math) and the slug in the post's URL field.",
      "Images carry only src and alt so that they stay valid core/image blocks; WordPress adds loading, decoding and fetchpriority when it renders the post.",
      "The JSON-LD sits in a Custom HTML block at the end; WordPress keeps it only for users allowed to post unfiltered HTML (administrators and editors on single sites).",
    );
  } else {
    notes.push(
      "Paste the HTML into the article's body (Show HTML) or send it as body_html / body through the Admin API.",
      "Put the meta title and meta description in the article's SEO fields (the metafields global.title_tag and global.description_tag) and the slug in the handle.",
      "Shopify strips <script> from article bodies: add the JSON-LD (meta.jsonLdScript) through the theme's article template or a metafield.",
    );
  }
  if (imageUrls.length > 0)
    notes.push("Add width and height to the images once their sizes are known (layout stability).");

  return { optimizedHtml, platform: input.platform, revisedText, meta: m, report, notes };
}

function computeMeta(st: SeoState, input: ProduceSeoHtmlInput) {
  const keyphrase = input.keyphrase?.trim() || keyphraseFromStems(st.title, st.bodyParts.flatMap(st.contentStems));
  const metaTitle = buildMetaTitle(st.title);
  const metaDescription = buildMetaDescription(st.intro, st.bodyText, keyphrase);
  const slug = buildSlug(st.title, keyphrase);
  const jsonLd = buildJsonLd({
    headline: st.title,
    description: metaDescription,
    datePublished: input.datePublished ?? today(),
    image: st.imageUrls[0],
    author: input.author,
    keyphrase,
    wordCount: st.bodyWords,
    faq: st.faq,
  });
  return { metaTitle, metaDescription, slug, keyphrase, jsonLd, jsonLdScript: jsonLdScript(jsonLd) };
}
