/**
 * Speed of the built-in AI detector.
 *
 *   npx tsx bench/detect.ts            (or: npm run bench -- detect)
 *
 * Builds a ~2,000-word Markdown draft from the detector's training texts (both data sets; see
 * scripts/detector/dataset.ts) and times detectBuiltin on it. Prints JSON lines (draft median/p95,
 * whole-data throughput) and a one-line summary. Goal: a 2,000-word draft in at most 10 ms (median).
 * Without the data it stops with a clear message rather than timing a made-up draft.
 */

import { MissingDataError, readTrainingTexts } from "../scripts/detector/dataset";
import { detectBuiltin } from "../src/server/detection/builtin";
import { countWords } from "../src/server/detection/sentences";

const GOAL_MS = 10;

let paragraphs: string[];
try {
  paragraphs = readTrainingTexts().map((r) => r.text);
} catch (error) {
  if (error instanceof MissingDataError) {
    console.error(`bench/detect.ts: ${error.message}`);
    process.exit(1);
  }
  throw error;
}

// A Markdown draft of about 2,000 words: headings, lists and paragraphs from the training texts.
function buildDraft(targetWords: number): string {
  const parts: string[] = ["# A Draft Worth Scoring"];
  let words = 0;
  for (let i = 0; words < targetWords; i++) {
    const paragraph = paragraphs[i % paragraphs.length];
    if (i % 4 === 0) parts.push(`## Section ${i / 4 + 1}`);
    if (i % 5 === 3) parts.push(`- ${paragraph.split(". ").slice(0, 2).join(".\n- ")}`);
    else parts.push(paragraph);
    words = countWords(parts.join("\n\n"));
  }
  return parts.join("\n\n");
}

const draft = buildDraft(2000);
const draftWords = countWords(draft);
for (let i = 0; i < 20; i++) detectBuiltin(draft); // warm up the JIT
const timings: number[] = [];
for (let i = 0; i < 200; i++) {
  const started = performance.now();
  detectBuiltin(draft);
  timings.push(performance.now() - started);
}
timings.sort((a, b) => a - b);
const median = timings[Math.floor(timings.length / 2)];
const p95 = timings[Math.floor(timings.length * 0.95)];
console.log(
  JSON.stringify({
    bench: "draft",
    words: draftWords,
    chars: draft.length,
    runs: timings.length,
    medianMs: Number(median.toFixed(3)),
    p95Ms: Number(p95.toFixed(3)),
    goalMs: GOAL_MS,
  }),
);

let totalWords = 0;
const started = performance.now();
for (const text of paragraphs) totalWords += detectBuiltin(text).wordCount;
const seconds = (performance.now() - started) / 1000;
const wordsPerSecond = Math.round(totalWords / seconds);
console.log(JSON.stringify({ bench: "training-texts", texts: paragraphs.length, words: totalWords, wordsPerSecond }));

console.log(
  `summary: ${draftWords}-word draft median ${median.toFixed(2)} ms (p95 ${p95.toFixed(2)} ms, goal ≤ ${GOAL_MS} ms: ` +
    `${median <= GOAL_MS ? "met" : "MISSED"}); training texts ${wordsPerSecond} words/s`,
);
