/**
 * Gradient-boosted regression trees with the logistic loss (Newton leaves, an L2 penalty on the leaf
 * values), small and dependency-free. Deterministic: split candidates are quantiles of the training
 * values, features are tried in order and the first best split wins ties, no sampling — the same data
 * always gives the same trees. Training only: the server scores with src/server/detection/trees.ts.
 */
import { sigmoid } from "../../src/server/detection/logistic";
import { type BoostedTrees, type TreeNode, treesLogit } from "../../src/server/detection/trees";

export interface BoostOptions {
  /** Number of trees. */
  trees: number;
  /** Splits from root to leaf (1: stumps, an additive model). */
  depth: number;
  /** Shrinkage of each tree's leaves. */
  rate: number;
  /** L2 penalty on a leaf value (added to its hessian sum). */
  lambda: number;
  /** A split must leave at least this hessian sum (≈ texts × p(1−p)) on each side. */
  minHessian: number;
  /** Split candidates per feature: the boundaries of this many quantile bins. */
  bins: number;
}

/** Thresholds are stored with 6 decimals (as model.json rounds every number), so training sees the shipped splits. */
const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

export function fitBoostedTrees(
  features: readonly string[],
  rows: readonly (readonly number[])[],
  labels: readonly number[],
  options: BoostOptions,
): BoostedTrees {
  const n = rows.length;
  const d = features.length;
  // Split candidates: midpoints between neighbouring quantiles.
  const cuts: number[][] = [];
  for (let j = 0; j < d; j++) {
    const values = rows.map((r) => r[j]).sort((a, b) => a - b);
    const found = new Set<number>();
    for (let k = 1; k < options.bins; k++) {
      const lo = values[Math.floor((k * n) / options.bins) - 1];
      const hi = values[Math.floor((k * n) / options.bins)];
      if (lo !== hi) found.add(round6((lo + hi) / 2));
    }
    cuts.push([...found].sort((a, b) => a - b));
  }
  // bins[i][j]: how many cuts of feature j row i's value exceeds.
  const bins = rows.map((row) =>
    row.map((v, j) => {
      const c = cuts[j];
      let lo = 0;
      let hi = c.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (v > c[mid]) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    }),
  );
  const positives = labels.reduce((a, b) => a + b, 0);
  const base = round6(Math.log(positives / Math.max(1, n - positives)));
  const logits = new Array<number>(n).fill(base);
  const trees: (TreeNode | number)[] = [];
  for (let m = 0; m < options.trees; m++) {
    const g = logits.map((z, i) => labels[i] - sigmoid(z));
    const h = logits.map((z) => Math.max(1e-6, sigmoid(z) * (1 - sigmoid(z))));
    const grow = (members: number[], depth: number): TreeNode | number => {
      let G = 0;
      let H = 0;
      for (const i of members) {
        G += g[i];
        H += h[i];
      }
      const leaf = round6((options.rate * G) / (H + options.lambda));
      if (depth === 0) return leaf;
      const parent = (G * G) / (H + options.lambda);
      let bestGain = 1e-9;
      let bestFeature = -1;
      let bestBin = -1;
      for (let j = 0; j < d; j++) {
        const count = cuts[j].length + 1;
        if (count < 2) continue;
        const gs = new Float64Array(count);
        const hs = new Float64Array(count);
        for (const i of members) {
          gs[bins[i][j]] += g[i];
          hs[bins[i][j]] += h[i];
        }
        let gl = 0;
        let hl = 0;
        for (let b = 0; b < count - 1; b++) {
          gl += gs[b];
          hl += hs[b];
          const hr = H - hl;
          if (hl < options.minHessian || hr < options.minHessian) continue;
          const gr = G - gl;
          const gain = (gl * gl) / (hl + options.lambda) + (gr * gr) / (hr + options.lambda) - parent;
          if (gain > bestGain) {
            bestGain = gain;
            bestFeature = j;
            bestBin = b;
          }
        }
      }
      if (bestFeature < 0) return leaf;
      return {
        f: bestFeature,
        t: cuts[bestFeature][bestBin],
        l: grow(
          members.filter((i) => bins[i][bestFeature] <= bestBin),
          depth - 1,
        ),
        r: grow(
          members.filter((i) => bins[i][bestFeature] > bestBin),
          depth - 1,
        ),
      };
    };
    const tree = grow(
      rows.map((_, i) => i),
      options.depth,
    );
    trees.push(tree);
    const one: BoostedTrees = { features, base: 0, trees: [tree] };
    for (let i = 0; i < n; i++) logits[i] += treesLogit(one, rows[i]);
  }
  return { features: [...features], base, trees };
}
