// What did a revision change? A word-level diff of two versions (jsdiff's diffWordsWithSpace), cut
// at the newer text's sentences so a screen can tint every sentence that changed and mark the words
// added and removed inside it. Versions are compared as the text a reader reads (`readableText`), so
// Markdown against the HTML made from it shows what changed in the words, not in the markup. Pure:
// unit-tested beside it.
import { diffWordsWithSpace } from "diff";
import { stripInlineMarkdown } from "../../../shared/text";

export interface DiffSegment {
  text: string;
  type: "same" | "added" | "removed";
  /** The segment lies in a sentence of the newer text that changed (removed text always does). */
  inChangedSentence: boolean;
}

export interface VersionDiff {
  segments: DiffSegment[];
  addedWords: number;
  removedWords: number;
  /** Sentences of the newer text with any word added, or with words removed from them. */
  changedSentences: number;
  sentences: number;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** An HTML body as its readable text: one line per block, no comments or tags, entities decoded. */
function htmlText(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, "")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|h[1-6]|li|blockquote|figcaption|div|section|tr)>/gi, "\n\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === "#") {
        const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    });
}

/** A Markdown line as its readable text: no heading, list or quote marker, no inline syntax. */
const markdownLine = (line: string) =>
  stripInlineMarkdown(line.replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/, ""));

/** The text a reader reads in a version, one paragraph per block, whatever its format. */
export function readableText(version: { format: "markdown" | "html"; content: string }): string {
  const raw = version.format === "html" ? htmlText(version.content) : version.content;
  const lines =
    version.format === "html"
      ? raw.split("\n").map((l) => l.replace(/\s+/g, " ").trim())
      : raw.split("\n").map(markdownLine);
  return lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const countWords = (s: string) => s.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/** [start, end) of each sentence of `text`: ends at . ! ? (with closing quotes) or at a line break. */
export function sentenceSpans(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  const re = /[^.!?\n]*(?:[.!?]+["'”’)\]]*|\n+|$)/g;
  for (let m = re.exec(text); m && m[0].length > 0; m = re.exec(text)) {
    spans.push([m.index, m.index + m[0].length]);
    if (re.lastIndex >= text.length) break;
  }
  return spans;
}

export function diffVersions(before: string, after: string): VersionDiff {
  const parts = diffWordsWithSpace(before, after);
  const spans = sentenceSpans(after);
  const sentenceAt = (pos: number) => {
    const i = spans.findIndex(([s, e]) => pos >= s && pos < e);
    return i === -1 ? spans.length - 1 : i;
  };

  // First pass: which sentences of the newer text changed.
  const changed = new Set<number>();
  let pos = 0;
  for (const part of parts) {
    if (part.removed) {
      if (/\S/.test(part.value)) changed.add(sentenceAt(Math.max(0, pos === after.length ? pos - 1 : pos)));
      continue;
    }
    if (part.added && /\S/.test(part.value)) {
      for (let i = sentenceAt(pos); i < spans.length && spans[i]![0] < pos + part.value.length; i++) {
        const [s, e] = spans[i]!;
        // Only sentences where the added text is more than whitespace.
        if (/\S/.test(after.slice(Math.max(s, pos), Math.min(e, pos + part.value.length)))) changed.add(i);
      }
    }
    pos += part.value.length;
  }

  // Second pass: segments cut at sentence boundaries, each marked.
  const segments: DiffSegment[] = [];
  const push = (text: string, type: DiffSegment["type"], inChangedSentence: boolean) => {
    if (!text) return;
    const last = segments.at(-1);
    if (last && last.type === type && last.inChangedSentence === inChangedSentence) last.text += text;
    else segments.push({ text, type, inChangedSentence });
  };
  pos = 0;
  let addedWords = 0;
  let removedWords = 0;
  for (const part of parts) {
    if (part.removed) {
      removedWords += countWords(part.value);
      push(part.value, "removed", true);
      continue;
    }
    const type = part.added ? "added" : "same";
    if (part.added) addedWords += countWords(part.value);
    let offset = 0;
    while (offset < part.value.length) {
      const i = sentenceAt(pos + offset);
      const end = Math.min(part.value.length, (spans[i]?.[1] ?? after.length) - pos);
      const take = Math.max(1, end - offset);
      push(part.value.slice(offset, offset + take), type, changed.has(i));
      offset += take;
    }
    pos += part.value.length;
  }
  // Only spans with words are sentences (a blank line is not one), changed ones included.
  const isSentence = (i: number) => /[\p{L}\p{N}]/u.test(after.slice(spans[i]![0], spans[i]![1]));
  const sentences = spans.filter((_, i) => isSentence(i)).length;
  const changedSentences = [...changed].filter(isSentence).length;
  return { segments, addedWords, removedWords, changedSentences, sentences };
}
