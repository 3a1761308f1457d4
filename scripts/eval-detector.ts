/**
 * Evaluates the built-in AI detector on labelled texts.
 *
 *   npm run eval:detector -- [path/to/labelled.jsonl]
 *
 * Default data: ../shared/data/detector-dev/dev.jsonl (relative to the repo).
 * Prints JSON lines (overall, held-out split, per domain, per generator,
 * 5-fold cross-validation, sentence-level figures and the splice test) and a
 * one-line summary. The "all" rows include the
 * 80% the shipped model was trained on; the held-out and cross-validated rows
 * are the honest ones.
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { detectBuiltin } from "../src/server/detection/builtin";
import { isHeldOut, type LabelledText, readLabelledTexts } from "../src/server/detection/dataset";
import { auroc, seededRandom, sentenceLogit, sigmoid } from "../src/server/detection/logistic";
import modelJson from "../src/server/detection/model.json" with { type: "json" };
import { type SentenceScorer, sentenceReport, spliceReport } from "../src/server/detection/sentence-eval";
import { crossValidate, crossValidateSentences, prepare, TRAINING_SEED } from "../src/server/detection/training";

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
const prepared = prepare(records);
const cv = crossValidate(prepared, modelJson.training.l2);
lines.push({
  slice: "5-fold cross-validation (document model retrained per fold on this file)",
  l2: modelJson.training.l2,
  aurocMean: round(cv.mean),
  aurocSd: round(cv.sd),
  folds: cv.foldAurocs.map((a) => round(a)),
});

// Sentence level: the shipped scores (score against the document's label), then the splice test.
const scoreSentences: SentenceScorer = (text) => {
  const result = detectBuiltin(text);
  const flagged = new Set(result.aiSentences);
  return {
    success: result.success,
    aiPercentage: result.aiPercentage,
    sentences: (result.sentences ?? []).map((s) => ({ text: s.text, score: s.score, flagged: flagged.has(s.text) })),
  };
};
const heldOutRecords = records.filter((r) => isHeldOut(r));
lines.push(sentenceReport("all", records, scoreSentences));
lines.push(sentenceReport("held-out", heldOutRecords, scoreSentences));
for (const generator of [...new Set(records.filter((r) => r.label === "ai").map((r) => r.generator))].sort()) {
  lines.push(
    sentenceReport(
      `generator:${generator}`,
      records.filter((r) => r.label === "human" || r.generator === generator),
      scoreSentences,
    ),
  );
}
lines.push(spliceReport("all", records, scoreSentences));
lines.push(spliceReport("held-out", heldOutRecords, scoreSentences));
// Out of fold on this file: the sentence model retrained per fold, with and without the document prior.
const sentenceCv = crossValidateSentences(prepared, modelJson.training.sentence.l2);
const { a, b } = modelJson.calibration;
const withPrior = sentenceCv.rows.map((r, i) =>
  sigmoid(sentenceLogit(sentenceCv.localLogits[i], a * cv.outOfFoldLogits[r.text] + b, modelJson.sentencePrior)),
);
lines.push({
  slice: "sentences: 5-fold cross-validation (sentence and document models retrained per fold on this file)",
  l2: modelJson.training.sentence.l2,
  sentences: sentenceCv.rows.length,
  localAuroc: round(sentenceCv.localAuroc),
  auroc: round(
    auroc(
      withPrior,
      sentenceCv.rows.map((r) => r.y),
    ),
  ),
});
for (const line of lines) console.log(JSON.stringify(line));

const all = lines[0] as ReturnType<typeof report> & { wordsPerSecond: number };
const heldOut = lines[1] as ReturnType<typeof report>;
console.log(
  `summary: AUROC ${all.auroc} (held-out ${heldOut.auroc}, 5-fold CV ${round(cv.mean)} ± ${round(cv.sd)}), ` +
    `accuracy ${all.accuracy}, TPR@5%FPR ${all.tprAt5Fpr}, human FPR ${all.humanFalsePositiveRate} ` +
    `at threshold ${round(modelJson.thresholds.document)}, ${all.wordsPerSecond} words/s`,
);
const sentencesHeldOut = sentenceReport("held-out", heldOutRecords, scoreSentences);
const splice = spliceReport("all", records, scoreSentences);
console.log(
  `sentences: held-out AUROC ${sentencesHeldOut.auroc} (5-fold CV ${round(sentenceCv.localAuroc)} local only, ` +
    `${round(
      auroc(
        withPrior,
        sentenceCv.rows.map((r) => r.y),
      ),
    )} with prior), human sentences ` +
    `flagged ${sentencesHeldOut.humanFlagRate}, AI sentences flagged ${sentencesHeldOut.aiFlagRate}; splice test: ` +
    `inserted flagged ${splice.insertedFlagRate}, human flagged ${splice.humanFlagRateBefore} -> ${splice.humanFlagRateAfter}, ` +
    `within-text AUROC ${splice.withinTextAuroc}`,
);
