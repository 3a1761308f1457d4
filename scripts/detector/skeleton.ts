/**
 * Counts the two skeleton trigram models of src/server/detection/skeleton.ts (AI texts, human texts) from
 * labelled texts' skeleton triples (TokenCounts.skeleton). Pairs, single symbols and the contexts are derived
 * from the triples, so every count is consistent; triples and pairs seen fewer than `minCount` times (both
 * labels together) are dropped, contexts and single symbols all kept. Chosen leave-one-domain-out
 * (scripts/detector/experiment-round4.ts; docs/detector.md): a skeleton trigram model did as well as a
 * 4-gram one; k = 3 as for the word bigrams.
 */
import type { TokenCounts } from "../../src/server/detection/features";
import type { SkeletonModel } from "../../src/server/detection/skeleton";

export const SKELETON_OPTIONS = { k: 3, minCount: 3 } as const;

export interface SkeletonText {
  y: number;
  tokens: Pick<TokenCounts, "skeleton">;
}

const byKey = (a: [string, unknown], b: [string, unknown]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

function add(map: Map<string, [number, number]>, key: string, label: number, count: number) {
  const counts = map.get(key) ?? [0, 0];
  counts[label] += count;
  map.set(key, counts);
}

export function buildSkeleton(texts: readonly SkeletonText[]): SkeletonModel {
  const grams = new Map<string, [number, number]>();
  const contexts = new Map<string, [number, number]>();
  const totals: [number, number] = [0, 0];
  for (const text of texts) {
    const label = text.y === 1 ? 0 : 1;
    for (const [key, count] of text.tokens.skeleton) {
      const first = key.indexOf(" ");
      const second = key.indexOf(" ", first + 1);
      add(grams, key, label, count);
      add(grams, key.slice(first + 1), label, count);
      add(grams, key.slice(second + 1), label, count);
      add(contexts, key.slice(0, second), label, count);
      add(contexts, key.slice(first + 1, second), label, count);
      totals[label] += count;
    }
  }
  const symbols = [...grams.keys()].filter((key) => !key.includes(" ")).length;
  const kept = Object.fromEntries(
    [...grams].filter(([key, [a, h]]) => !key.includes(" ") || a + h >= SKELETON_OPTIONS.minCount).sort(byKey),
  );
  return {
    k: SKELETON_OPTIONS.k,
    vocabulary: symbols + 1,
    totals,
    grams: kept,
    contexts: Object.fromEntries([...contexts].sort(byKey)),
  };
}
