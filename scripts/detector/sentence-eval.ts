/**
 * Sentence-level evaluation (used by scripts/detector/eval.ts). Pure and deterministic. The scorer is
 * given the record a text comes from, so the evaluation can score it with the model trained without the
 * record's domain.
 *
 * - Sentence AUROC: each sentence's score against its document's label. A first sentence that continues a
 *   human prefix is left out. Noisy by construction (a plain sentence in an AI text counts as AI), so it
 *   rewards leaning on the document score; read it with the splice test.
 * - Splice test: two sentences from a chat-model AI text are inserted into each human text. A local
 *   sentence scorer should flag the inserted sentences and leave the human ones alone, whatever the
 *   document score does.
 */
import { continuesHumanPrefix, type LabelledText } from "./dataset";
import { auroc, seededRandom } from "./fit";

export interface ScoredSentence {
  text: string;
  score: number;
  flagged: boolean;
}

export type SentenceScorer = (
  text: string,
  record: LabelledText,
) => { success: boolean; aiPercentage: number; sentences: ScoredSentence[] };

/** Score at or above which the highlight view tints an unflagged sentence "leaning AI". */
const LEANING_AI = 0.5;
const SPLICE_SEED = 7;
/** Donors of inserted sentences: chat models (not the base davinci model, whose text reads as human). */
const isChatModel = (generator: string) => generator !== "human" && generator !== "gpt-3-davinci";

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
    const result = score(record.text, record);
    if (!result.success) continue;
    const y = record.label === "ai" ? 1 : 0;
    const skipFirst = continuesHumanPrefix(record);
    result.sentences.forEach((s, i) => {
      if (skipFirst && i === 0) return;
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
 * Inserts two sentences from a chat-model AI text of the same domain (never its first) into every human
 * text, after the first third and after the second third, and scores the result.
 */
export function spliceReport(name: string, records: readonly LabelledText[], score: SentenceScorer) {
  const random = seededRandom(SPLICE_SEED);
  const donorsByGroup = new Map<string, ScoredSentence[][]>();
  for (const r of records) {
    if (r.label !== "ai" || !isChatModel(r.generator)) continue;
    const sentences = score(r.text, r).sentences.slice(1);
    if (sentences.length < 2) continue;
    donorsByGroup.set(r.group, [...(donorsByGroup.get(r.group) ?? []), sentences]);
  }
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
    const donors = donorsByGroup.get(record.group) ?? [];
    const before = score(record.text, record);
    if (!before.success || donors.length === 0) continue;
    const donor = donors[Math.floor(random() * donors.length)];
    const pick = Math.floor(random() * (donor.length - 1));
    const extra = [donor[pick].text, donor[pick + 1].text];
    const own = before.sentences.map((s) => s.text);
    const first = Math.max(1, Math.round(own.length / 3));
    const second = Math.max(first + 1, Math.round((2 * own.length) / 3));
    const spliced = [...own.slice(0, first), extra[0], ...own.slice(first, second), extra[1], ...own.slice(second)];
    const after = score(spliced.join(" "), record);
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
