/**
 * Sentence-level evaluation of a detector (used by scripts/eval-detector.ts). Pure and deterministic.
 *
 * - Sentence AUROC: each sentence's score against its document's label. The first sentence of a dev AI
 *   text continues a human prefix, so it is left out. Noisy by construction (a plain sentence in an AI text
 *   counts as AI), so it rewards leaning on the document score; read it with the splice test.
 * - Splice test: two sentences from a chat-model AI text are inserted into each human text. A local
 *   sentence scorer should flag the inserted sentences and leave the human ones alone, whatever the
 *   document score does.
 */
import type { LabelledText } from "./dataset";
import { auroc, seededRandom } from "./logistic";

export interface ScoredSentence {
  text: string;
  score: number;
  flagged: boolean;
}

export type SentenceScorer = (text: string) => { success: boolean; aiPercentage: number; sentences: ScoredSentence[] };

/** Score at or above which the highlight view tints an unflagged sentence "leaning AI". */
const LEANING_AI = 0.5;
const SPLICE_SEED = 7;
const SPLICE_GENERATORS = new Set(["gpt-4", "gpt-3.5-turbo"]);

const round = (value: number, digits = 3) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : null);
const rate = (hits: number, total: number) => round(hits / Math.max(1, total));

/** Sentence AUROC and flag rates over labelled texts. */
export function sentenceReport(name: string, records: readonly LabelledText[], score: SentenceScorer) {
  const scores: number[] = [];
  const labels: number[] = [];
  let humanFlagged = 0;
  let humanLeaning = 0;
  let aiFlagged = 0;
  for (const record of records) {
    const result = score(record.text);
    if (!result.success) continue;
    const y = record.label === "ai" ? 1 : 0;
    result.sentences.forEach((s, i) => {
      if (y === 1 && i === 0) return;
      scores.push(s.score);
      labels.push(y);
      if (y === 0 && s.flagged) humanFlagged++;
      if (y === 0 && (s.flagged || s.score >= LEANING_AI)) humanLeaning++;
      if (y === 1 && s.flagged) aiFlagged++;
    });
  }
  const human = labels.filter((y) => y === 0).length;
  return {
    slice: `sentences:${name}`,
    sentences: labels.length,
    auroc: round(auroc(scores, labels)),
    humanFlagRate: rate(humanFlagged, human),
    humanLeaningOrFlaggedRate: rate(humanLeaning, human),
    aiFlagRate: rate(aiFlagged, labels.length - human),
  };
}

/**
 * Inserts two sentences from a chat-model AI text (never its first) into every human text, after the
 * first third and after the second third, and scores the result.
 */
export function spliceReport(name: string, records: readonly LabelledText[], score: SentenceScorer) {
  const random = seededRandom(SPLICE_SEED);
  const donors = records
    .filter((r) => r.label === "ai" && SPLICE_GENERATORS.has(r.generator))
    .map((r) => score(r.text).sentences.slice(1))
    .filter((s) => s.length >= 2);
  const humans = records.filter((r) => r.label === "human");
  let documentsBefore = 0;
  let documentsAfter = 0;
  let inserted = 0;
  let insertedFlagged = 0;
  let original = 0;
  let originalFlagged = 0;
  let originalLeaning = 0;
  let originalFlaggedBefore = 0;
  let texts = 0;
  const within: number[] = [];
  for (const record of humans) {
    const before = score(record.text);
    if (!before.success || donors.length === 0) continue;
    const donor = donors[Math.floor(random() * donors.length)];
    const pick = Math.floor(random() * (donor.length - 1));
    const extra = [donor[pick].text, donor[pick + 1].text];
    const own = before.sentences.map((s) => s.text);
    const first = Math.max(1, Math.round(own.length / 3));
    const second = Math.max(first + 1, Math.round((2 * own.length) / 3));
    const spliced = [...own.slice(0, first), extra[0], ...own.slice(first, second), extra[1], ...own.slice(second)];
    const after = score(spliced.join(" "));
    if (!after.success || after.sentences.length !== spliced.length) continue;
    texts++;
    documentsBefore += before.aiPercentage;
    documentsAfter += after.aiPercentage;
    originalFlaggedBefore += before.sentences.filter((s) => s.flagged).length;
    const isInserted = after.sentences.map((_, i) => i === first || i === second + 1);
    const scores: number[] = [];
    const labels: number[] = [];
    after.sentences.forEach((s, i) => {
      scores.push(s.score);
      labels.push(isInserted[i] ? 1 : 0);
      if (isInserted[i]) {
        inserted++;
        if (s.flagged) insertedFlagged++;
      } else {
        original++;
        if (s.flagged) originalFlagged++;
        if (s.flagged || s.score >= LEANING_AI) originalLeaning++;
      }
    });
    within.push(auroc(scores, labels));
  }
  return {
    slice: `splice:${name}`,
    texts,
    meanAiPercentageBefore: round(documentsBefore / Math.max(1, texts), 1),
    meanAiPercentageAfter: round(documentsAfter / Math.max(1, texts), 1),
    insertedFlagRate: rate(insertedFlagged, inserted),
    humanFlagRateBefore: rate(originalFlaggedBefore, original),
    humanFlagRateAfter: rate(originalFlagged, original),
    humanLeaningOrFlaggedAfter: rate(originalLeaning, original),
    withinTextAuroc: round(within.reduce((a, b) => a + b, 0) / Math.max(1, within.length)),
  };
}
