/**
 * Predictability under two small word-bigram models, one counted on the AI texts of the training data and
 * one on the human texts (issue 25): how much more expected each token is, given the one before it, under
 * the AI model than under the human one. A small-model cousin of Binoculars / Fast-DetectGPT: chat models
 * write the continuation that is most probable, and what is probable to a model shows up, even in a
 * bigram model of a few hundred thousand words, as word pairs that AI text repeats across many texts.
 *
 * Each model is Dirichlet-smoothed down to add-one unigrams, its counts c scaled so that both models have
 * the same size N (the mean of the two totals):
 *   P(w) = (c(w) + 1) / (N + V),   P(w | v) = (c(v w) + k · P(w)) / (c(v) + k),
 * over the tokens the lexicons read (lower-case words, numbers as "<num>", commas and other marks, "<s>" and
 * "</s>" at the sentence's edges). Only words and pairs seen at least `minCount` times in the training data
 * (both labels together) are kept, so the tables list common phrasing, never a text. A text's score is the
 * mean over its tokens of log P_ai − log P_human: positive means "reads as the AI texts did".
 * scripts/detector/training.ts counts the tables and stores them in model.json.
 */

/** As stored in model.json: counts as [AI, human]. */
export interface NgramModel {
  /** The Dirichlet weight of the unigram model in each bigram context. */
  k: number;
  /** Distinct tokens in the training texts, plus one for an unseen token (the add-one denominator). */
  vocabulary: number;
  /** Tokens counted in the AI and in the human texts (before pruning). */
  totals: [number, number];
  unigrams: Record<string, [number, number]>;
  bigrams: Record<string, [number, number]>;
}

export const NGRAM_FEATURE = "ngramLlr";

export interface CompiledNgram {
  model: NgramModel;
  unigrams: Map<string, [number, number]>;
  bigrams: Map<string, [number, number]>;
  /** Per label: the count scale and the add-one denominator (see pairLogRatio). */
  scale: [number, number];
  denominator: [number, number];
  /** pairLogRatio of every stored pair, worked out once (the same arithmetic, so the same numbers). */
  storedRatios: Map<string, number>;
}

/**
 * Both models' counts are scaled to the same size (the mean of the two totals), so they differ in what they
 * prefer, not in how much text they saw: a word neither model has seen weighs 0, not "AI" because the AI
 * half of the data is the smaller one.
 */
export function compileNgram(model: NgramModel): CompiledNgram {
  const size = (model.totals[0] + model.totals[1]) / 2;
  const compiled: CompiledNgram = {
    model,
    unigrams: new Map(Object.entries(model.unigrams)),
    bigrams: new Map(Object.entries(model.bigrams)),
    scale: [size / model.totals[0], size / model.totals[1]],
    denominator: [size + model.vocabulary, size + model.vocabulary],
    storedRatios: new Map(),
  };
  for (const key of compiled.bigrams.keys()) {
    const space = key.indexOf(" ");
    compiled.storedRatios.set(key, pairLogRatio(compiled, key, key.slice(0, space), key.slice(space + 1)));
  }
  return compiled;
}

const NONE: [number, number] = [0, 0];

/** log P_ai(w | v) − log P_human(w | v) for one token pair ("v w", its previous token and its word). */
export function pairLogRatio(ngram: CompiledNgram, pairKey: string, previous: string, word: string): number {
  const k = ngram.model.k;
  const unigram = ngram.unigrams.get(word) ?? NONE;
  // c(v ·) = c(v) as a token, except "<s>", which starts as many pairs as "</s>" ends.
  const history = ngram.unigrams.get(previous === "<s>" ? "</s>" : previous) ?? NONE;
  const pair = ngram.bigrams.get(pairKey) ?? NONE;
  const { scale, denominator } = ngram;
  const p1Ai = (scale[0] * unigram[0] + 1) / denominator[0];
  const p1Human = (scale[1] * unigram[1] + 1) / denominator[1];
  const pAi = (scale[0] * pair[0] + k * p1Ai) / (scale[0] * history[0] + k);
  const pHuman = (scale[1] * pair[1] + k * p1Human) / (scale[1] * history[1] + k);
  return Math.log(pAi) - Math.log(pHuman);
}

/**
 * The mean log ratio per token of a text's word pairs (TokenCounts.bigrams: "previous word" → count, the
 * same pairs the bigram lexicon reads).
 */
export function ngramScore(pairs: Map<string, number>, total: number, ngram: CompiledNgram): number {
  if (total === 0) return 0;
  let sum = 0;
  for (const [key, count] of pairs) {
    const stored = ngram.storedRatios.get(key);
    if (stored !== undefined) {
      sum += count * stored;
      continue;
    }
    const space = key.indexOf(" ");
    sum += count * pairLogRatio(ngram, key, key.slice(0, space), key.slice(space + 1));
  }
  return sum / total;
}
