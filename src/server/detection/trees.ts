/**
 * Scoring with the detector's boosted trees (a sum of small regression trees on the document features, in
 * logits): what a request needs, nothing more. scripts/detector/boost.ts fits them; model.json stores them.
 *
 * Each tree reads as a rule: "if feature `f` > `t`, add `r`, else add `l`" (a stump), and a leaf may be a
 * further tree. The sum is added to the logistic model's logit with a weight chosen out of domain
 * (training.ts), so the trees correct the linear model where a feature's effect is not a straight line.
 */

/** A split: feature index `f` (in the document model's feature order), threshold `t`, then `l` (≤ t) or `r`. */
export interface TreeNode {
  f: number;
  t: number;
  l: TreeNode | number;
  r: TreeNode | number;
}

export interface BoostedTrees {
  /** Feature names, in the order the split indices refer to (the document model's). */
  features: readonly string[];
  /** The logit every sum starts from. */
  base: number;
  trees: (TreeNode | number)[];
}

function leafOf(tree: TreeNode | number, x: readonly number[]): number {
  let node = tree;
  while (typeof node !== "number") node = x[node.f] > node.t ? node.r : node.l;
  return node;
}

/** The trees' logit for a raw (unstandardised) feature vector. */
export function treesLogit(model: BoostedTrees, x: readonly number[]): number {
  let z = model.base;
  for (const tree of model.trees) z += leafOf(tree, x);
  return z;
}
