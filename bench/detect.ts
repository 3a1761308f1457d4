/**
 * Speed of the built-in AI detector.
 *
 *   npx tsx bench/detect.ts [path/to/labelled.jsonl]
 *
 * Prints JSON lines (2,000-word draft median/p95, dev-set throughput) and a
 * one-line summary. Goal: a 2,000-word draft in under 10 ms (median).
 */
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { detectBuiltin } from "../src/server/detection/builtin";
import { readLabelledTexts } from "../src/server/detection/dataset";
import { countWords } from "../src/server/detection/sentences";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const dataPath = resolve(process.argv[2] ?? resolve(repoRoot, "../shared/data/detector-dev/dev.jsonl"));
const GOAL_MS = 10;

const records = existsSync(dataPath) ? readLabelledTexts(dataPath) : [];
const paragraphs = records.length
  ? records.map((r) => r.text)
  : [
      "In today's fast-paced world, it's important to note that planning plays a pivotal role. Moreover, teams " +
        "must navigate an ever-evolving landscape. I tried it on Tuesday and it took 20 minutes, which surprised me.",
    ];

// A Markdown draft of about 2,000 words: headings, lists and paragraphs from the dev texts.
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
console.log(JSON.stringify({ bench: "dev-set", texts: paragraphs.length, words: totalWords, wordsPerSecond }));

console.log(
  `summary: ${draftWords}-word draft median ${median.toFixed(2)} ms (p95 ${p95.toFixed(2)} ms, goal < ${GOAL_MS} ms: ` +
    `${median < GOAL_MS ? "met" : "MISSED"}); dev set ${wordsPerSecond} words/s`,
);
