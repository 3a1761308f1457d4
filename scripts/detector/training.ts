/**
 * How model.json is built (scripts/detector/train.ts writes it; scripts/detector/eval.ts reuses the
 * leave-one-domain-out folds). Pure and deterministic: the same data always gives the same bytes.
 *
 * Every choice is made on texts from a domain the model did not see, because users bring kinds of
 * writing neither data set has:
 * - the learned lexicons of a training text come from the *other* training domains (stacking), so the
 *   document model learns how much a lexicon score is worth on an unseen domain, not on its own texts;
 * - the L2 strengths are chosen by the mean leave-one-domain-out (LODO) AUROC;
 * - calibration (the percentage) is fitted on LODO logits;
 * - the likely-AI threshold is the lowest that keeps the LODO false-positive rate on human texts at or
 *   under 5 % overall and at or under 10 % in every domain; the likely-human threshold the highest that
 *   calls at most 10 % of AI texts likely human.
 */

import type { ScoringModel } from "../../src/server/detection/builtin";
import {
  analyzeDocument,
  DOCUMENT_FEATURES,
  SENTENCE_FEATURES,
  type TokenCounts,
} from "../../src/server/detection/features";
import {
  LEXICON_FEATURES,
  LEXICON_KINDS,
  type LexiconKind,
  lexiconScore,
  sentenceLexiconScore,
} from "../../src/server/detection/lexicon";
import {
  type LogisticModel,
  logit,
  type SentencePrior,
  sentenceLogit,
  sigmoid,
} from "../../src/server/detection/logistic";
import { type CompiledNgram, compileNgram, NGRAM_FEATURE, ngramScore } from "../../src/server/detection/ngram";
import {
  type CompiledSkeleton,
  compileSkeleton,
  SKELETON_FEATURE,
  skeletonScore,
} from "../../src/server/detection/skeleton";
import { type BoostedTrees, treesLogit } from "../../src/server/detection/trees";
import { type CautionRules, habitsPer100, isFormal, type VerdictThresholds } from "../../src/server/detection/verdict";
import { splitSentences } from "../../src/shared/text";
import { type BoostOptions, fitBoostedTrees } from "./boost";
import { continuesHumanPrefix, type LabelledText, TRAINING_FILES } from "./dataset";
import { auroc, fitLogistic, fitPlatt } from "./fit";
import { buildLexicons, LEXICON_OPTIONS, lexiconWeights } from "./lexicon";
import { buildNgram, NGRAM_OPTIONS } from "./ngram";
import { buildSkeleton, SKELETON_OPTIONS } from "./skeleton";

export const DOCUMENT_L2_CANDIDATES = [1, 3, 10, 30, 100, 300];
/**
 * Boosted stumps beside the logistic model (boost.ts): each adds "if feature > t, +r, else +l", so together
 * they form an additive model that can bend where a feature's effect is not a straight line. Set, not fitted
 * (one small check of 150 depth-2 trees and of rates 0.05 / 0.1 found nothing better out of domain).
 */
export const TREE_OPTIONS: BoostOptions = { trees: 300, depth: 1, rate: 0.1, lambda: 1, minHessian: 3, bins: 32 };
/** How much the trees' logit adds to the logistic one, by the mean leave-one-domain-out AUROC (0: none). */
export const TREE_WEIGHT_CANDIDATES = [0, 0.5, 1];
/**
 * The trees are used only if they raise the mean leave-one-domain-out AUROC by at least this much: a gain
 * under it is within the noise of 1,824 texts, and the trees amplify the training data's artifacts (a text
 * with no unknown word, few repeats and contractions reads as AI) on casual writing (docs/detector.md).
 */
export const TREE_MIN_GAIN = 0.01;
/** Sentence labels are their document's label (noisy), so the sentence model is strongly regularised. */
export const SENTENCE_L2_CANDIDATES = [10, 30, 100, 300];
/**
 * Human texts the verdict would call likely AI, out of domain: at most this share overall (issue 25's goal;
 * issue 9 bounded the score band at 5 % and let the caution rules bring the verdict down to about 1 %)…
 */
export const MAX_FALSE_POSITIVE_RATE = 0.01;
/** …and at most this share in any one domain. */
export const MAX_DOMAIN_FALSE_POSITIVE_RATE = 0.05;
/**
 * AI texts under the likely-human threshold, out of domain: at most this share. Half the goal of 10 %
 * (issue 25): on writing and generators the training never saw, more AI text scores low.
 */
export const MAX_AI_CALLED_HUMAN = 0.05;
/**
 * Human texts at or over the polish bar (AI habits per 100 words, see verdict.ts habitsPer100): at most this
 * share, overall. Such a text is never called likely human; the reason says it may be a model's polish.
 */
export const MAX_HUMAN_POLISH_RATE = 0.05;
/**
 * Formal human texts called likely AI, out of domain: at most this share. Formal writing is where new
 * kinds of text (legal opinions, encyclopedia articles) are most likely to be over-scored, so its bar is
 * stricter than the general 5 %.
 */
export const MAX_FORMAL_FALSE_POSITIVE_RATE = 0.01;
/** Share of human sentences (out of domain) allowed past the sentence threshold. */
export const MAX_HUMAN_SENTENCE_RATE = 0.1;
/**
 * The document prior on each sentence: a quarter of the calibrated document logit, capped at ±0.5 logits
 * (the document can multiply a sentence's odds by at most e^0.5 ≈ 1.65). Set by hand, not fitted: sentence
 * labels *are* document labels, so a fitted weight would hand the sentence score back to the document.
 */
export const SENTENCE_PRIOR = { weight: 0.25, cap: 0.5 } as const;
/** The sentence score that flags (with a reason): the centre puts it where 10 % of human sentences pass. */
export const SENTENCE_THRESHOLD = 0.5;

/**
 * Where the detector says less (docs/detector.md explains each). Set by reading the data: texts cut to
 * their first 100 words separate clearly worse than longer ones (the eval's "by length" table), and the
 * formal register (no contractions, few casual words, a fifth of the words 8+ letters long) describes the
 * abstracts, scientific articles and essays whose human texts score highest. `formal.likelyAi` is chosen
 * in training (MAX_FORMAL_FALSE_POSITIVE_RATE).
 */
export const CAUTION_RULES: Omit<CautionRules, "formal" | "polishHabitsPer100"> & {
  formal: Omit<CautionRules["formal"], "likelyAi">;
} = {
  shortWords: 100,
  formal: { minLongWordShare: 0.2, maxContractionsPer100: 0.5, maxCasualPer100: 1 },
};

export const DOCUMENT_MODEL_FEATURES = [...DOCUMENT_FEATURES, ...LEXICON_FEATURES, NGRAM_FEATURE, SKELETON_FEATURE];
export const SENTENCE_MODEL_FEATURES = [...SENTENCE_FEATURES, "unigramLexicon"];

export interface PreparedText {
  record: LabelledText;
  y: number;
  group: string;
  documentVector: number[];
  tokens: TokenCounts;
  /** Written in the formal register of the caution rules. */
  formal: boolean;
  /** AI habits per 100 words (verdict.ts habitsPer100). */
  habitsPer100: number;
  sentenceVectors: number[][];
  sentenceWords: string[][];
  /** Sentences used to train and evaluate the sentence model (not a continued human prefix). */
  sentenceUsable: boolean[];
}

export function prepare(records: readonly LabelledText[]): PreparedText[] {
  return records.map((record) => {
    const analysis = analyzeDocument(splitSentences(record.text));
    const prefix = continuesHumanPrefix(record);
    return {
      record,
      y: record.label === "ai" ? 1 : 0,
      group: record.group,
      documentVector: analysis.documentVector,
      tokens: analysis.tokens,
      formal: isFormal(analysis, {
        ...CAUTION_RULES,
        formal: { ...CAUTION_RULES.formal, likelyAi: 100 },
        polishHabitsPer100: Number.POSITIVE_INFINITY,
      }),
      habitsPer100: habitsPer100(analysis),
      sentenceVectors: analysis.sentenceVectors,
      sentenceWords: analysis.facts.map((f) => f.lowerWords),
      sentenceUsable: analysis.facts.map((_, s) => !(prefix && s === 0)),
    };
  });
}

type Lexicons = Record<LexiconKind, Map<string, number>>;

const scoresOf = (text: PreparedText, lexicons: Lexicons, ngram: CompiledNgram, skeleton: CompiledSkeleton) => [
  ...LEXICON_KINDS.map((kind) => lexiconScore(text.tokens[kind], text.tokens.totals[kind], lexicons[kind])),
  ngramScore(text.tokens.bigrams, text.tokens.totals.bigrams, ngram),
  skeletonScore(text.tokens.skeleton, text.tokens.totals.skeleton, skeleton),
];

/**
 * Lexicons and bigram models learned on `members`, and, for each member, its lexicon and bigram scores and
 * unigram lexicon from the lexicons and models learned without its domain (stacking by domain).
 */
export interface StackedLexicons {
  lexicons: Lexicons;
  ngram: CompiledNgram;
  skeleton: CompiledSkeleton;
  scores: Map<number, number[]>;
  unigramsOf: Map<number, Map<string, number>>;
}

export function stackLexicons(texts: readonly PreparedText[], members: readonly number[]): StackedLexicons {
  const lexicons = buildLexicons(members.map((i) => texts[i]));
  const ngram = compileNgram(buildNgram(members.map((i) => texts[i])));
  const skeleton = compileSkeleton(buildSkeleton(members.map((i) => texts[i])));
  const scores = new Map<number, number[]>();
  const unigramsOf = new Map<number, Map<string, number>>();
  const groups = [...new Set(members.map((i) => texts[i].group))].sort();
  for (const group of groups) {
    const others = members.filter((i) => texts[i].group !== group).map((i) => texts[i]);
    const inner = buildLexicons(others);
    const innerNgram = compileNgram(buildNgram(others));
    const innerSkeleton = compileSkeleton(buildSkeleton(others));
    for (const i of members) {
      if (texts[i].group !== group) continue;
      scores.set(i, scoresOf(texts[i], inner, innerNgram, innerSkeleton));
      unigramsOf.set(i, inner.unigrams);
    }
  }
  return { lexicons, ngram, skeleton, scores, unigramsOf };
}

export function fitDocumentModel(
  texts: readonly PreparedText[],
  members: readonly number[],
  stacked: StackedLexicons,
  l2: number,
): LogisticModel {
  return fitLogistic(
    DOCUMENT_MODEL_FEATURES,
    members.map((i) => [...texts[i].documentVector, ...stacked.scores.get(i)!]),
    members.map((i) => texts[i].y),
    { l2 },
  );
}

export function fitDocumentTrees(
  texts: readonly PreparedText[],
  members: readonly number[],
  stacked: StackedLexicons,
): BoostedTrees {
  return fitBoostedTrees(
    DOCUMENT_MODEL_FEATURES,
    members.map((i) => [...texts[i].documentVector, ...stacked.scores.get(i)!]),
    members.map((i) => texts[i].y),
    TREE_OPTIONS,
  );
}

/** Out-of-domain logits of the boosted trees alone, one per text, and each fold's trees. */
export function lodoTrees(texts: readonly PreparedText[], folds: readonly Fold[]) {
  const logits = new Array<number>(texts.length).fill(0);
  const models: BoostedTrees[] = [];
  for (const fold of folds) {
    const model = fitDocumentTrees(texts, fold.train, fold.stacked);
    models.push(model);
    for (const i of fold.test)
      logits[i] = treesLogit(model, [
        ...texts[i].documentVector,
        ...scoresOf(texts[i], fold.stacked.lexicons, fold.stacked.ngram, fold.stacked.skeleton),
      ]);
  }
  return { logits, models };
}

/** Mean AUROC over the left-out domains of out-of-domain logits. */
function meanDomainAuroc(texts: readonly PreparedText[], folds: readonly Fold[], logits: readonly number[]) {
  return mean(
    folds.map((fold) =>
      auroc(
        fold.test.map((i) => logits[i]),
        fold.test.map((i) => texts[i].y),
      ),
    ),
  );
}

interface SentenceRow {
  text: number;
  sentence: number;
  y: number;
  vector: number[];
}

function sentenceRows(
  texts: readonly PreparedText[],
  members: readonly number[],
  unigramsOf: (i: number) => Map<string, number>,
): SentenceRow[] {
  const rows: SentenceRow[] = [];
  for (const i of members) {
    const t = texts[i];
    const unigrams = unigramsOf(i);
    t.sentenceVectors.forEach((vector, s) => {
      if (!t.sentenceUsable[s]) return;
      rows.push({
        text: i,
        sentence: s,
        y: t.y,
        vector: [...vector, sentenceLexiconScore(t.sentenceWords[s], unigrams)],
      });
    });
  }
  return rows;
}

export function fitSentenceModel(rows: readonly SentenceRow[], l2: number): LogisticModel {
  return fitLogistic(
    SENTENCE_MODEL_FEATURES,
    rows.map((r) => r.vector),
    rows.map((r) => r.y),
    { l2 },
  );
}

/** One leave-one-domain-out fold: everything learned without `group`. */
export interface Fold {
  group: string;
  train: number[];
  test: number[];
  stacked: StackedLexicons;
}

export function makeFolds(texts: readonly PreparedText[]): Fold[] {
  const groups = [...new Set(texts.map((t) => t.group))].sort();
  return groups.map((group) => {
    const train = texts.map((_, i) => i).filter((i) => texts[i].group !== group);
    const test = texts.map((_, i) => i).filter((i) => texts[i].group === group);
    return { group, train, test, stacked: stackLexicons(texts, train) };
  });
}

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

/** Out-of-domain document logits of every text for one L2 strength, and the AUROC of each left-out domain. */
export function lodoDocument(texts: readonly PreparedText[], folds: readonly Fold[], l2: number) {
  const logits = new Array<number>(texts.length).fill(0);
  const models: LogisticModel[] = [];
  const domainAurocs: Record<string, number> = {};
  for (const fold of folds) {
    const model = fitDocumentModel(texts, fold.train, fold.stacked, l2);
    models.push(model);
    for (const i of fold.test)
      logits[i] = logit(model, [
        ...texts[i].documentVector,
        ...scoresOf(texts[i], fold.stacked.lexicons, fold.stacked.ngram, fold.stacked.skeleton),
      ]);
    domainAurocs[fold.group] = auroc(
      fold.test.map((i) => logits[i]),
      fold.test.map((i) => texts[i].y),
    );
  }
  return { logits, models, domainAurocs, meanAuroc: mean(Object.values(domainAurocs)) };
}

/** Out-of-domain sentence logits (local, without the document prior) for one L2 strength. */
export function lodoSentences(texts: readonly PreparedText[], folds: readonly Fold[], l2: number) {
  const rows: SentenceRow[] = [];
  const logits: number[] = [];
  const models: LogisticModel[] = [];
  const domainAurocs: Record<string, number> = {};
  for (const fold of folds) {
    const train = sentenceRows(texts, fold.train, (i) => fold.stacked.unigramsOf.get(i)!);
    const model = fitSentenceModel(train, l2);
    models.push(model);
    const test = sentenceRows(texts, fold.test, () => fold.stacked.lexicons.unigrams);
    const testLogits = test.map((r) => logit(model, r.vector));
    rows.push(...test);
    logits.push(...testLogits);
    domainAurocs[fold.group] = auroc(
      testLogits,
      test.map((r) => r.y),
    );
  }
  return { rows, logits, models, domainAurocs, meanAuroc: mean(Object.values(domainAurocs)) };
}

const percentOf = (probability: number) => Math.round(probability * 1000) / 10;

/**
 * The lowest AI percentage (one decimal, at least 50) at which at most `overall` of the human texts, and
 * at most `perDomain` of those of any one domain, would be called likely AI. `heldBack(i, t)` says whether
 * human text i, though at or over t, is held back by a caution rule (formal writing under its own bar).
 */
export function likelyAiThreshold(
  percentages: readonly number[],
  texts: readonly PreparedText[],
  overall: number,
  perDomain: number,
  heldBack: (i: number) => boolean = () => false,
): number {
  const humans = texts.map((_, i) => i).filter((i) => texts[i].y === 0);
  const groups = [...new Set(texts.map((t) => t.group))];
  const fine = (t: number) => {
    const over = (ids: number[]) =>
      ids.filter((i) => percentages[i] >= t && !heldBack(i)).length / Math.max(1, ids.length);
    return (
      over(humans) <= overall && groups.every((g) => over(humans.filter((i) => texts[i].group === g)) <= perDomain)
    );
  };
  const candidates = [...new Set(humans.map((i) => percentages[i]).filter((p) => p > 50))].sort((a, b) => a - b);
  let threshold = 50;
  if (fine(threshold)) return threshold;
  for (const p of candidates) {
    // Just above a human score: that text no longer counts.
    const t = Math.round((p + 0.1) * 10) / 10;
    if (fine(t)) {
      threshold = t;
      break;
    }
    threshold = t;
  }
  return threshold;
}

/** The highest AI percentage (one decimal, at most 50) under which at most `rate` of the AI texts fall. */
export function likelyHumanThreshold(
  percentages: readonly number[],
  texts: readonly PreparedText[],
  rate: number,
): number {
  const ai = texts
    .map((_, i) => i)
    .filter((i) => texts[i].y === 1)
    .map((i) => percentages[i])
    .sort((a, b) => a - b);
  const allowed = Math.floor(rate * ai.length);
  // Below ai[allowed] lie exactly `allowed` AI texts (ties fall above).
  return Math.min(50, ai[allowed] ?? 50);
}

/**
 * The verdict's thresholds from out-of-domain percentages (one per text): likely AI and likely human, and
 * the stricter likely-AI bar of formal writing.
 */
export function chooseThresholds(
  percentages: readonly number[],
  texts: readonly PreparedText[],
): { thresholds: Pick<VerdictThresholds, "likelyAi" | "likelyHuman">; caution: CautionRules } {
  // Formal writing first: its own, stricter bar on the formal human texts alone…
  const formal = texts.map((_, i) => i).filter((i) => texts[i].formal);
  const formalBar = likelyAiThreshold(
    formal.map((i) => percentages[i]),
    formal.map((i) => texts[i]),
    MAX_FORMAL_FALSE_POSITIVE_RATE,
    1,
  );
  // …then the general bar, counting the human texts the verdict would call likely AI (a formal text under
  // the formal bar is held back).
  const likelyAi = likelyAiThreshold(
    percentages,
    texts,
    MAX_FALSE_POSITIVE_RATE,
    MAX_DOMAIN_FALSE_POSITIVE_RATE,
    (i) => texts[i].formal && percentages[i] < formalBar,
  );
  const likelyHuman = likelyHumanThreshold(percentages, texts, MAX_AI_CALLED_HUMAN);
  const formalLikelyAi = Math.max(likelyAi, formalBar);
  return {
    thresholds: { likelyAi, likelyHuman },
    caution: {
      ...CAUTION_RULES,
      formal: { ...CAUTION_RULES.formal, likelyAi: formalLikelyAi },
      polishHabitsPer100: polishBar(texts),
    },
  };
}

/**
 * The polish bar: the lowest habit rate (two decimals) that at most MAX_HUMAN_POLISH_RATE of the human texts
 * reach. It reads no model score, only the texts, so it is the same in and out of domain.
 */
export function polishBar(texts: readonly PreparedText[]): number {
  const rates = texts.filter((t) => t.y === 0).map((t) => t.habitsPer100);
  const allowed = Math.floor(MAX_HUMAN_POLISH_RATE * rates.length);
  const sorted = [...rates].sort((a, b) => b - a);
  // Just above the (allowed + 1)-th highest rate: exactly `allowed` human texts (ties aside) reach it.
  return Math.floor(sorted[Math.min(allowed, sorted.length - 1)] * 100 + 1) / 100;
}

/** The smallest value that at most `rate` of `scores` exceed. */
function upperQuantile(scores: readonly number[], rate: number): number {
  const sorted = [...scores].sort((a, b) => b - a);
  return sorted[Math.min(Math.floor(rate * sorted.length), sorted.length - 1)] ?? 0;
}

export interface TrainedDetector {
  model: ScoringModel & { version: 2; trainedOn: object; training: object };
  /** Per left-out domain: the scoring model learned without it (shipped calibration and thresholds). */
  foldModels: { group: string; model: ScoringModel }[];
  /** Out-of-domain document logits (uncalibrated), one per record, in record order. */
  lodoLogits: number[];
}

export function trainDetector(records: readonly LabelledText[]): TrainedDetector {
  const texts = prepare(records);
  const folds = makeFolds(texts);

  // Document model: L2 by the mean AUROC over left-out domains.
  const documentRuns = DOCUMENT_L2_CANDIDATES.map((l2) => ({ l2, ...lodoDocument(texts, folds, l2) }));
  const bestDocument = documentRuns.reduce((best, run) => (run.meanAuroc > best.meanAuroc + 1e-9 ? run : best));
  // Boosted stumps beside it: their weight by the mean AUROC over left-out domains of the sum.
  const treeRun = lodoTrees(texts, folds);
  const treeRuns = TREE_WEIGHT_CANDIDATES.map((weight) => {
    const logits = bestDocument.logits.map((z, i) => z + weight * treeRun.logits[i]);
    return { weight, logits, meanAuroc: meanDomainAuroc(texts, folds, logits) };
  });
  const bestTrees = treeRuns.reduce((best, run) =>
    run.meanAuroc > best.meanAuroc + 1e-9 && run.meanAuroc >= treeRuns[0].meanAuroc + TREE_MIN_GAIN ? run : best,
  );
  const withTrees = (model: BoostedTrees) =>
    bestTrees.weight === 0
      ? { weight: 0, features: model.features, base: 0, trees: [] }
      : { weight: bestTrees.weight, ...model };
  const labels = texts.map((t) => t.y);
  const calibration = fitPlatt(bestTrees.logits, labels);
  const calibrated = bestTrees.logits.map((z) => calibration.a * z + calibration.b);
  const percentages = calibrated.map((z) => percentOf(sigmoid(z)));
  const { thresholds: verdictThresholds, caution } = chooseThresholds(percentages, texts);
  const { likelyAi, likelyHuman } = verdictThresholds;

  // Sentence model: L2 by the mean sentence AUROC over left-out domains; the centre puts 0.5 where
  // MAX_HUMAN_SENTENCE_RATE of the human sentences (out of domain, with the document prior) pass.
  const sentenceRuns = SENTENCE_L2_CANDIDATES.map((l2) => ({ l2, ...lodoSentences(texts, folds, l2) }));
  const bestSentence = sentenceRuns.reduce((best, run) => (run.meanAuroc > best.meanAuroc + 1e-9 ? run : best));
  const uncentred = bestSentence.rows.map((r, k) =>
    sentenceLogit(bestSentence.logits[k], calibrated[r.text], { ...SENTENCE_PRIOR, centre: 0 }),
  );
  const centre = Math.max(
    0,
    upperQuantile(
      uncentred.filter((_, k) => bestSentence.rows[k].y === 0),
      MAX_HUMAN_SENTENCE_RATE,
    ),
  );
  const sentencePrior: SentencePrior = { ...SENTENCE_PRIOR, centre };

  // The shipped models: every text, lexicon features stacked by domain.
  const everyone = texts.map((_, i) => i);
  const stacked = stackLexicons(texts, everyone);
  const document = fitDocumentModel(texts, everyone, stacked, bestDocument.l2);
  const trees = withTrees(bestTrees.weight === 0 ? treeRun.models[0] : fitDocumentTrees(texts, everyone, stacked));
  const sentence = fitSentenceModel(
    sentenceRows(texts, everyone, (i) => stacked.unigramsOf.get(i)!),
    bestSentence.l2,
  );
  const thresholds = { likelyAi, likelyHuman, sentence: SENTENCE_THRESHOLD };
  const shared = { calibration, sentencePrior, thresholds, caution };

  const model = {
    version: 2 as const,
    trainedOn: {
      records: texts.length,
      human: labels.filter((y) => y === 0).length,
      ai: labels.filter((y) => y === 1).length,
      domains: folds.map((f) => f.group),
      files: TRAINING_FILES.map((f) => ({ set: f.set, sha256: f.sha256 })),
    },
    ...shared,
    document,
    trees,
    sentence,
    training: {
      chosenBy:
        "L2: mean leave-one-domain-out AUROC; calibration: Platt on leave-one-domain-out logits; likelyAi: lowest " +
        `AI percentage keeping out-of-domain human texts at or over it <= ${MAX_FALSE_POSITIVE_RATE * 100}% overall and <= ` +
        `${MAX_DOMAIN_FALSE_POSITIVE_RATE * 100}% per domain; likelyHuman: highest percentage under which <= ` +
        `${MAX_AI_CALLED_HUMAN * 100}% of out-of-domain AI texts fall; formal likelyAi: the same for formal human texts ` +
        `at <= ${MAX_FORMAL_FALSE_POSITIVE_RATE * 100}%; sentence centre: ${MAX_HUMAN_SENTENCE_RATE * 100}% ` +
        "of out-of-domain human sentences pass 0.5",
      lexicon: LEXICON_OPTIONS,
      ngram: NGRAM_OPTIONS,
      skeleton: SKELETON_OPTIONS,
      document: {
        l2: bestDocument.l2,
        lodoMeanAuroc: Object.fromEntries(documentRuns.map((r) => [String(r.l2), r.meanAuroc])),
        lodoDomainAuroc: bestDocument.domainAurocs,
      },
      trees: {
        options: TREE_OPTIONS,
        weight: bestTrees.weight,
        lodoMeanAuroc: Object.fromEntries(treeRuns.map((r) => [String(r.weight), r.meanAuroc])),
      },
      sentence: {
        l2: bestSentence.l2,
        lodoMeanAuroc: Object.fromEntries(sentenceRuns.map((r) => [String(r.l2), r.meanAuroc])),
        lodoDomainAuroc: bestSentence.domainAurocs,
      },
    },
    lexicons: lexiconWeights(stacked.lexicons),
    ngram: stacked.ngram.model,
    skeleton: stacked.skeleton.model,
  };

  const docIndex = documentRuns.indexOf(bestDocument);
  const sentenceIndex = sentenceRuns.indexOf(bestSentence);
  const foldModels = folds.map((fold, k) => ({
    group: fold.group,
    model: {
      ...shared,
      lexicons: lexiconWeights(fold.stacked.lexicons),
      ngram: fold.stacked.ngram.model,
      skeleton: fold.stacked.skeleton.model,
      document: documentRuns[docIndex].models[k],
      trees: withTrees(treeRun.models[k]),
      sentence: sentenceRuns[sentenceIndex].models[k],
    },
  }));
  return { model, foldModels, lodoLogits: bestTrees.logits };
}
