// What did a revision change? A word-level diff of two versions (jsdiff's diffWordsWithSpace), cut
// at the newer text's sentences so a screen can tint every sentence that changed and mark the words
// added and removed inside it. Pure: unit-tested beside it.
import { diffWordsWithSpace } from "diff";

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
  const sentences = spans.filter(([s, e]) => /[\p{L}\p{N}]/u.test(after.slice(s, e))).length;
  return { segments, addedWords, removedWords, changedSentences: changed.size, sentences };
}
