// Small, dependency-free text helpers shared by the PROSE prompts and the offline writer.

import { fnv1a, mulberry32 } from "../random";

/** FNV-1a 32-bit hash: stable across runs and platforms. */
export const hashString = fnv1a;

/** Mulberry32: a tiny seeded PRNG returning floats in [0, 1). */
export const createRng = mulberry32;

export function pick<T>(rng: () => number, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length) % items.length];
}

export function shuffle<T>(rng: () => number, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Words as a reader counts them: runs of characters that contain a letter or digit (markdown marks are skipped). */
export function countWords(s: string): number {
  let n = 0;
  for (const token of s.split(/\s+/)) if (/[\p{L}\p{N}]/u.test(token)) n++;
  return n;
}

export function capitalize(s: string): string {
  return s.length === 0 ? s : s[0].toUpperCase() + s.slice(1);
}

/** Lower-cases the first letter unless the first word looks like a proper noun or acronym (e.g. "Google", "SEO"). */
export function lowerFirst(s: string): string {
  const first = s.split(/\s+/)[0] ?? "";
  if (/^[A-Z][a-z']*$/.test(first) && COMMON_CAPITALISED.has(first.toLowerCase())) {
    return s[0].toLowerCase() + s.slice(1);
  }
  return s;
}

const COMMON_CAPITALISED = new Set(
  "a an the if when while you your we our they their it its this that these those there here most many some every each one people customers readers small local new how what why who where which to for in on at by with and or but so because after before once since".split(
    " ",
  ),
);

/** Splits a paragraph into sentences, keeping the end punctuation with each sentence. */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  const re = /[^.!?]+(?:[.!?]+["'”’)\]]*|$)/g;
  for (const m of text.matchAll(re)) {
    const s = m[0].trim();
    if (s) out.push(s);
  }
  // Re-join splits that happened inside common abbreviations and decimals ("e.g.", "3.5").
  const merged: string[] = [];
  for (const s of out) {
    const prev = merged[merged.length - 1];
    if (prev && (/\b(?:e\.g|i\.e|vs|etc|Mr|Ms|Dr|St)\.$/i.test(prev) || (/\d\.$/.test(prev) && /^\d/.test(s)))) {
      merged[merged.length - 1] = /\d\.$/.test(prev) ? `${prev}${s}` : `${prev} ${s}`;
    } else {
      merged.push(s);
    }
  }
  return merged;
}

/** Sentences of a markdown document's prose (headings, tables and code are skipped). */
export function proseSentences(markdown: string): string[] {
  const out: string[] = [];
  let inCode = false;
  for (const raw of markdown.split("\n")) {
    const line = raw.trim();
    if (line.startsWith("```")) {
      inCode = !inCode;
      continue;
    }
    if (inCode || !line || line.startsWith("#") || line.startsWith("|")) continue;
    const body = line.replace(/^(?:[-*+]\s+|\d+[.)]\s+|>\s*)/, "");
    out.push(...splitSentences(body));
  }
  return out;
}

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Joins a list the way a person would: "a", "a and b", "a, b and c". */
export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
