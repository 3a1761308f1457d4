/**
 * Learned lexicons: words, word pairs and sentence openings that AI text uses more (positive weight) or less
 * (negative weight) than human text *in most of the training domains*. A word's weight is the median over
 * the domains of its smoothed log ratio of rates, so a word that is "AI" in essays but "human" in news
 * (a domain marker, not a style) ends up near zero and is dropped. The weights are learned by
 * scripts/detector/lexicon.ts and stored in model.json; a text's score is the mean weight per token
 * (per-text normalised: it does not grow with length).
 */
import type { TokenCounts } from "./features";

export const LEXICON_KINDS = ["unigrams", "bigrams", "firstWords"] as const;
export type LexiconKind = (typeof LEXICON_KINDS)[number];

/** Document feature names of the lexicon scores, appended to DOCUMENT_FEATURES in the model. */
export const LEXICON_FEATURES = ["unigramLexicon", "bigramLexicon", "firstWordLexicon"] as const;

/** As stored in model.json: token → weight (log-ratio, + means AI). */
export type LexiconWeights = Record<LexiconKind, Record<string, number>>;
export type CompiledLexicons = Record<LexiconKind, Map<string, number>>;

export function compileLexicons(weights: LexiconWeights): CompiledLexicons {
  return {
    unigrams: new Map(Object.entries(weights.unigrams)),
    bigrams: new Map(Object.entries(weights.bigrams)),
    firstWords: new Map(Object.entries(weights.firstWords)),
  };
}

/** Mean lexicon weight per token of one kind (tokens the lexicon does not list weigh 0). */
export function lexiconScore(counts: Map<string, number>, total: number, lexicon: Map<string, number>): number {
  if (total === 0) return 0;
  let sum = 0;
  for (const [token, count] of counts) {
    const weight = lexicon.get(token);
    if (weight !== undefined) sum += weight * count;
  }
  return sum / total;
}

/** The three lexicon scores of a text, in LEXICON_FEATURES order. */
export function lexiconScores(tokens: TokenCounts, lexicons: CompiledLexicons): number[] {
  return LEXICON_KINDS.map((kind) => lexiconScore(tokens[kind], tokens.totals[kind], lexicons[kind]));
}

/** Mean unigram weight of one sentence's words (numbers left out). */
export function sentenceLexiconScore(lowerWords: readonly string[], unigrams: Map<string, number>): number {
  let sum = 0;
  let n = 0;
  for (const word of lowerWords) {
    const code = word.charCodeAt(0);
    if (code >= 48 && code <= 57) continue;
    n++;
    sum += unigrams.get(word) ?? 0;
  }
  return n === 0 ? 0 : sum / n;
}
