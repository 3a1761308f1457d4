/**
 * How `model.json` is built (used by scripts/train-detector.ts and the
 * cross-validation in scripts/eval-detector.ts). Pure and deterministic.
 */
import type { LabelledText } from "./dataset";
import { analyzeDocument, DOCUMENT_FEATURES, SENTENCE_FEATURES } from "./features";
import {
  auroc,
  fitLogistic,
  fitPlatt,
  type LogisticModel,
  logit,
  seededRandom,
  sigmoid,
  thresholdForFalsePositiveRate,
} from "./logistic";
import { splitSentences } from "./sentences";

export const TRAINING_SEED = 20240611;
export const FOLDS = 5;
/** Share of human texts we accept to flag as AI-generated (on out-of-fold scores). */
export const MAX_HUMAN_FLAG_RATE = 0.05;
/** Share of sentences in human texts we accept to flag. */
export const MAX_HUMAN_SENTENCE_FLAG_RATE = 0.1;
const L2_CANDIDATES = [1, 3, 10, 30, 100];
const SENTENCE_L2 = 10;

export interface DetectorModel {
  version: 1;
  seed: number;
  trainedOn: { records: number; human: number; ai: number; heldOutExcluded: number };
  document: LogisticModel;
  calibration: { a: number; b: number };
  sentence: LogisticModel;
  thresholds: { document: number; sentence: number; chosenBy: string };
  training: { l2: number; crossValidatedAuroc: { mean: number; sd: number; folds: number[] } };
}

export interface PreparedText {
  record: LabelledText;
  y: number;
  documentVector: number[];
  sentenceVectors: number[][];
}

export function prepare(records: readonly LabelledText[]): PreparedText[] {
  return records.map((record) => {
    const analysis = analyzeDocument(splitSentences(record.text));
    return {
      record,
      y: record.label === "ai" ? 1 : 0,
      documentVector: analysis.documentVector,
      sentenceVectors: analysis.sentenceVectors,
    };
  });
}

/** Stratified fold index per text, from a seeded shuffle. */
export function assignFolds(texts: readonly PreparedText[], folds: number, seed: number): number[] {
  const random = seededRandom(seed);
  const fold = new Array<number>(texts.length).fill(0);
  for (const label of [0, 1]) {
    const indices = texts.map((t, i) => (t.y === label ? i : -1)).filter((i) => i >= 0);
    for (let i = indices.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [indices[i], indices[j]] = [indices[j], indices[i]];
    }
    indices.forEach((index, k) => {
      fold[index] = k % folds;
    });
  }
  return fold;
}

export interface CrossValidation {
  outOfFoldLogits: number[];
  foldAurocs: number[];
  mean: number;
  sd: number;
}

export function crossValidate(texts: readonly PreparedText[], l2: number, seed = TRAINING_SEED): CrossValidation {
  const fold = assignFolds(texts, FOLDS, seed);
  const outOfFoldLogits = new Array<number>(texts.length).fill(0);
  const foldAurocs: number[] = [];
  for (let f = 0; f < FOLDS; f++) {
    const train = texts.filter((_, i) => fold[i] !== f);
    const model = fitLogistic(
      DOCUMENT_FEATURES,
      train.map((t) => t.documentVector),
      train.map((t) => t.y),
      { l2 },
    );
    const testIdx = texts.map((_, i) => i).filter((i) => fold[i] === f);
    for (const i of testIdx) outOfFoldLogits[i] = logit(model, texts[i].documentVector);
    foldAurocs.push(
      auroc(
        testIdx.map((i) => outOfFoldLogits[i]),
        testIdx.map((i) => texts[i].y),
      ),
    );
  }
  const mean = foldAurocs.reduce((a, b) => a + b, 0) / FOLDS;
  const sd = Math.sqrt(foldAurocs.reduce((a, b) => a + (b - mean) ** 2, 0) / (FOLDS - 1));
  return { outOfFoldLogits, foldAurocs, mean, sd };
}

export function trainDetector(records: readonly LabelledText[], heldOutExcluded: number): DetectorModel {
  const texts = prepare(records);
  // Choose the L2 strength by cross-validated AUROC on the training split only.
  let best: { l2: number; cv: CrossValidation } | null = null;
  for (const l2 of L2_CANDIDATES) {
    const cv = crossValidate(texts, l2);
    if (!best || cv.mean > best.cv.mean + 1e-9) best = { l2, cv };
  }
  const { l2, cv } = best!;
  const labels = texts.map((t) => t.y);
  const calibration = fitPlatt(cv.outOfFoldLogits, labels);
  const calibratedLogit = (z: number) => calibration.a * z + calibration.b;
  const oofProbabilities = cv.outOfFoldLogits.map((z) => sigmoid(calibratedLogit(z)));
  const humanProbabilities = oofProbabilities.filter((_, i) => labels[i] === 0);
  // Never call a text AI-generated while we think it more likely human.
  const documentThreshold = Math.max(0.5, thresholdForFalsePositiveRate(humanProbabilities, MAX_HUMAN_FLAG_RATE));

  const document = fitLogistic(
    DOCUMENT_FEATURES,
    texts.map((t) => t.documentVector),
    labels,
    { l2 },
  );

  // Sentence model: sentence signals plus the (out-of-fold) document logit as context.
  // The first sentence of a dev AI text continues a human prefix, so it is left out.
  const sentenceRows: number[][] = [];
  const sentenceLabels: number[] = [];
  texts.forEach((t, i) => {
    t.sentenceVectors.forEach((vector, s) => {
      if (t.y === 1 && s === 0) return;
      sentenceRows.push([...vector, calibratedLogit(cv.outOfFoldLogits[i])]);
      sentenceLabels.push(t.y);
    });
  });
  const sentence = fitLogistic([...SENTENCE_FEATURES, "documentLogit"], sentenceRows, sentenceLabels, {
    l2: SENTENCE_L2,
  });
  const humanSentenceScores = sentenceRows
    .filter((_, i) => sentenceLabels[i] === 0)
    .map((row) => sigmoid(logit(sentence, row)));
  const sentenceThreshold = Math.max(
    0.5,
    thresholdForFalsePositiveRate(humanSentenceScores, MAX_HUMAN_SENTENCE_FLAG_RATE),
  );

  return {
    version: 1,
    seed: TRAINING_SEED,
    trainedOn: {
      records: texts.length,
      human: labels.filter((y) => y === 0).length,
      ai: labels.filter((y) => y === 1).length,
      heldOutExcluded,
    },
    document,
    calibration,
    sentence,
    thresholds: {
      document: documentThreshold,
      sentence: sentenceThreshold,
      chosenBy:
        `document: max(0.5, smallest threshold flagging <= ${MAX_HUMAN_FLAG_RATE * 100}% of training-split human texts ` +
        `on out-of-fold calibrated probabilities); sentence: max(0.5, <= ${MAX_HUMAN_SENTENCE_FLAG_RATE * 100}% ` +
        "of sentences in training-split human texts)",
    },
    training: { l2, crossValidatedAuroc: { mean: cv.mean, sd: cv.sd, folds: cv.foldAurocs } },
  };
}
