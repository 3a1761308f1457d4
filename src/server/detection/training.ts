/**
 * How `model.json` is built (used by scripts/train-detector.ts and the
 * cross-validation in scripts/eval-detector.ts). Pure and deterministic.
 */
import type { LabelledText } from "./dataset";
import { analyzeDocument, DOCUMENT_FEATURES, SENTENCE_FEATURES, sentenceReasons } from "./features";
import {
  auroc,
  fitLogistic,
  fitPlatt,
  type LogisticModel,
  logit,
  type SentencePrior,
  seededRandom,
  sentenceLogit,
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
/** Sentence labels are their document's label (noisy), so the sentence model is strongly regularised. */
const SENTENCE_L2_CANDIDATES = [30, 100, 300, 1000];
/**
 * The document prior on each sentence: a quarter of the calibrated document logit, capped at ±0.5 logits
 * (the document can multiply a sentence's odds by at most e^0.5 ≈ 1.65). Set by hand, not fitted: sentence
 * labels *are* document labels, so a fitted weight would hand the sentence score back to the document.
 */
export const SENTENCE_PRIOR = { weight: 0.25, cap: 0.5 } as const;

export interface DetectorModel {
  version: 1;
  seed: number;
  trainedOn: { records: number; human: number; ai: number; heldOutExcluded: number };
  document: LogisticModel;
  calibration: { a: number; b: number };
  sentence: LogisticModel;
  sentencePrior: SentencePrior;
  thresholds: { document: number; sentence: number; chosenBy: string };
  training: {
    l2: number;
    crossValidatedAuroc: { mean: number; sd: number; folds: number[] };
    sentence: SentenceTrainingReport;
  };
}

/** Out-of-fold sentence figures on the training split (sentence score against its document's label). */
export interface SentenceTrainingReport {
  l2: number;
  sentences: number;
  /** AUROC of the sentence model alone, and with the capped document prior. */
  localAuroc: number;
  auroc: number;
  /** Share of sentences flagged (score above the threshold and at least one reason). */
  humanFlagRate: number;
  aiFlagRate: number;
}

export interface PreparedText {
  record: LabelledText;
  y: number;
  documentVector: number[];
  sentenceVectors: number[][];
  /** Whether each sentence carries at least one human-readable reason (a sentence without one is never flagged). */
  sentenceHasReason: boolean[];
}

export function prepare(records: readonly LabelledText[]): PreparedText[] {
  return records.map((record) => {
    const analysis = analyzeDocument(splitSentences(record.text));
    return {
      record,
      y: record.label === "ai" ? 1 : 0,
      documentVector: analysis.documentVector,
      sentenceVectors: analysis.sentenceVectors,
      sentenceHasReason: analysis.facts.map((f) => sentenceReasons(f, analysis.meanSentenceLength).length > 0),
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

  const sentenceFit = trainSentenceModel(texts, cv.outOfFoldLogits.map(calibratedLogit));
  const { sentence, sentencePrior, sentenceThreshold } = sentenceFit;

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
    sentencePrior,
    thresholds: {
      document: documentThreshold,
      sentence: sentenceThreshold,
      chosenBy:
        `document: max(0.5, smallest threshold flagging <= ${MAX_HUMAN_FLAG_RATE * 100}% of training-split human texts ` +
        `on out-of-fold calibrated probabilities); sentence: max(0.5, smallest threshold scoring <= ` +
        `${MAX_HUMAN_SENTENCE_FLAG_RATE * 100}% of sentences in training-split human texts above it, out of fold)`,
    },
    training: {
      l2,
      crossValidatedAuroc: { mean: cv.mean, sd: cv.sd, folds: cv.foldAurocs },
      sentence: sentenceFit.report,
    },
  };
}

interface SentenceRow {
  text: number;
  y: number;
  vector: number[];
  hasReason: boolean;
}

/**
 * Sentence rows labelled with their document's label. The first sentence of a dev AI text continues a
 * ~30-token human prefix, so it is left out.
 */
export function sentenceRows(texts: readonly PreparedText[]): SentenceRow[] {
  const rows: SentenceRow[] = [];
  texts.forEach((t, i) => {
    t.sentenceVectors.forEach((vector, s) => {
      if (t.y === 1 && s === 0) return;
      rows.push({ text: i, y: t.y, vector, hasReason: t.sentenceHasReason[s] });
    });
  });
  return rows;
}

export interface SentenceCrossValidation {
  rows: SentenceRow[];
  /** Out-of-fold local (sentence-model) logits, one per row. */
  localLogits: number[];
  localAuroc: number;
}

/** Out-of-fold sentence-model logits; folds are whole documents (the document folds). */
export function crossValidateSentences(
  texts: readonly PreparedText[],
  l2: number,
  seed = TRAINING_SEED,
): SentenceCrossValidation {
  const fold = assignFolds(texts, FOLDS, seed);
  const rows = sentenceRows(texts);
  const localLogits = new Array<number>(rows.length).fill(0);
  for (let f = 0; f < FOLDS; f++) {
    const train = rows.filter((r) => fold[r.text] !== f);
    const model = fitLogistic(
      SENTENCE_FEATURES,
      train.map((r) => r.vector),
      train.map((r) => r.y),
      { l2 },
    );
    rows.forEach((r, i) => {
      if (fold[r.text] === f) localLogits[i] = logit(model, r.vector);
    });
  }
  return {
    rows,
    localLogits,
    localAuroc: auroc(
      localLogits,
      rows.map((r) => r.y),
    ),
  };
}

/**
 * Sentence model: a logistic regression on the sentence's own signals (no document features), L2 chosen by
 * out-of-fold AUROC. The shipped score adds the capped document prior; the threshold is set on out-of-fold
 * scores of human sentences. `documentLogits` are out-of-fold calibrated document logits, one per text.
 */
export function trainSentenceModel(
  texts: readonly PreparedText[],
  documentLogits: readonly number[],
): {
  sentence: LogisticModel;
  sentencePrior: SentencePrior;
  sentenceThreshold: number;
  report: SentenceTrainingReport;
} {
  let best: { l2: number; cv: SentenceCrossValidation } | null = null;
  for (const l2 of SENTENCE_L2_CANDIDATES) {
    const cv = crossValidateSentences(texts, l2);
    if (!best || cv.localAuroc > best.cv.localAuroc + 1e-9) best = { l2, cv };
  }
  const { l2, cv } = best!;
  const { rows } = cv;
  const labels = rows.map((r) => r.y);
  // Centre the scale on the out-of-fold point that 10% of human sentences pass (never below 0), so that
  // 0.5 ("leaning AI" in the highlight view) means "more AI-like than 90% of human sentences".
  const uncentred = rows.map((r, i) =>
    sentenceLogit(cv.localLogits[i], documentLogits[r.text], { ...SENTENCE_PRIOR, centre: 0 }),
  );
  const centre = Math.max(
    0,
    thresholdForFalsePositiveRate(
      uncentred.filter((_, i) => labels[i] === 0),
      MAX_HUMAN_SENTENCE_FLAG_RATE,
    ),
  );
  const sentencePrior: SentencePrior = { ...SENTENCE_PRIOR, centre };
  const scores = uncentred.map((z) => sigmoid(z - centre));
  const sentenceThreshold = Math.max(
    0.5,
    thresholdForFalsePositiveRate(
      scores.filter((_, i) => labels[i] === 0),
      MAX_HUMAN_SENTENCE_FLAG_RATE,
    ),
  );
  const flagRate = (y: number) => {
    const idx = rows.map((_, i) => i).filter((i) => labels[i] === y);
    return idx.filter((i) => scores[i] > sentenceThreshold && rows[i].hasReason).length / Math.max(1, idx.length);
  };
  const sentence = fitLogistic(
    SENTENCE_FEATURES,
    rows.map((r) => r.vector),
    labels,
    { l2 },
  );
  return {
    sentence,
    sentencePrior,
    sentenceThreshold,
    report: {
      l2,
      sentences: rows.length,
      localAuroc: cv.localAuroc,
      auroc: auroc(scores, labels),
      humanFlagRate: flagRate(0),
      aiFlagRate: flagRate(1),
    },
  };
}
