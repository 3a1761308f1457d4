// Keeps markdown parsing linear in the length of the text.
//
// micromark resolves emphasis (`*` `_` `~`), links and images (`[` `]` `![`) and code spans by
// walking back over everything before each closer, so one paragraph with thousands of markers
// costs their number squared or worse ("**_" × 63,334 took half an hour; "[ a_" × 8,000, 45 s).
// GFM's autolink literals do the same at every word start after an unclosed `[`, and scan forward
// from every "www." / "http" start; each setext heading underline rewrites the whole event list.
//
// remarkInlineBudget gives each inline run (a paragraph, a heading, a table cell) a budget of
// markers and of link starts, and each document a budget of setext underlines: within them the
// markdown means what it always does; past them the characters are plain text. A marker run longer
// than MAX_MARKER_RUN ("*" × 8,000, which would nest 4,000 deep) is plain text too. No real post
// comes near these numbers, and the cost of a run is then at most a budget × its length.
//
// What the parser's block level cannot take — quotes and lists nested thousands deep (every tree
// walker after the parser overflows its stack), or thousands of link definitions (each reference
// is checked against all of them) — markdownShapeProblem refuses before anything parses the text.
import type { Processor } from "unified";

/** Emphasis, link, image and code-span markers per inline run treated as markdown. */
export const INLINE_MARKER_BUDGET = 200;
/** Word starts per inline run where an autolink literal may begin (each looks back for an open `[`). */
export const AUTOLINK_START_BUDGET = 500;
/** "www." and "http" starts per inline run (each scans forward to the end of the would-be link). */
export const URL_START_BUDGET = 20;
/** Setext heading underlines per document. */
export const SETEXT_BUDGET = 100;
/** Longest run of one marker character treated as markdown ("***" is three). */
export const MAX_MARKER_RUN = 8;
/** Quotes and list items nested in one another, at most. */
export const MAX_NESTING = 40;
/** Link reference definitions and footnote definitions, at most. */
export const MAX_DEFINITIONS = 500;
/** Lines, at most: each block (heading, list item, table row) costs far more than its characters. */
export const MAX_LINES = 3000;
/** Table cell separators ("|"), at most: each cell is a node of its own. */
export const MAX_TABLE_PIPES = 5000;

/** The text's shape is beyond what the pipeline accepts; the message says what to change. */
export class MarkdownShapeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MarkdownShapeError";
  }
}

// * _ ~ [ ] ! ` < — the characters whose constructs look back over the run (or scan it forward).
const MARKERS = [42, 95, 126, 91, 93, 33, 96, 60];

// Minimal shapes of micromark's tokenizer (micromark-util-types), enough for these constructs.
type Code = number | null;
type State = (code: Code) => State | undefined;
interface Effects {
  enter(type: string): unknown;
  consume(code: Code): void;
  exit(type: string): unknown;
}
interface TokenizeContext {
  events: unknown[];
  previous: Code;
  parser: { constructs: { disable: { null: string[] } } };
  now(): { line: number };
}
interface Construct {
  name: string;
  tokenize(this: TokenizeContext, effects: Effects, ok: State, nok: State): State;
  previous?: (this: TokenizeContext, code: Code) => boolean;
}

// The inline tokenizer stops a run of text only where some construct's `previous` allows it to
// start. The budgets never start anything of their own: they are tried only where a markdown
// construct could start, so they leave the places where text breaks exactly as they were.
const neverBreaks = () => false;

/** The inline tokenizer's own context: micromark may hand a construct an object derived from it. */
function rootContext(ctx: TokenizeContext): object {
  let c: object = ctx;
  while (!Object.hasOwn(c, "events")) {
    const up = Object.getPrototypeOf(c) as object | null;
    if (!up) return ctx;
    c = up;
  }
  return c;
}

const isAlpha = (c: Code) => c !== null && ((c >= 65 && c <= 90) || (c >= 97 && c <= 122));
const isAlnum = (c: Code) => isAlpha(c) || (c !== null && c >= 48 && c <= 57);
/** micromark-extension-gfm-autolink-literal's atext: letters, digits and + - . _ */
const isAtext = (c: Code) => isAlnum(c) || c === 43 || c === 45 || c === 46 || c === 95;
const isEol = (c: Code) => c === null || c === -5 || c === -4 || c === -3;
const isSpaceOrEol = (c: Code) => isEol(c) || c === -2 || c === -1 || c === 32;
const lower = (c: Code) => (c !== null && c >= 65 && c <= 90 ? c + 32 : c);

/** An e-mail autolink literal may start here: the walk back of previousEmail (gfm-autolink-literal). */
const emailStart = (code: Code, previous: Code) => isAtext(code) && !(previous === 47 || isAtext(previous));
/** previousWww / previousProtocol of gfm-autolink-literal. */
const wwwPrevious = (p: Code) =>
  isSpaceOrEol(p) || p === 40 || p === 42 || p === 95 || p === 91 || p === 93 || p === 126;

/** Counts per inline run; `spend` says whether one more may be treated as markdown. */
function budget(limit: number) {
  const used = new WeakMap<object, number>();
  return (ctx: TokenizeContext) => {
    const key = rootContext(ctx);
    const n = (used.get(key) ?? 0) + 1;
    used.set(key, n);
    return n <= limit;
  };
}

/** Emphasis, link, image, code and HTML markers: a run longer than MAX_MARKER_RUN, or past the budget, is text. */
function markerConstruct(limit: number): Construct {
  const spend = budget(limit);
  return {
    name: "inlineMarkerBudget",
    previous: neverBreaks,
    tokenize(effects, ok, nok) {
      let marker: Code = null;
      let size = 0;
      const inRun: State = (code) => {
        if (code === marker) {
          size++;
          effects.consume(code);
          return inRun;
        }
        if (size <= MAX_MARKER_RUN && spend(this)) return nok(code);
        effects.exit("data");
        return ok(code);
      };
      return (code) => {
        marker = code;
        effects.enter("data");
        return inRun(code);
      };
    },
  };
}

/** Word starts where an e-mail literal may begin: past the budget, the first character is text. */
function emailStartConstruct(limit: number): Construct {
  const spend = budget(limit);
  return {
    name: "autolinkStartBudget",
    previous: neverBreaks,
    tokenize(effects, ok, nok) {
      return (code) => {
        if (!emailStart(code, this.previous) || spend(this)) return nok(code);
        effects.enter("data");
        effects.consume(code);
        effects.exit("data");
        return ok;
      };
    },
  };
}

/** "www." and "http" starts: past the budget, the four characters are text. */
function urlStartConstruct(limit: number): Construct {
  const spend = budget(limit);
  return {
    name: "urlStartBudget",
    previous: neverBreaks,
    tokenize(effects, ok, nok) {
      let expected: number[] = [];
      let at = 0;
      const rest: State = (code) => {
        if (at === expected.length) {
          if (spend(this)) return nok(code);
          effects.exit("data");
          return ok(code);
        }
        if (lower(code) !== expected[at]) return nok(code);
        at++;
        effects.consume(code);
        return rest;
      };
      return (code) => {
        const c = lower(code);
        if (c === 119 && wwwPrevious(this.previous))
          expected = [119, 119, 119, 46]; // www.
        else if (c === 104 && !isAlpha(this.previous))
          expected = [104, 116, 116, 112]; // http
        else return nok(code);
        effects.enter("data");
        return rest(code);
      };
    },
  };
}

/**
 * Lines of only "=" or only "-" (setext underlines, past SETEXT_BUDGET in the document): counted,
 * then setext headings are switched off for the rest of this document.
 */
function setextConstruct(limit: number): Construct {
  // Lines seen per document (the flow may try a line more than once).
  const seen = new WeakMap<object, Set<number>>();
  return {
    name: "setextBudget",
    tokenize(effects, _ok, nok) {
      let marker: Code = null;
      const trailing: State = (code) => {
        if (code === -2 || code === -1 || code === 32) {
          effects.consume(code);
          return trailing;
        }
        if (!isEol(code)) return nok(code);
        const lines = seen.get(this.parser) ?? new Set<number>();
        seen.set(this.parser, lines);
        lines.add(this.now().line);
        if (lines.size > limit && !this.parser.constructs.disable.null.includes("setextUnderline"))
          this.parser.constructs.disable.null.push("setextUnderline");
        return nok(code);
      };
      const inRun: State = (code) => {
        if (code === marker) {
          effects.consume(code);
          return inRun;
        }
        return trailing(code);
      };
      return (code) => {
        marker = code;
        effects.enter("data");
        return inRun(code);
      };
    },
  };
}

// mdast-util-gfm-autolink-literal then finds literal URLs in text with a regex that, refused at
// one "www." / "http" start, tries again from the next: each start reads to the end of its
// white-space-free stretch. Text where one stretch holds more starts than a real URL would
// ("www.a_" × 10,000) is hidden from that transform.
const URL_STARTS = /https?:\/\/|www\./gi;
const MAX_URL_STARTS_PER_STRETCH = 4;
const HIDDEN_TEXT = "budgetHiddenText";

interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
}

function manyUrlStarts(value: string): boolean {
  if (value.length < 64) return false;
  // Most text holds no more URL starts in all than one stretch may: then no stretch can hold more.
  URL_STARTS.lastIndex = 0;
  let starts = 0;
  while (URL_STARTS.exec(value) && starts <= MAX_URL_STARTS_PER_STRETCH) starts++;
  if (starts <= MAX_URL_STARTS_PER_STRETCH) return false;
  for (const stretch of value.split(/[\t\n\r ]+/))
    if ((stretch.match(URL_STARTS)?.length ?? 0) > MAX_URL_STARTS_PER_STRETCH) return true;
  return false;
}

/** Retypes the matching nodes; says whether there was any. */
function retype(tree: MdNode, from: string, to: string, when: (node: MdNode) => boolean): boolean {
  let any = false;
  const stack: MdNode[] = [tree];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.type === from && when(node)) {
      node.type = to;
      any = true;
    }
    for (const child of node.children ?? []) stack.push(child);
  }
  return any;
}

export interface InlineBudgetOptions {
  /**
   * Add the budget constructs to the parser (default true). Without them the parser reads markdown
   * as if no budget were spent, which is what the constructs do for a text that fitsInlineBudgets.
   */
  constructs?: boolean;
}

/** remark plugin: use after remark-gfm, so that the budgets are tried before every other construct. */
export function remarkInlineBudget(this: Processor, options: InlineBudgetOptions = {}) {
  const data = this.data() as { micromarkExtensions?: unknown[]; fromMarkdownExtensions?: unknown[] };
  // from-markdown runs the transforms in the order of its extensions: hide first, restore last.
  data.fromMarkdownExtensions ??= [];
  const transforms = data.fromMarkdownExtensions;
  const hiding = new WeakSet<MdNode>();
  transforms.unshift({
    transforms: [
      (tree: MdNode) => {
        if (retype(tree, "text", HIDDEN_TEXT, (n) => manyUrlStarts(n.value ?? ""))) hiding.add(tree);
      },
    ],
  });
  transforms.push({
    transforms: [
      (tree: MdNode) => {
        if (hiding.delete(tree)) retype(tree, HIDDEN_TEXT, "text", () => true);
      },
    ],
  });
  if (options.constructs === false) return;
  const markers = markerConstruct(INLINE_MARKER_BUDGET);
  const emails = emailStartConstruct(AUTOLINK_START_BUDGET);
  const urls = urlStartConstruct(URL_START_BUDGET);
  const setext = setextConstruct(SETEXT_BUDGET);
  const text: Record<number, Construct[]> = {};
  const add = (code: number, construct: Construct) => {
    text[code] ??= [];
    text[code].push(construct);
  };
  for (const code of MARKERS) add(code, markers);
  for (let code = 0; code < 128; code++) if (isAtext(code)) add(code, emails);
  for (const code of [72, 104, 87, 119]) add(code, urls);
  data.micromarkExtensions ??= [];
  data.micromarkExtensions.push({ text, flow: { 45: [setext], 61: [setext] } });
}

const IS_MARKER = new Set(MARKERS);
const WWW = [119, 119, 119, 46];
const HTTP = [104, 116, 116, 112];

/** "www." or "http" (any case) starts at `i`. */
function urlStartAt(text: string, i: number): boolean {
  const first = lower(text.charCodeAt(i));
  const expected = first === 119 ? WWW : first === 104 ? HTTP : undefined;
  if (!expected) return false;
  for (let k = 1; k < 4; k++) if (lower(text.charCodeAt(i + k)) !== expected[k]) return false;
  return true;
}
const isBlankChar = (c: number) => c === 32 || c === 9;

/**
 * True when no budget can be spent on this text, so the budget constructs would decline everywhere
 * and the parser may go without them (trying the e-mail start budget at every word costs a fifth
 * of a parse). One pass, with counts that are upper bounds of what the constructs count:
 * - an inline run never crosses a blank line, so each stretch between blank lines is counted as
 *   one run (markers, e-mail starts, "www." / "http" starts);
 * - an e-mail start counts where the source's previous character is not atext nor "/" (at an
 *   inline run's start the tokenizer's previous is a line ending or none; the source's there is a
 *   line ending, white space or a container's marker, none of them atext);
 * - a setext underline counts on every line ending in "-" or "=" (then spaces or tabs), and no
 *   run of one marker may be longer than MAX_MARKER_RUN.
 */
export function fitsInlineBudgets(markdown: string): boolean {
  let markers = 0;
  let emailStarts = 0;
  let urlStarts = 0;
  let setextLines = 0;
  let run = 0;
  let runMarker = -1;
  let previous = 10;
  let lineBlank = true;
  let lineLast = 10;
  const n = markdown.length;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? markdown.charCodeAt(i) : 10;
    if (c === 10 || c === 13) {
      if (c === 13 && i + 1 < n && markdown.charCodeAt(i + 1) === 10) i++; // CRLF: one line ending
      if ((lineLast === 45 || lineLast === 61) && ++setextLines > SETEXT_BUDGET) return false;
      if (lineBlank) {
        markers = 0;
        emailStarts = 0;
        urlStarts = 0;
      }
      lineBlank = true;
      lineLast = 10;
      previous = 10;
      runMarker = -1;
      continue;
    }
    if (!isBlankChar(c)) {
      lineBlank = false;
      lineLast = c;
    }
    if (IS_MARKER.has(c)) {
      run = c === runMarker ? run + 1 : 1;
      runMarker = c;
      if (run > MAX_MARKER_RUN || ++markers > INLINE_MARKER_BUDGET) return false;
    } else runMarker = -1;
    if (emailStart(c, previous) && ++emailStarts > AUTOLINK_START_BUDGET) return false;
    if (urlStartAt(markdown, i) && ++urlStarts > URL_START_BUDGET) return false;
    previous = c;
  }
  return true;
}

const CONTAINER_PREFIX = /^(?:[ \t]*(?:>|[-*+](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$)))+/;
const DEFINITION = /^[ \t>*+\-\d.)]*\[[^\]\n]{0,999}\]:/gm;

/** Columns of leading white space (a tab reaches the next multiple of 4). */
function indentColumns(line: string): number {
  let col = 0;
  for (const ch of line) {
    if (ch === " ") col++;
    else if (ch === "\t") col += 4 - (col % 4);
    else break;
  }
  return col;
}

/**
 * Why this markdown's shape is beyond what a post needs (and what the parser can take in linear
 * time), or null when it is fine. Counts are upper bounds found line by line, in linear time.
 */
export function markdownShapeProblem(markdown: string): string | null {
  const lines = markdown.split("\n");
  if (lines.length > MAX_LINES)
    return `The text has ${lines.length.toLocaleString("en-US")} lines; at most ${MAX_LINES.toLocaleString("en-US")} are accepted. Send one post at a time.`;
  let pipes = 0;
  for (let i = markdown.indexOf("|"); i >= 0; i = markdown.indexOf("|", i + 1)) pipes++;
  if (pipes > MAX_TABLE_PIPES)
    return `The text has ${pipes.toLocaleString("en-US")} table separators ("|"); at most ${MAX_TABLE_PIPES.toLocaleString("en-US")} are accepted. Split large tables.`;
  for (const line of lines) {
    const containers = CONTAINER_PREFIX.exec(line)?.[0];
    if (!containers) continue;
    // Each nested list item sits at least two columns right of its parent.
    const depth = (containers.match(/[>*+\-.)]/g)?.length ?? 0) + Math.floor(indentColumns(line) / 2);
    if (depth > MAX_NESTING)
      return `The text nests quotes or lists more than ${MAX_NESTING} levels deep. Flatten them.`;
  }
  const definitions = markdown.match(DEFINITION)?.length ?? 0;
  if (definitions > MAX_DEFINITIONS)
    return `The text has ${definitions.toLocaleString("en-US")} link or footnote definitions; at most ${MAX_DEFINITIONS} are accepted.`;
  return null;
}

/** Throws MarkdownShapeError with markdownShapeProblem's message. */
export function assertMarkdownShape(markdown: string): void {
  const problem = markdownShapeProblem(markdown);
  if (problem) throw new MarkdownShapeError(problem);
}
