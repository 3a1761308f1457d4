/**
 * Counts the two word-bigram models of src/server/detection/ngram.ts (AI texts, human texts) from labelled
 * texts: the same word pairs the bigram lexicon reads (TokenCounts.bigrams), a word's count being the
 * number of pairs it ends. Words and pairs seen fewer than `minCount` times (both labels together) are
 * dropped. Chosen leave-one-domain-out (scripts/detector/experiment-ngram.ts; docs/detector.md): a bigram
 * model beat a trigram one on caught AI text at the same AUROC, and pruning at 5 lost nothing against
 * keeping every pair while keeping model.json small.
 */
import type { TokenCounts } from "../../src/server/detection/features";
import type { NgramModel } from "../../src/server/detection/ngram";

export const NGRAM_OPTIONS = { k: 3, minCount: 5 } as const;

export interface NgramText {
  y: number;
  tokens: Pick<TokenCounts, "bigrams">;
}

const byKey = (a: [string, unknown], b: [string, unknown]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

function add(map: Map<string, [number, number]>, key: string, label: number, count: number) {
  const counts = map.get(key) ?? [0, 0];
  counts[label] += count;
  map.set(key, counts);
}

export function buildNgram(texts: readonly NgramText[]): NgramModel {
  const unigrams = new Map<string, [number, number]>();
  const bigrams = new Map<string, [number, number]>();
  const totals: [number, number] = [0, 0];
  for (const text of texts) {
    const label = text.y === 1 ? 0 : 1;
    for (const [key, count] of text.tokens.bigrams) {
      add(bigrams, key, label, count);
      add(unigrams, key.slice(key.indexOf(" ") + 1), label, count);
      totals[label] += count;
    }
  }
  const kept = (map: Map<string, [number, number]>) =>
    Object.fromEntries([...map].filter(([, [a, h]]) => a + h >= NGRAM_OPTIONS.minCount).sort(byKey));
  return {
    k: NGRAM_OPTIONS.k,
    vocabulary: unigrams.size + 1,
    totals,
    unigrams: kept(unigrams),
    bigrams: kept(bigrams),
  };
}
