/**
 * Scoring with the detector's logistic models: what a request needs, nothing more. Fitting and
 * evaluation live in scripts/detector/ (fit.ts, training.ts), which requests never load.
 */

export interface LogisticModel {
  features: readonly string[];
  mean: number[];
  std: number[];
  weights: number[];
  bias: number;
}

export const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

export function logit(model: LogisticModel, x: readonly number[]): number {
  let z = model.bias;
  for (let j = 0; j < model.weights.length; j++) z += (model.weights[j] * (x[j] - model.mean[j])) / model.std[j];
  return z;
}

/**
 * How a sentence's own evidence and its document combine: the document moves the sentence logit by
 * `clamp(weight × documentLogit, −cap, +cap)`, and `centre` is subtracted so that a score of 0.5 sits where
 * the sentence threshold was set (see training.ts).
 */
export interface SentencePrior {
  weight: number;
  cap: number;
  centre: number;
}

/**
 * A sentence's logit: its own evidence (`localLogit`, from the sentence model) plus a modest, capped
 * document prior. However sure the document score is, it moves a sentence's odds by at most e^cap, so a
 * plain sentence cannot be pushed over the sentence threshold by its neighbours alone.
 */
export function sentenceLogit(localLogit: number, documentLogit: number, prior: SentencePrior): number {
  const shift = Math.max(-prior.cap, Math.min(prior.cap, prior.weight * documentLogit));
  return localLogit + shift - prior.centre;
}
