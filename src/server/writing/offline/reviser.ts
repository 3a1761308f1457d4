// The offline reviser: Revise, Final Rewrite and the revise-text tool without a model. It changes
// only the sentences it is given (or, for pasted text, those where it recognises a habit) and leaves
// every other byte of the document as it was.
import { splitSentences } from "../../../shared/text";
import { escapeRegExp } from "../text";
import { fixSentence } from "./fixes";

/** Revise breaks sentences longer than this; Final Rewrite also evens out the rhythm with a lower bar. */
const REVISE_MAX_WORDS = 19;
const FINAL_MAX_WORDS = 14;
/** A flagged sentence with no habit the fixes know is still broken at a clause when it has one. */
const LAST_RESORT_MAX_WORDS = 10;

interface Edit {
  start: number;
  end: number;
  text: string;
}

/** Where `sentence` stands in `document`: exact matches, else matches that differ only in white space. */
function occurrences(document: string, sentence: string): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  for (let at = document.indexOf(sentence); at >= 0; at = document.indexOf(sentence, at + sentence.length))
    found.push([at, at + sentence.length]);
  if (found.length) return found;
  const loose = new RegExp(sentence.trim().split(/\s+/).map(escapeRegExp).join("\\s+"), "g");
  return [...document.matchAll(loose)].map((m) => [m.index, m.index + m[0].length]);
}

/** A flagged passage fixed line by line; headings, tables and blank lines stay as they are. */
function fixPassage(passage: string, maxWords: number): string {
  return passage
    .split(/(\n+)/)
    .map((line) => {
      if (/^\s*(?:#|\||$)/.test(line)) return line;
      const fixed = fixSentence(line, maxWords);
      return fixed === line ? fixSentence(line, LAST_RESORT_MAX_WORDS) : fixed;
    })
    .join("");
}

/** The document with each listed sentence fixed wherever it stands; everything else byte-identical. */
function rewriteSentences(document: string, sentences: readonly string[], maxWords: number): string {
  const edits: Edit[] = [];
  for (const sentence of new Set(sentences.map((s) => s.trim()).filter(Boolean))) {
    const fixed = fixPassage(sentence, maxWords);
    if (fixed === sentence) continue;
    for (const [start, end] of occurrences(document, sentence)) {
      // A sentence removed whole (a chatbot leftover) takes one neighbouring space with it.
      const after = fixed === "" && document[end] === " " ? 1 : 0;
      const before = fixed === "" && !after && document[start - 1] === " " ? 1 : 0;
      edits.push({ start: start - before, end: end + after, text: fixed });
    }
  }
  edits.sort((a, b) => a.start - b.start);
  let out = "";
  let at = 0;
  for (const edit of edits) {
    if (edit.start < at) continue;
    out += document.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + document.slice(at);
}

/** Revise Content: each flagged sentence gets the fixes for the habits it shows. */
export function reviseOffline(input: { document: string; flaggedSentences: readonly string[] }): string {
  return rewriteSentences(input.document, input.flaggedSentences, REVISE_MAX_WORDS);
}

/** Final Rewrite: the same fixes on every flagged sentence, with long ones broken up for rhythm. */
export function finalRewriteOffline(input: {
  originalContent: string;
  aiDetectedSentences: readonly string[];
}): string {
  return rewriteSentences(input.originalContent, input.aiDetectedSentences, FINAL_MAX_WORDS);
}

/** The revise-text tool: every sentence in which a habit is recognised, and only those. */
export function reviseTextOffline(text: string): string {
  const changed = splitSentences(text)
    .map((s) => s.text)
    .filter((s) => fixSentence(s, REVISE_MAX_WORDS) !== s);
  return rewriteSentences(text, changed, REVISE_MAX_WORDS);
}
