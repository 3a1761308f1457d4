/**
 * Evaluates the built-in AI detector on labelled texts.
 *
 *   npm run eval:detector -- [path/to/labelled.jsonl]
 *
 * Default data: ../shared/data/detector-dev/dev.jsonl (relative to the repo).
 * Prints JSON lines (overall, held-out split, per domain, per generator,
 * 5-fold cross-validation) and a one-line summary. The "all" rows include the
 * 80% the shipped model was trained on; the held-out and cross-validated rows
 * are the honest ones.
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { detectBuiltin } from "../src/server/detection/builtin";
import { isHeldOut, type LabelledText, readLabelledTexts } from "../src/server/detection/dataset";
import { auroc, seededRandom } from "../src/server/detection/logistic";
import modelJson from "../src/server/detection/model.json" with { type: "json" };
import { crossValidate, prepare, TRAINING_SEED } from "../src/server/detection/training";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const dataPath = resolve(process.argv[2] ?? resolve(repoRoot, "../shared/data/detector-dev/dev.jsonl"));
const records = readLabelledTexts(dataPath);

interface Scored {
  record: LabelledText;
  y: number;
  probability: number;
  flagged: boolean;
  success: boolean;
}

const started = performance.now();
let words = 0;
const scored: Scored[] = records.map((record) => {
  const result = detectBuiltin(record.text);
  words += result.wordCount;
  return {
    record,
    y: record.label === "ai" ? 1 : 0,
    probability: result.aiPercentage / 100,
    flagged: result.isAiGenerated,
    success: result.success,
  };
});
const seconds = (performance.now() - started) / 1000;

const round = (value: number, digits = 3) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : null);

/** 95% bootstrap interval of the AUROC (seeded, stratified resampling). */
function bootstrapAuroc(rows: Scored[], resamples = 1000): [number, number] {
  const random = seededRandom(TRAINING_SEED);
  const ai = rows.filter((r) => r.y === 1);
  const human = rows.filter((r) => r.y === 0);
  if (ai.length === 0 || human.length === 0) return [Number.NaN, Number.NaN];
  const values: number[] = [];
  for (let b = 0; b < resamples; b++) {
    const sample = [
      ...ai.map(() => ai[Math.floor(random() * ai.length)]),
      ...human.map(() => human[Math.floor(random() * human.length)]),
    ];
    values.push(
      auroc(
        sample.map((r) => r.probability),
        sample.map((r) => r.y),
      ),
    );
  }
  values.sort((a, b) => a - b);
  return [values[Math.floor(0.025 * resamples)], values[Math.floor(0.975 * resamples)]];
}

/** True-positive rate at the score threshold that flags at most 5% of human texts. */
function tprAtFivePercentFpr(rows: Scored[]): number {
  const human = rows
    .filter((r) => r.y === 0)
    .map((r) => r.probability)
    .sort((a, b) => b - a);
  const ai = rows.filter((r) => r.y === 1);
  if (human.length === 0 || ai.length === 0) return Number.NaN;
  const threshold = human[Math.floor(0.05 * human.length)];
  return ai.filter((r) => r.probability > threshold).length / ai.length;
}

function report(name: string, rows: Scored[]) {
  const ai = rows.filter((r) => r.y === 1);
  const human = rows.filter((r) => r.y === 0);
  const [low, high] = bootstrapAuroc(rows);
  return {
    slice: name,
    n: rows.length,
    human: human.length,
    ai: ai.length,
    auroc: round(
      auroc(
        rows.map((r) => r.probability),
        rows.map((r) => r.y),
      ),
    ),
    auroc95: [round(low), round(high)],
    accuracy: round(rows.filter((r) => r.flagged === (r.y === 1)).length / rows.length),
    tprAt5Fpr: round(tprAtFivePercentFpr(rows)),
    aiFlagged: round(ai.filter((r) => r.flagged).length / Math.max(1, ai.length)),
    humanFalsePositiveRate: round(human.filter((r) => r.flagged).length / Math.max(1, human.length)),
    failed: rows.filter((r) => !r.success).length,
  };
}

const lines: object[] = [];
lines.push({ ...report("all", scored), wordsPerSecond: Math.round(words / seconds), data: dataPath });
lines.push(
  report(
    "held-out (20%, never trained on)",
    scored.filter((r) => isHeldOut(r.record)),
  ),
);
for (const domain of [...new Set(records.map((r) => r.domain))].sort()) {
  lines.push(
    report(
      `domain:${domain}`,
      scored.filter((r) => r.record.domain === domain),
    ),
  );
}
// Per generator: that generator's AI texts against every human text.
for (const generator of [...new Set(records.filter((r) => r.label === "ai").map((r) => r.generator))].sort()) {
  lines.push(
    report(
      `generator:${generator}`,
      scored.filter((r) => r.y === 0 || r.record.generator === generator),
    ),
  );
}
const cv = crossValidate(prepare(records), modelJson.training.l2);
lines.push({
  slice: "5-fold cross-validation (document model retrained per fold on this file)",
  l2: modelJson.training.l2,
  aurocMean: round(cv.mean),
  aurocSd: round(cv.sd),
  folds: cv.foldAurocs.map((a) => round(a)),
});
for (const line of lines) console.log(JSON.stringify(line));

const all = lines[0] as ReturnType<typeof report> & { wordsPerSecond: number };
const heldOut = lines[1] as ReturnType<typeof report>;
console.log(
  `summary: AUROC ${all.auroc} (held-out ${heldOut.auroc}, 5-fold CV ${round(cv.mean)} ± ${round(cv.sd)}), ` +
    `accuracy ${all.accuracy}, TPR@5%FPR ${all.tprAt5Fpr}, human FPR ${all.humanFalsePositiveRate} ` +
    `at threshold ${round(modelJson.thresholds.document)}, ${all.wordsPerSecond} words/s`,
);
