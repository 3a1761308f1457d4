/**
 * Function-word rhythm under two small trigram models (issue 25, fourth round): each sentence is read as its
 * skeleton — the 100 function words (features.ts FUNCTION_WORDS), commas and other marks and "<num>" kept,
 * every other word replaced by its length class (S: up to 4 letters, M: 5–7, L: 8 or more) — and the score is
 * how much more expected each skeleton symbol is, given the two before it, under a model counted on the AI
 * texts of the training data than under one counted on the human texts. The skeleton carries no topic, so it
 * says how a text is built ("the L of the M, which") rather than what it is about, which is why it travels to
 * kinds of writing the training never saw better than a word model (docs/detector.md, fourth round).
 *
 * Each model is Dirichlet-smoothed from trigram to bigram to add-one unigram, both models' counts scaled to
 * the same size N (as ngram.ts does):
 *   P(w) = (c(w) + 1) / (N + V),   P(w | v) = (c(v w) + k · P(w)) / (c(v ·) + k),
 *   P(w | u v) = (c(u v w) + k · P(w | v)) / (c(u v ·) + k),
 * with "<s> <s>" before a sentence and "</s>" after it. features.ts (skeletonSymbol, countTokens) reads a
 * text's triples; scripts/detector/skeleton.ts counts the tables.
 */

/** As stored in model.json: counts as [AI, human]. */
export interface SkeletonModel {
  k: number;
  /** Distinct symbols in the training texts, plus one for an unseen symbol. */
  vocabulary: number;
  /** Symbols counted in the AI and in the human texts (before pruning). */
  totals: [number, number];
  /** Counts of symbols, symbol pairs and triples ("a", "a b", "a b c"), kept if seen `minCount` times. */
  grams: Record<string, [number, number]>;
  /** Counts of contexts ("a" and "a b" as the one or two symbols before another), all kept. */
  contexts: Record<string, [number, number]>;
}

export const SKELETON_FEATURE = "skeletonLlr";

export interface CompiledSkeleton {
  model: SkeletonModel;
  grams: Map<string, [number, number]>;
  contexts: Map<string, [number, number]>;
  scale: [number, number];
  denominator: number;
  /** trigramLogRatio of every stored triple, worked out once. */
  storedRatios: Map<string, number>;
}

const NONE: [number, number] = [0, 0];

export function compileSkeleton(model: SkeletonModel): CompiledSkeleton {
  const size = (model.totals[0] + model.totals[1]) / 2;
  const compiled: CompiledSkeleton = {
    model,
    grams: new Map(Object.entries(model.grams)),
    contexts: new Map(Object.entries(model.contexts)),
    scale: [size / model.totals[0], size / model.totals[1]],
    denominator: size + model.vocabulary,
    storedRatios: new Map(),
  };
  for (const key of compiled.grams.keys())
    if (key.split(" ").length === 3) compiled.storedRatios.set(key, trigramLogRatio(compiled, key));
  return compiled;
}

/** log P_ai(w | u v) − log P_human(w | u v) for one triple "u v w". */
export function trigramLogRatio(skeleton: CompiledSkeleton, key: string): number {
  const first = key.indexOf(" ");
  const second = key.indexOf(" ", first + 1);
  const v = key.slice(first + 1, second);
  const w = key.slice(second + 1);
  const { grams, contexts, scale, denominator } = skeleton;
  const k = skeleton.model.k;
  const unigram = grams.get(w) ?? NONE;
  const pair = grams.get(`${v} ${w}`) ?? NONE;
  const pairContext = contexts.get(v) ?? NONE;
  const triple = grams.get(key) ?? NONE;
  const tripleContext = contexts.get(key.slice(0, second)) ?? NONE;
  const p = [0, 1].map((y) => {
    const p1 = (scale[y] * unigram[y] + 1) / denominator;
    const p2 = (scale[y] * pair[y] + k * p1) / (scale[y] * pairContext[y] + k);
    return (scale[y] * triple[y] + k * p2) / (scale[y] * tripleContext[y] + k);
  });
  return Math.log(p[0]) - Math.log(p[1]);
}

/** The mean log ratio per symbol of a text's skeleton trigrams (TokenCounts.skeleton, totals.skeleton). */
export function skeletonScore(trigrams: Map<string, number>, total: number, skeleton: CompiledSkeleton): number {
  if (total === 0) return 0;
  let sum = 0;
  for (const [key, count] of trigrams)
    sum += count * (skeleton.storedRatios.get(key) ?? trigramLogRatio(skeleton, key));
  return sum / total;
}
