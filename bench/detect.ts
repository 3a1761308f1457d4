/**
 * Speed of the built-in AI detector.
 *
 *   npx tsx bench/detect.ts            (or: npm run bench -- detect)
 *
 * Builds a ~2,000-word Markdown draft from the detector's training texts (both data sets; see
 * scripts/detector/dataset.ts) and times detectBuiltin on it. Prints JSON lines (draft median/p95,
 * whole-data throughput) and a one-line summary. Goal: a 2,000-word draft in at most 10 ms (median wall
 * time; the CPU time is printed beside it, since a busy shared machine inflates the wall clock).
 * Without the data it stops with a clear message rather than timing a made-up draft.
 */

import { cpus, loadavg } from "node:os";
import { MissingDataError, readTrainingTexts } from "../scripts/detector/dataset";
import { detectBuiltin } from "../src/server/detection/builtin";
import { countMarkdownWords } from "../src/shared/text";

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
    words = countMarkdownWords(parts.join("\n\n"));
  }
  return parts.join("\n\n");
}

const draft = buildDraft(2000);
const draftWords = countMarkdownWords(draft);
for (let i = 0; i < 20; i++) detectBuiltin(draft); // warm up the JIT
// Wall time, and the CPU time the process spent: on a shared machine the wall clock also counts the
// time the scheduler gave other processes, the CPU time only the detector's own work.
const wall: number[] = [];
const cpu: number[] = [];
for (let i = 0; i < 200; i++) {
  const cpuStarted = process.cpuUsage();
  const started = performance.now();
  detectBuiltin(draft);
  wall.push(performance.now() - started);
  const used = process.cpuUsage(cpuStarted);
  cpu.push((used.user + used.system) / 1000);
}
const at = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.floor(values.length * q)];
const median = at(wall, 0.5);
const p95 = at(wall, 0.95);
const cpuMedian = at(cpu, 0.5);
const [load] = loadavg();
console.log(
  JSON.stringify({
    bench: "draft",
    words: draftWords,
    chars: draft.length,
    runs: wall.length,
    medianMs: Number(median.toFixed(3)),
    p95Ms: Number(p95.toFixed(3)),
    cpuMedianMs: Number(cpuMedian.toFixed(3)),
    loadAverage: Number(load.toFixed(1)),
    cores: cpus().length,
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
  `summary: ${draftWords}-word draft median ${median.toFixed(2)} ms wall, ${cpuMedian.toFixed(2)} ms CPU ` +
    `(p95 ${p95.toFixed(2)} ms wall; load average ${load.toFixed(1)} on ${cpus().length} cores); goal ≤ ${GOAL_MS} ms: ` +
    `${median <= GOAL_MS ? "met" : cpuMedian <= GOAL_MS ? "met in CPU time, MISSED on the wall clock (machine busy)" : "MISSED"}; ` +
    `training texts ${wordsPerSecond} words/s`,
);
