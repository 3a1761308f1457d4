// Small helpers of the PROSE prompts and the offline writer (words and sentences: shared/text.ts).

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

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Joins a list the way a person would: "a", "a and b", "a, b and c". */
export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
