/**
 * Small, dependency-free logistic regression (Newton / IRLS with an L2 penalty) plus the evaluation maths
 * the detector scripts share. Newton's method on standardised features is deterministic: the same data
 * always gives the same weights, so `model.json` is reproducible without a random seed. Training only:
 * the server scores with src/server/detection/logistic.ts.
 */
import { type LogisticModel, sigmoid } from "../../src/server/detection/logistic";
import { fnv1a, mulberry32 } from "../../src/server/random";

/** Solves A·x = b by Gaussian elimination with partial pivoting (A is small and positive definite). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r][col]) > Math.abs(m[pivot][col])) pivot = r;
    [m[col], m[pivot]] = [m[pivot], m[col]];
    const p = m[col][col] || 1e-12;
    for (let r = col + 1; r < n; r++) {
      const f = m[r][col] / p;
      if (f === 0) continue;
      for (let c = col; c <= n; c++) m[r][c] -= f * m[col][c];
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r][n];
    for (let c = r + 1; c < n; c++) s -= m[r][c] * x[c];
    x[r] = s / (m[r][r] || 1e-12);
  }
  return x;
}

export interface FitOptions {
  /** L2 penalty on the (standardised) weights, not on the bias. */
  l2: number;
  iterations?: number;
}

export function fitLogistic(
  features: readonly string[],
  rows: readonly (readonly number[])[],
  labels: readonly number[],
  options: FitOptions,
): LogisticModel {
  const d = features.length;
  const n = rows.length;
  const mean = new Array<number>(d).fill(0);
  const std = new Array<number>(d).fill(0);
  for (const row of rows) for (let j = 0; j < d; j++) mean[j] += row[j] / n;
  for (const row of rows) for (let j = 0; j < d; j++) std[j] += (row[j] - mean[j]) ** 2 / n;
  for (let j = 0; j < d; j++) std[j] = Math.sqrt(std[j]) || 1;
  const z = rows.map((row) => row.map((v, j) => (v - mean[j]) / std[j]));

  // beta[0] is the bias, beta[1..d] the weights.
  let beta = new Array<number>(d + 1).fill(0);
  for (let iter = 0; iter < (options.iterations ?? 50); iter++) {
    const gradient = new Array<number>(d + 1).fill(0);
    const hessian = Array.from({ length: d + 1 }, () => new Array<number>(d + 1).fill(0));
    for (let i = 0; i < n; i++) {
      const xi = [1, ...z[i]];
      let s = 0;
      for (let j = 0; j <= d; j++) s += beta[j] * xi[j];
      const p = sigmoid(s);
      const w = Math.max(p * (1 - p), 1e-9);
      for (let j = 0; j <= d; j++) {
        gradient[j] += (labels[i] - p) * xi[j];
        for (let k = j; k <= d; k++) hessian[j][k] += w * xi[j] * xi[k];
      }
    }
    for (let j = 0; j <= d; j++) for (let k = 0; k < j; k++) hessian[j][k] = hessian[k][j];
    for (let j = 1; j <= d; j++) {
      gradient[j] -= options.l2 * beta[j];
      hessian[j][j] += options.l2;
    }
    const step = solve(hessian, gradient);
    beta = beta.map((b, j) => b + step[j]);
    if (Math.max(...step.map(Math.abs)) < 1e-8) break;
  }
  return { features: [...features], mean, std, weights: beta.slice(1), bias: beta[0] };
}

/** Platt scaling: p = sigmoid(a·logit + b), fitted on out-of-fold logits so probabilities are honest. */
export function fitPlatt(logits: readonly number[], labels: readonly number[]): { a: number; b: number } {
  const m = fitLogistic(
    ["logit"],
    logits.map((l) => [l]),
    labels,
    { l2: 1e-3 },
  );
  const a = m.weights[0] / m.std[0];
  return { a, b: m.bias - a * m.mean[0] };
}

/** Area under the ROC curve (ties count half). labels: 1 = AI. */
export function auroc(scores: readonly number[], labels: readonly number[]): number {
  const order = scores.map((s, i) => [s, labels[i]] as const).sort((x, y) => x[0] - y[0]);
  let rankSumPositive = 0;
  let positives = 0;
  let i = 0;
  while (i < order.length) {
    let j = i;
    while (j < order.length && order[j][0] === order[i][0]) j++;
    const averageRank = (i + 1 + j) / 2;
    for (let k = i; k < j; k++) {
      if (order[k][1] === 1) {
        rankSumPositive += averageRank;
        positives++;
      }
    }
    i = j;
  }
  const negatives = order.length - positives;
  if (positives === 0 || negatives === 0) return Number.NaN;
  return (rankSumPositive - (positives * (positives + 1)) / 2) / (positives * negatives);
}

/** Deterministic PRNG (mulberry32) so folds and bootstraps are reproducible. */
export const seededRandom = mulberry32;

/** FNV-1a 32-bit hash, used for the deterministic train / held-out split. */
export { fnv1a };

/** Smallest threshold t such that at most `maxRate` of the human scores are > t. */
export function thresholdForFalsePositiveRate(humanScores: readonly number[], maxRate: number): number {
  const sorted = [...humanScores].sort((a, b) => b - a);
  const allowed = Math.floor(maxRate * sorted.length);
  return sorted[Math.min(allowed, sorted.length - 1)] ?? 0.5;
}
