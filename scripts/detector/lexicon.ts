/**
 * Learns the lexicons of src/server/detection/lexicon.ts from labelled texts.
 *
 * For each domain d and token w: the rate of w among AI tokens and among human tokens of d (a text adds
 * at most COUNT_CAP of each token, so one text repeating a name cannot tip a whole domain), smoothed
 * towards equality by SMOOTHING pseudo-tokens, and their log ratio δ_d(w). A domain where w never occurs
 * contributes δ = 0. The weight is the median of δ over the domains, so it is large only for a token that
 * leans the same way in most domains, whatever the domain's subject or register. Tokens seen in fewer
 * than MIN_DOMAINS domains are dropped, and the TOP_TOKENS with the largest |weight| are kept.
 */
import type { TokenCounts } from "../../src/server/detection/features";
import { LEXICON_KINDS, type LexiconKind, type LexiconWeights } from "../../src/server/detection/lexicon";

export const LEXICON_OPTIONS = {
  countCap: 2,
  smoothing: 0.5,
  minDomains: 3,
  topTokens: 1500,
  /** Weights are stored with this many decimals (model.json stays small and byte-stable). */
  decimals: 3,
} as const;

export interface LexiconText {
  y: number;
  group: string;
  tokens: TokenCounts;
}

function domainDeltas(texts: readonly LexiconText[], kind: LexiconKind): Map<string, number> {
  const ai = new Map<string, number>();
  const human = new Map<string, number>();
  let aiTotal = 0;
  let humanTotal = 0;
  for (const text of texts) {
    const target = text.y === 1 ? ai : human;
    for (const [token, count] of text.tokens[kind]) {
      const capped = Math.min(LEXICON_OPTIONS.countCap, count);
      target.set(token, (target.get(token) ?? 0) + capped);
      if (text.y === 1) aiTotal += capped;
      else humanTotal += capped;
    }
  }
  const deltas = new Map<string, number>();
  if (aiTotal === 0 || humanTotal === 0) return deltas;
  const aiShare = aiTotal / (aiTotal + humanTotal);
  const pseudo = 2 * LEXICON_OPTIONS.smoothing;
  for (const token of new Set([...ai.keys(), ...human.keys()])) {
    const a = ai.get(token) ?? 0;
    const h = human.get(token) ?? 0;
    deltas.set(token, Math.log((a + pseudo * aiShare) / aiTotal) - Math.log((h + pseudo * (1 - aiShare)) / humanTotal));
  }
  return deltas;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function buildLexicon(texts: readonly LexiconText[], kind: LexiconKind): Map<string, number> {
  const groups = [...new Set(texts.map((t) => t.group))].sort();
  const perGroup = groups.map((g) =>
    domainDeltas(
      texts.filter((t) => t.group === g),
      kind,
    ),
  );
  const tokens = new Set<string>();
  for (const deltas of perGroup) for (const token of deltas.keys()) tokens.add(token);
  const scale = 10 ** LEXICON_OPTIONS.decimals;
  const weighted: [string, number][] = [];
  for (const token of tokens) {
    const deltas = perGroup.map((d) => d.get(token) ?? 0);
    if (deltas.filter((d) => d !== 0).length < Math.min(LEXICON_OPTIONS.minDomains, groups.length)) continue;
    const weight = Math.round(median(deltas) * scale) / scale;
    if (weight !== 0) weighted.push([token, weight]);
  }
  weighted.sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]) || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return new Map(weighted.slice(0, LEXICON_OPTIONS.topTokens));
}

export function buildLexicons(texts: readonly LexiconText[]): Record<LexiconKind, Map<string, number>> {
  return {
    unigrams: buildLexicon(texts, "unigrams"),
    bigrams: buildLexicon(texts, "bigrams"),
    firstWords: buildLexicon(texts, "firstWords"),
  };
}

/** For model.json: plain objects in a fixed order (largest |weight| first, then alphabetical). */
export function lexiconWeights(lexicons: Record<LexiconKind, Map<string, number>>): LexiconWeights {
  return Object.fromEntries(LEXICON_KINDS.map((kind) => [kind, Object.fromEntries(lexicons[kind])])) as LexiconWeights;
}
