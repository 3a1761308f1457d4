// The experiments' common measure (experiment-ngram.ts, experiment-round4.ts): candidate features added
// to a base model's inputs, fitted with L2 on every fold's eight training domains and scored on its left-out
// domain. Reports the mean and pooled out-of-domain AUROC, each domain's AUROC, and the share of AI texts
// over the score at which 1 % of human texts are ("caught at 1 %", before the verdict's caution rules).
import { logit } from "../../src/server/detection/logistic";
import { auroc, fitLogistic } from "./fit";

export interface ExperimentInputs {
  /** Each text's label: 1 AI, 0 human. */
  labels: readonly number[];
  folds: readonly { group: string; train: readonly number[]; test: readonly number[] }[];
  baseFeatures: readonly string[];
  /** Per fold, per text: the base model's inputs (lexicon scores stacked without the left-out domain). */
  baseRows: readonly (readonly number[])[][];
  /** Per fold, per text: every candidate feature by name. */
  candidateRows: readonly Record<string, number>[][];
}

export interface Evaluation {
  /** The mean of the left-out domains' AUROCs. */
  mean: number;
  /** The AUROC of every text's out-of-domain score together. */
  pooled: number;
  /** AI texts over the score at which 1 % of human texts are. */
  caught: number;
  domains: Record<string, number>;
}

const mean = (v: readonly number[]) => v.reduce((a, b) => a + b, 0) / Math.max(1, v.length);

export function experimentEvaluator({ labels, folds, baseFeatures, baseRows, candidateRows }: ExperimentInputs) {
  /** The base model plus `extra` (or `extra` alone, withBase false). */
  function evaluate(extra: readonly string[], l2 = 100, withBase = true): Evaluation {
    const logits = new Array<number>(labels.length).fill(0);
    const domainAurocs: number[] = [];
    folds.forEach((fold, f) => {
      const row = (i: number) => [...(withBase ? baseRows[f][i] : []), ...extra.map((n) => candidateRows[f][i][n])];
      const names = [...(withBase ? baseFeatures : []), ...extra];
      const model = fitLogistic(
        names,
        fold.train.map(row),
        fold.train.map((i) => labels[i]),
        { l2 },
      );
      for (const i of fold.test) logits[i] = logit(model, row(i));
      domainAurocs.push(
        auroc(
          fold.test.map((i) => logits[i]),
          fold.test.map((i) => labels[i]),
        ),
      );
    });
    const humans = logits.filter((_, i) => labels[i] === 0).sort((a, b) => b - a);
    const bar = humans[Math.floor(0.01 * humans.length)];
    const ai = logits.filter((_, i) => labels[i] === 1);
    return {
      mean: mean(domainAurocs),
      pooled: auroc(logits, labels),
      caught: ai.filter((z) => z > bar).length / ai.length,
      domains: Object.fromEntries(folds.map((fold, k) => [fold.group, Number(domainAurocs[k].toFixed(3))])),
    };
  }

  /** One line: the label padded to `width`, then the figures. */
  const report = (label: string, r: Evaluation, width = 36) =>
    console.log(
      `${label.padEnd(width)} mean ${r.mean.toFixed(3)} pooled ${r.pooled.toFixed(3)} caught@1% ${(r.caught * 100).toFixed(1)}%  ${JSON.stringify(r.domains)}`,
    );

  return { evaluate, report };
}
