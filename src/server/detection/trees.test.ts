import { describe, expect, it } from "vitest";
import { fitBoostedTrees } from "../../../scripts/detector/boost";
import { type BoostedTrees, treesLogit } from "./trees";

describe("treesLogit", () => {
  const model: BoostedTrees = {
    features: ["a", "b"],
    base: -0.5,
    trees: [{ f: 0, t: 1, l: -0.2, r: 0.3 }, { f: 1, t: 0, l: { f: 0, t: 2, l: 0.1, r: 0.4 }, r: -0.1 }, 0.05],
  };

  it("adds each tree's leaf to the base: a value above the threshold goes right, at or below it left", () => {
    expect(treesLogit(model, [0, 5])).toBeCloseTo(-0.5 - 0.2 - 0.1 + 0.05);
    expect(treesLogit(model, [1, 0])).toBeCloseTo(-0.5 - 0.2 + 0.1 + 0.05);
    expect(treesLogit(model, [3, -1])).toBeCloseTo(-0.5 + 0.3 + 0.4 + 0.05);
  });
});

describe("fitBoostedTrees", () => {
  // Label 1 exactly when x0 lies in a middle band, whatever x1 says: no straight line separates it.
  const rows = Array.from({ length: 200 }, (_, i) => [(i % 20) / 2, (i * 7) % 13]);
  const labels = rows.map(([x]) => (x >= 3 && x < 7 ? 1 : 0));
  const options = { trees: 60, depth: 1, rate: 0.3, lambda: 1, minHessian: 1, bins: 20 };

  it("learns a band a logistic model cannot, splitting on the feature that matters", () => {
    const model = fitBoostedTrees(["x0", "x1"], rows, labels, options);
    expect(model.trees).toHaveLength(60);
    const inside = treesLogit(model, [5, 3]);
    expect(inside).toBeGreaterThan(1);
    expect(treesLogit(model, [1, 3])).toBeLessThan(-1);
    expect(treesLogit(model, [9, 3])).toBeLessThan(-1);
    const splits = model.trees.filter((t) => typeof t !== "number").map((t) => (t as { f: number }).f);
    expect(splits.filter((f) => f === 0).length).toBeGreaterThan(splits.length * 0.9);
  });

  it("is deterministic: the same data gives the same trees", () => {
    expect(JSON.stringify(fitBoostedTrees(["x0", "x1"], rows, labels, options))).toBe(
      JSON.stringify(fitBoostedTrees(["x0", "x1"], rows, labels, options)),
    );
  });
});
