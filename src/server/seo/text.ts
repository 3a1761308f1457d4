// Text helpers shared by the SEO HTML pipeline, the report and the offline reviser:
// markdown → analysable blocks, words, sentences, syllables, stop words, keyphrase matching.
import type { Heading, Root, RootContent } from "mdast";
import { toString as mdToString } from "mdast-util-to-string";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { type Processor, unified } from "unified";
import { assertMarkdownShape, fitsInlineBudgets, remarkInlineBudget } from "./markdown-budget";

export const STOP_WORDS = new Set(
  (
    "a an the and or but nor so yet for of in on at to from by with without within into onto over under about " +
    "above below after before between through during up down out off as than then that this these those there " +
    "here is are was were be been being am do does did done has have had having will would shall should can " +
    "could may might must it its it's i me my we our us you your yours he him his she her they them their " +
    "what which who whom whose when where why how all any both each few more most other some such no not only " +
    "own same too very just also if because while until again further once s t vs via per get gets got " +
    "ever every one ones new"
  ).split(/\s+/),
);

const WORD_RE = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

export function words(text: string): string[] {
  return text.match(WORD_RE) ?? [];
}

/**
 * A pure function of a word, remembered: a post has a few thousand words, a tenth of them distinct.
 * The memory is dropped when it holds `max` words, so it stays bounded over any number of texts.
 */
function remember<T>(fn: (word: string) => T, max = 20_000): (word: string) => T {
  const memo = new Map<string, T>();
  return (word) => {
    let v = memo.get(word);
    if (v === undefined) {
      if (memo.size >= max) memo.clear();
      v = fn(word);
      memo.set(word, v);
    }
    return v;
  };
}

/** Crude English stem: enough to match "bakery"/"bakeries", "post"/"posting"/"posted". */
export const stem = remember(stemOf);

function stemOf(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/, "");
  if (w.length <= 3) return w;
  if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("es") && /(?:ch|sh|x|z|ss)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is")) w = w.slice(0, -1);
  if (w.endsWith("ing") && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith("ed") && w.length > 4) w = w.slice(0, -2);
  return w;
}

export function contentWords(text: string): string[] {
  return words(text.toLowerCase()).filter((w) => !STOP_WORDS.has(w));
}

/**
 * `contentWords(text).map(stem)` for the texts of one request, each text read once (keyphrase
 * inference reads the body's paragraphs). A word never spans white space, so the stems of texts
 * joined by white space are theirs one after the other.
 */
export function contentStemsOnce(): (text: string) => readonly string[] {
  const read = new Map<string, readonly string[]>();
  return (text) => {
    let stems = read.get(text);
    if (!stems) {
      stems = contentWords(text).map(stem);
      read.set(text, stems);
    }
    return stems;
  };
}

/** True when every content word of the keyphrase occurs (stemmed, any order) in the text. */
export function containsKeyphrase(text: string, keyphrase: string): boolean {
  const kp = contentWords(keyphrase).map(stem);
  if (kp.length === 0) return false;
  const have = new Set(words(text.toLowerCase()).map(stem));
  return kp.every((w) => have.has(w));
}

/**
 * Occurrences of the keyphrase's content words in sequence (stop words between them ignored), in a
 * text given as the stems of its content words (`contentWords(text).map(stem)`, computed once).
 */
export function countKeyphraseIn(stems: readonly string[], keyphrase: string): number {
  const kp = contentWords(keyphrase).map(stem);
  if (kp.length === 0) return 0;
  let n = 0;
  for (let i = 0; i + kp.length <= stems.length; i++) {
    let hit = true;
    for (let j = 0; j < kp.length; j++) {
      if (stems[i + j] !== kp[j]) {
        hit = false;
        break;
      }
    }
    if (hit) {
      n++;
      i += kp.length - 1;
    }
  }
  return n;
}

/** Syllables in an English word (heuristic, the usual vowel-group count with silent-e fixes). */
export const syllables = remember(syllablesOf);

function syllablesOf(word: string): number {
  let w = word.toLowerCase().replace(/[^a-z]/g, "");
  if (!w) return 0;
  if (w.length <= 3) return 1;
  // silent endings: "makes", "baked", "bake" (but "table", "wanted" keep a syllable)
  if (!/[^aeiouy]le$/.test(w)) w = w.replace(/(?:[^laeiouy]es|[^laeiouytd]ed|[^laeiouy]e)$/, (m) => m[0]);
  w = w.replace(/^y/, "");
  const groups = w.match(/[aeiouy]+/g);
  return Math.max(1, groups ? groups.length : 0);
}

export function slugify(text: string, maxLength = 75): string {
  const base = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return cutAtHyphen(base, maxLength);
}

export function cutAtHyphen(slug: string, maxLength: number): string {
  if (slug.length <= maxLength) return slug;
  const cut = slug.slice(0, maxLength + 1);
  const at = cut.lastIndexOf("-");
  return (at > 0 ? cut.slice(0, at) : slug.slice(0, maxLength)).replace(/-+$/g, "");
}

/** Cut at a word boundary so the result is at most `max` characters. */
export function cutAtWord(text: string, max: number): string {
  const t = text.replace(/\s+/g, " ").trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max + 1);
  const at = cut.lastIndexOf(" ");
  return (at > 0 ? cut.slice(0, at) : t.slice(0, max)).replace(/[\s,;:–—-]+$/u, "");
}

// ---------------------------------------------------------------------------------------------
// Markdown → blocks for analysis

export type TextBlock =
  | { kind: "heading"; depth: number; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "list-item"; text: string }
  | { kind: "other"; text: string };

export interface ParsedDraft {
  /** The first H1 (or first heading when there is no H1) when it opens the draft. */
  titleHeading?: string;
  blocks: TextBlock[];
  images: { alt: string; src: string }[];
  links: string[];
}

/**
 * Which GFM autolink literals ("www.a.com", "https://a.com", "a@b.com" in running text) a text
 * could hold: "all" as remark-gfm reads them, "urls" without e-mail literals, "none" without any.
 */
type Literals = "all" | "urls" | "none";

// micromark-extension-gfm-autolink-literal's text constructs, by their names.
const LITERAL_CONSTRUCTS: Record<Exclude<Literals, "all">, ReadonlySet<string>> = {
  urls: new Set(["emailAutolink"]),
  none: new Set(["emailAutolink", "wwwAutolink", "protocolAutolink"]),
};

interface SyntaxExtension {
  text?: Record<number, { name?: string } | { name?: string }[]>;
  [hook: string]: unknown;
}
interface FromMarkdownExtension {
  enter?: Record<string, unknown>;
  transforms?: unknown[];
  [key: string]: unknown;
}

/**
 * remark plugin, after remark-gfm: leaves out the autolink literals a text cannot hold. The e-mail
 * literal is tried at every word start (each try reads the word and looks back over the run for
 * an open "["), a fifth of a parse; the literals' mdast transform searches every text node again.
 *
 * A literal construct only ever matches source text holding "@" (e-mail), "www." or "http" (any
 * case); where it fails the parser reads the characters as text, and adjacent text is merged, so
 * the tree without it is the same. The transform reads decoded text, where a character reference
 * ("&#64;") may bring those characters in: it is left out only for "none" (see literalsOf).
 */
function remarkWithoutLiterals(this: Processor, literals: Exclude<Literals, "all">) {
  const data = this.data() as { micromarkExtensions?: unknown[]; fromMarkdownExtensions?: unknown[] };
  const drop = LITERAL_CONSTRUCTS[literals];
  const withoutConstructs = (ext: SyntaxExtension): SyntaxExtension => {
    if (!ext.text) return ext;
    const text: NonNullable<SyntaxExtension["text"]> = {};
    for (const [code, list] of Object.entries(ext.text)) {
      const kept = (Array.isArray(list) ? list : [list]).filter((c) => !drop.has(c.name ?? ""));
      if (kept.length > 0) text[Number(code)] = kept;
    }
    return { ...ext, text };
  };
  data.micromarkExtensions = (data.micromarkExtensions ?? []).map((ext) => withoutConstructs(ext as SyntaxExtension));
  if (literals !== "none") return;
  // mdast-util-gfm-autolink-literal's extension is the one entering "literalAutolink" tokens.
  const withoutTransform = (ext: unknown): unknown =>
    Array.isArray(ext)
      ? ext.map(withoutTransform)
      : (ext as FromMarkdownExtension).enter && "literalAutolink" in ((ext as FromMarkdownExtension).enter ?? {})
        ? { ...(ext as FromMarkdownExtension), transforms: [] }
        : ext;
  data.fromMarkdownExtensions = (data.fromMarkdownExtensions ?? []).map(withoutTransform);
}

/** The literals the markdown source could hold (see remarkWithoutLiterals). */
function literalsOf(markdown: string): Literals {
  const urls = /www\.|http/i.test(markdown);
  if (markdown.includes("@")) return "all";
  // A character reference decodes to any character: the transform then still runs.
  if (urls || /&(?:#|[a-z\d]+;)/i.test(markdown)) return "urls";
  return "none";
}

/** The source gfmTree is parsing now (a parse is synchronous); "" outside gfmTree. */
let parsing = "";

/**
 * What each literal construct must find in the source where it is tried, or it fails: an e-mail
 * literal reads address characters up to an "@", the others open with "www." or "http(s):".
 */
const LITERAL_AHEAD: Record<string, RegExp> = {
  emailAutolink: /[\dA-Za-z+\-._]*@/y,
  wwwAutolink: /www\./iy,
  protocolAutolink: /https?:/iy,
};

interface Construct {
  name?: string;
  /** Whether the construct may start after this character (micromark's text tokenizer asks first). */
  previous?: (this: { now(): { offset: number } }, code: unknown) => boolean;
  tokenize: (
    this: { now(): { offset: number } },
    effects: unknown,
    ok: unknown,
    nok: (code: unknown) => unknown,
  ) => (code: unknown) => unknown;
}

/**
 * The literal construct, failing at once where the source ahead cannot start its literal. It is
 * tried at every word start (the e-mail one at every letter, digit and "+-._" after a break), and
 * each try first looks back over the paragraph's events for an open "["; most words end long before
 * an "@". Where the source ahead could hold one it is the construct itself, so the tree is the same.
 *
 * The check runs where micromark's text tokenizer asks whether the construct may start here (its
 * `previous`), so a word that cannot start one does not even end the run of plain text: an attempt
 * (the tokenizer's state saved, the construct entered, the state restored) costs more than the
 * check. The tokenizer is checked too, for the attempts another construct at the same character
 * starts.
 */
function guarded(construct: Construct): Construct {
  const ahead = LITERAL_AHEAD[construct.name ?? ""];
  const previous = construct.previous;
  if (!ahead) return construct;
  return {
    ...construct,
    ...(previous && {
      previous(code) {
        if (!previous.call(this, code)) return false;
        if (!parsing) return true;
        ahead.lastIndex = this.now().offset;
        return ahead.test(parsing);
      },
    }),
    tokenize(effects, ok, nok) {
      const from = this.now().offset;
      if (parsing) {
        ahead.lastIndex = from;
        if (!ahead.test(parsing)) return nok;
      }
      return construct.tokenize.call(this, effects, ok, nok);
    },
  };
}

/** remark plugin, after remark-gfm: the autolink literal constructs kept, each guarded. */
function remarkGuardedLiterals(this: Processor) {
  const data = this.data() as { micromarkExtensions?: unknown[] };
  data.micromarkExtensions = (data.micromarkExtensions ?? []).map((ext) => {
    const text = (ext as SyntaxExtension).text;
    if (!text) return ext;
    const guardedText: NonNullable<SyntaxExtension["text"]> = {};
    for (const [code, list] of Object.entries(text))
      guardedText[Number(code)] = Array.isArray(list)
        ? list.map((c) => guarded(c as Construct))
        : guarded(list as Construct);
    return { ...(ext as SyntaxExtension), text: guardedText };
  });
}

const parsers = new Map<string, Processor>();

function parserFor(budgets: boolean, literals: Literals): Processor {
  const key = `${budgets}:${literals}`;
  let parser = parsers.get(key);
  if (!parser) {
    const p = unified()
      .use(remarkParse)
      .use(remarkGfm)
      .use(remarkInlineBudget, budgets ? {} : { constructs: false });
    if (literals !== "all") p.use(remarkWithoutLiterals, literals);
    p.use(remarkGuardedLiterals);
    parser = p.freeze() as unknown as Processor;
    parsers.set(key, parser);
  }
  return parser;
}

/**
 * The markdown's tree (raw HTML still in it), for a text whose shape was checked
 * (assertMarkdownShape): parsed with the budget constructs only when it could spend a budget,
 * without the autolink literals it cannot hold, and the others tried only where the source ahead
 * could start one.
 */
export function gfmTree(markdown: string): Root {
  const parser = parserFor(!fitsInlineBudgets(markdown), literalsOf(markdown));
  parsing = markdown;
  try {
    return parser.parse(markdown) as Root;
  } finally {
    parsing = "";
  }
}

export function parseMarkdown(markdown: string): Root {
  assertMarkdownShape(markdown);
  const tree = gfmTree(markdown);
  dropHtml(tree);
  return tree;
}

const RAW_TEXT_OPEN = /^<(script|style|iframe|textarea|noscript|template|object|title|xmp|select|svg|math)\b[^>]*>$/i;

/**
 * Raw HTML in the markdown is dropped entirely (never escaped, never rendered). For inline tags whose
 * content is not prose (`<script>…</script>` inside a paragraph), the text between the tags goes too.
 */
export function dropHtml(node: { children?: unknown[] }): void {
  if (!Array.isArray(node.children)) return;
  const kids = node.children as { type: string; value?: string; children?: unknown[] }[];
  const out: typeof kids = [];
  for (let i = 0; i < kids.length; i++) {
    const c = kids[i];
    if (c.type !== "html") {
      out.push(c);
      continue;
    }
    const open = RAW_TEXT_OPEN.exec((c.value ?? "").trim());
    if (open) {
      const close = new RegExp(`^</${open[1]}\\s*>$`, "i");
      const end = kids.findIndex((k, j) => j > i && k.type === "html" && close.test((k.value ?? "").trim()));
      if (end > i) i = end;
    }
  }
  node.children = out;
  for (const c of out) dropHtml(c);
}

export function draftFromMarkdown(markdown: string, opts: { stripTitle?: boolean } = {}): ParsedDraft {
  return draftFromTree(parseMarkdown(markdown), opts);
}

/** The draft's blocks, images and links read from its parsed tree (raw HTML already dropped). */
export function draftFromTree(tree: Root, opts: { stripTitle?: boolean } = {}): ParsedDraft {
  const blocks: TextBlock[] = [];
  const images: { alt: string; src: string }[] = [];
  const links: string[] = [];
  let titleHeading: string | undefined;
  let children = tree.children;
  if (opts.stripTitle !== false) {
    const first = children.findIndex((n) => n.type !== "thematicBreak" && n.type !== "definition");
    const node = children[first];
    if (node && node.type === "heading" && node.depth === 1) {
      titleHeading = mdToString(node).trim();
      children = children.filter((_, i) => i !== first);
    }
  }
  const walk = (n: RootContent): void => {
    switch (n.type) {
      case "heading":
        blocks.push({ kind: "heading", depth: (n as Heading).depth, text: mdToString(n).trim() });
        break;
      case "paragraph":
        blocks.push({ kind: "paragraph", text: mdToString(n).trim() });
        break;
      case "list":
        for (const item of n.children) {
          const own = item.children.filter((c) => c.type !== "list");
          const text = own.map((c) => mdToString(c)).join(" ");
          if (text.trim()) blocks.push({ kind: "list-item", text: text.trim() });
          for (const c of item.children) if (c.type === "list") walk(c);
        }
        break;
      case "blockquote":
        for (const c of n.children) walk(c);
        break;
      case "table":
      case "code":
        blocks.push({ kind: "other", text: mdToString(n) });
        break;
      default:
        break;
    }
  };
  for (const c of children) walk(c);
  const visitAll = (n: { type: string; children?: unknown[]; url?: string; alt?: string | null }): void => {
    if (n.type === "image" && n.url) images.push({ src: n.url, alt: n.alt ?? "" });
    if (n.type === "link" && n.url) links.push(n.url);
    if (Array.isArray(n.children)) for (const c of n.children) visitAll(c as typeof n);
  };
  visitAll(tree);
  return { titleHeading, blocks, images, links };
}
