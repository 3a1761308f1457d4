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

/**
 * Document feature names of the lexicon scores, appended to DOCUMENT_FEATURES in the model: the mean weight
 * per token over the whole lexicon, then (issue 25) over its STRONG_TOKENS strongest entries only, so the
 * model can weigh the clearest markers apart from the long tail of faint ones.
 */
export const LEXICON_FEATURES = [
  "unigramLexicon",
  "bigramLexicon",
  "firstWordLexicon",
  "unigramLexiconStrong",
  "bigramLexiconStrong",
  "firstWordLexiconStrong",
] as const;

/**
 * How many of a lexicon's entries count as strong: those whose |weight| is at least the STRONG_TOKENS-th
 * largest (ties included). Chosen by leave-one-domain-out (750 of 1,500; docs/detector.md).
 */
export const STRONG_TOKENS = 750;

/** As stored in model.json: token → weight (log-ratio, + means AI). */
export type LexiconWeights = Record<LexiconKind, Record<string, number>>;
export type Lexicons = Record<LexiconKind, Map<string, number>>;
/** The lexicons, and each one's strong entries (strongEntries). */
export type CompiledLexicons = Lexicons & { strong: Lexicons };

/** The entries of a lexicon whose |weight| is at least the STRONG_TOKENS-th largest: the order of keys does not matter. */
export function strongEntries(lexicon: Map<string, number>, count = STRONG_TOKENS): Map<string, number> {
  if (lexicon.size <= count) return new Map(lexicon);
  const magnitudes = [...lexicon.values()].map(Math.abs).sort((a, b) => b - a);
  const bar = magnitudes[count - 1];
  return new Map([...lexicon].filter(([, weight]) => Math.abs(weight) >= bar));
}

export function compileLexicons(weights: LexiconWeights | Lexicons): CompiledLexicons {
  const map = (kind: LexiconKind) => {
    const entries = weights[kind];
    return entries instanceof Map ? entries : new Map(Object.entries(entries));
  };
  const lexicons: Lexicons = { unigrams: map("unigrams"), bigrams: map("bigrams"), firstWords: map("firstWords") };
  return {
    ...lexicons,
    strong: {
      unigrams: strongEntries(lexicons.unigrams),
      bigrams: strongEntries(lexicons.bigrams),
      firstWords: strongEntries(lexicons.firstWords),
    },
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

/** The six lexicon scores of a text, in LEXICON_FEATURES order. */
export function lexiconScores(tokens: TokenCounts, lexicons: CompiledLexicons): number[] {
  return [
    ...LEXICON_KINDS.map((kind) => lexiconScore(tokens[kind], tokens.totals[kind], lexicons[kind])),
    ...LEXICON_KINDS.map((kind) => lexiconScore(tokens[kind], tokens.totals[kind], lexicons.strong[kind])),
  ];
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
