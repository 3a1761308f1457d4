/**
 * The one text module: words, word counts and sentences, for detection, writing and SEO (pure, no
 * dependencies). The sentence splitter is the AI detector's: its features were trained on these
 * splits, so a change here changes detection results (`npm run check:detector` guards it).
 *
 * Drafts arrive as Markdown. Headings, code, tables, HTML and link targets are
 * not prose, so they are never scored or flagged; list items and block quotes
 * are prose and are split like paragraphs. Every sentence keeps its offsets in
 * the original text so `text.slice(start, end) === sentence.text` — the UI
 * highlights by offset and the rewrite step looks flagged sentences up verbatim.
 */

export interface SentenceSpan {
  /** Verbatim slice of the input (may contain inline Markdown such as `[a](b)`). */
  text: string;
  start: number;
  end: number;
  /** The sentence with inline Markdown removed, as the features read it. */
  plain: string;
  /** The sentence is (part of) a list item: a fragment more often than prose. */
  listItem?: boolean;
}

const WORD = /[A-Za-z\u00C0-\u024F]+(?:['’][A-Za-z]+)*|\d+(?:[.,]\d+)*/g;

/** Words and numbers, contractions kept whole ("don't", "3.5"). */
export function tokenizeWords(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** Words of plain text (linear in its length, whatever it holds). */
export function countWords(text: string): number {
  return tokenizeWords(text).length;
}

/**
 * Words of a Markdown draft as the detector counts them (link targets, images and code left out).
 * Its regular expressions backtrack on long runs of brackets: for text already length-limited.
 */
export function countMarkdownWords(text: string): number {
  return tokenizeWords(stripInlineMarkdown(text)).length;
}

/** The first character upper-cased. */
export function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A character (or pair) that stripInlineMarkdown's replacements below can match. */
const INLINE_SYNTAX = /[[`*~<\n]|__|https?:\/\//;

/** Removes inline Markdown that is syntax rather than prose: link targets, images, code spans, emphasis. */
export function stripInlineMarkdown(text: string): string {
  // Most sentences hold none of the syntax below: then only the white space changes.
  if (!INLINE_SYNTAX.test(text)) return text.replace(/\s+/g, " ").trim();
  return text
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, "$1")
    .replace(/<https?:\/\/[^>\s]+>/g, " ")
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/`[^`]*`/g, " ")
    .replace(/(\*\*|__|\*|~~)/g, "")
    .replace(/\n[ \t]*>[ \t]?/g, "\n")
    .replace(/\s+/g, " ")
    .trim();
}

// Abbreviations after which a period does not end a sentence.
const TITLES = new Set(
  "mr mrs ms dr prof st jr sr gen gov sen rep rev capt lt col sgt mt ft hon pres supt messrs mme mlle".split(" "),
);
const ALWAYS_ABBREVIATED = new Set(
  "e.g i.e vs cf approx dept est inc ltd corp co bros etc al jan feb mar apr jun jul aug sep sept oct nov dec".split(
    " ",
  ),
);
// "No. 5", "Fig. 3", "p. 12": abbreviations only when a number follows, otherwise ordinary words ("I said no.").
const BEFORE_NUMBER = new Set("no nos fig figs vol vols p pp ch sec art".split(" "));

const TERMINATORS = ".!?…";
const CLOSERS = "\"'”’)]*_»";
/** One of TERMINATORS, by code (the scan for them reads every character of the text). */
const isTerminator = (c: number) => c === 46 || c === 33 || c === 63 || c === 0x2026;

function isLetter(ch: string): boolean {
  return /\p{L}/u.test(ch);
}

/** Is the "." at `dot` part of an abbreviation or initial rather than the end of a sentence? */
function isAbbreviation(text: string, dot: number, next: string): boolean {
  let begin = dot;
  while (begin > 0 && !/[\s("'“‘[]/.test(text[begin - 1])) begin--;
  const token = text.slice(begin, dot).toLowerCase();
  if (token.length === 0) return false;
  if (TITLES.has(token) || ALWAYS_ABBREVIATED.has(token)) return true;
  if (BEFORE_NUMBER.has(token) && /\d/.test(next)) return true;
  // Initials and dotted acronyms: "J. K. Rowling", "U.S.", "a.m.".
  // Initials ("J. K. Rowling"), but not the pronoun in "So did I. Then…".
  const original = text[dot - 1];
  if (token.length === 1 && token !== "i" && isLetter(original) && original !== original.toLowerCase()) return true;
  // Dotted acronyms: "U.S.", "a.m.", "Ph.D." (rarely sentence-final in drafts, often mid-sentence).
  return /^(?:\p{L}{1,2}\.)+\p{L}{1,2}$/u.test(token);
}

/** At most this many words, on one line with no sentence-ending punctuation, make a plain-text heading. */
const HEADING_MAX_WORDS = 15;

/**
 * A paragraph of one short line that never ends a sentence ("Unlocking the Secrets of Tetraquarks",
 * "3 stars", "Dear members of the council,") is a title, a salutation or a label, not prose: it is not
 * scored, like a Markdown heading.
 */
function isPlainHeading(block: string): boolean {
  return !block.includes("\n") && !/[.!?…]/.test(block) && tokenizeWords(block).length <= HEADING_MAX_WORDS;
}

/**
 * Splits one prose block [from, to) of `text` into sentence spans. With a `limit`, stops once `out`
 * holds that many and returns where to go on (splitting from there gives the rest); else `to`.
 */
function splitBlock(
  text: string,
  from: number,
  to: number,
  out: SentenceSpan[],
  listItem = false,
  /** Keep every piece with a letter or digit (text that is rewritten must not lose any). */
  keepAll = false,
  limit = Number.POSITIVE_INFINITY,
): number {
  let sentenceStart = from;
  let i = from;
  while (i < to) {
    if (!isTerminator(text.charCodeAt(i))) {
      i++;
      continue;
    }
    let end = i;
    while (end < to && TERMINATORS.includes(text[end])) end++;
    while (end < to && CLOSERS.includes(text[end])) end++;
    // A terminator must be followed by whitespace (or the block end): "3.5", "example.com" stay whole.
    if (end < to && !/\s/.test(text[end])) {
      i = end;
      continue;
    }
    let next = end;
    while (next < to && /\s/.test(text[next])) next++;
    const nextChar = next < to ? text[next] : "";
    const singleDot = end - i >= 1 && text[i] === "." && (end === i + 1 || !TERMINATORS.includes(text[i + 1]));
    const lowerNext = isLetter(nextChar) && nextChar === nextChar.toLowerCase() && nextChar !== nextChar.toUpperCase();
    const continues =
      nextChar !== "" &&
      // A lower-case word after "?", "!" or "..." continues: '"Really?" she asked', "wait... and then". After a
      // single full stop it does only when the stop ends an abbreviation ("e.g. this"): writers who never
      // capitalise ("it was bad. the end was worse.") still get their sentences.
      ((lowerNext && !singleDot) || (singleDot && isAbbreviation(text, i, nextChar)));
    if (!continues) {
      pushSentence(text, sentenceStart, end, out, listItem, keepAll);
      sentenceStart = next;
      // text[end, next) is white space: going on from `next` is going on from `end`
      if (out.length >= limit) return next;
    }
    i = end;
  }
  pushSentence(text, sentenceStart, to, out, listItem, keepAll);
  return to;
}

const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

function pushSentence(
  text: string,
  start: number,
  end: number,
  out: SentenceSpan[],
  listItem: boolean,
  keepAll: boolean,
): void {
  while (start < end && /\s/.test(text[start])) start++;
  while (end > start && /\s/.test(text[end - 1])) end--;
  if (end <= start) return;
  const raw = text.slice(start, end);
  if (keepAll) {
    // Text to rewrite (blockSentences): only the piece itself matters.
    if (HAS_LETTER_OR_DIGIT.test(raw)) out.push({ text: raw, start, end, plain: raw });
    return;
  }
  const plain = stripInlineMarkdown(raw);
  // Lone numbers, stray symbols or a bare link are not sentences to judge.
  if (!/\p{L}{2,}/u.test(plain)) return;
  out.push(listItem ? { text: raw, start, end, plain, listItem } : { text: raw, start, end, plain });
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const ATX_HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;
const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const TABLE_ROW = /^\s*\|/;
const HTML_LINE = /^\s*<\/?[A-Za-z!?]/;
const LIST_ITEM = /^(\s*)(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?/;
const BLOCK_QUOTE = /^ {0,3}>[ \t]?/;
const INDENTED_CODE = /^(?: {4}|\t)/;

/**
 * Sentences of one block of prose (a paragraph or a list item), in order, white space folded: the
 * detector's boundaries, but no piece with a letter or digit is left out (an image, a lone number).
 */
export function blockSentences(block: string): string[] {
  const text = block.replace(/\s+/g, " ").trim();
  const out: SentenceSpan[] = [];
  splitBlock(text, 0, text.length, out, false, true);
  return out.map((s) => s.text);
}

/**
 * The sentences of each block (what blockSentences gives for each) and how many blockSentences finds
 * in the blocks joined by blank lines, from one split of the joined text. Inside a block the two
 * splits agree: a boundary's test reads back only to white space and ahead only to the next
 * non-space, and the blocks are joined by white space. So a block's sentences are the joined
 * text's cut where the block ends (and where it starts), keeping the pieces with a letter or digit.
 */
export function blocksSentences(blocks: readonly string[]): { perBlock: string[][]; joinedCount: number } {
  const texts = blocks.map((b) => b.replace(/\s+/g, " ").trim());
  const perBlock = texts.map((): string[] => []);
  const starts: number[] = [];
  const ends: number[] = [];
  const owner: number[] = [];
  let joined = "";
  texts.forEach((t, k) => {
    if (!t) return;
    if (joined) joined += " ";
    starts.push(joined.length);
    joined += t;
    ends.push(joined.length);
    owner.push(k);
  });
  const spans: SentenceSpan[] = [];
  splitBlock(joined, 0, joined.length, spans, false, true);
  let b = 0;
  for (const span of spans) {
    while (ends[b] <= span.start) b++;
    for (let at = span.start; ; ) {
      const end = Math.min(span.end, ends[b]);
      const piece = at === span.start && end === span.end ? span.text : joined.slice(at, end);
      if (HAS_LETTER_OR_DIGIT.test(piece)) perBlock[owner[b]].push(piece);
      if (end === span.end) break;
      b++;
      at = starts[b];
    }
  }
  return { perBlock, joinedCount: spans.length };
}

/**
 * blockSentences one at a time, split only as far as they are read (a meta description reads the
 * first few sentences of a whole post).
 */
export function* eachBlockSentence(block: string): Generator<string, void, undefined> {
  const text = block.replace(/\s+/g, " ").trim();
  const out: SentenceSpan[] = [];
  for (let from = 0; from < text.length; ) {
    out.length = 0;
    from = splitBlock(text, from, text.length, out, false, true, 1);
    for (const s of out) yield s.text;
  }
}

/**
 * Splits Markdown (or plain text) into prose sentences with offsets into `text`.
 */
export function splitSentences(text: string): SentenceSpan[] {
  const sentences: SentenceSpan[] = [];
  let blockStart = -1;
  let blockEnd = -1;
  let fence: string | null = null;
  let lastWasListItem = false;
  let blockIsListItem = false;
  let previousBlank = true;

  const flush = () => {
    if (blockStart >= 0 && (blockIsListItem || !isPlainHeading(text.slice(blockStart, blockEnd)))) {
      splitBlock(text, blockStart, blockEnd, sentences, blockIsListItem);
    }
    blockStart = -1;
    blockEnd = -1;
  };

  let offset = 0;
  while (offset <= text.length) {
    let lineEnd = text.indexOf("\n", offset);
    if (lineEnd === -1) lineEnd = text.length;
    const line = text.slice(offset, lineEnd);
    const lineStart = offset;
    offset = lineEnd + 1;

    if (fence !== null) {
      const close = FENCE.exec(line);
      if (close && close[1][0] === fence[0] && close[1].length >= fence.length) fence = null;
      continue;
    }
    const open = FENCE.exec(line);
    if (open) {
      flush();
      fence = open[1];
      previousBlank = false;
      continue;
    }
    if (line.trim() === "") {
      flush();
      previousBlank = true;
      continue;
    }
    if (blockStart >= 0 && SETEXT_UNDERLINE.test(line) && !LIST_ITEM.test(line)) {
      // The paragraph above was a setext heading: drop it unscored.
      blockStart = -1;
      blockEnd = -1;
      previousBlank = false;
      continue;
    }
    if (ATX_HEADING.test(line) || THEMATIC_BREAK.test(line) || TABLE_ROW.test(line) || HTML_LINE.test(line)) {
      flush();
      lastWasListItem = false;
      previousBlank = false;
      continue;
    }
    if (blockStart < 0 && previousBlank && !lastWasListItem && INDENTED_CODE.test(line)) {
      previousBlank = false;
      continue;
    }
    previousBlank = false;

    const item = LIST_ITEM.exec(line);
    if (item) {
      // Each list item is its own block: items rarely end with a full stop.
      flush();
      lastWasListItem = true;
      blockIsListItem = true;
      blockStart = lineStart + item[0].length;
      blockEnd = lineEnd;
      continue;
    }
    const quote = BLOCK_QUOTE.exec(line);
    const contentStart = lineStart + (quote ? quote[0].length : 0);
    if (blockStart < 0) {
      lastWasListItem = false;
      blockIsListItem = false;
      blockStart = contentStart;
    }
    blockEnd = lineEnd;
  }
  flush();
  return sentences;
}
