/**
 * The built-in detector's verdict and the sentence flags it allows (docs/detector.md, "The verdict").
 *
 * - The AI percentage puts a text in a band: under `likelyHuman` → likely human, at or over `likelyAi`
 *   → likely AI, between → mixed or uncertain. Both thresholds were chosen on texts from domains the
 *   model had not seen (scripts/detector/training.ts).
 * - Where the detector is known to be weak it says less, never more: a short text, or formal writing
 *   (academic, legal) that sits in the likely-AI band without clearing the stricter `formal.likelyAi`,
 *   is called mixed or uncertain, with that reason.
 * - Flags follow the verdict: a likely-AI text flags the sentences that pass the sentence threshold with a
 *   reason that can flag (features.ts canFlag: not a weak one such as an essay connective), and at least
 *   one sentence; a likely-human or mixed text only sentences with a strong reason (shared
 *   STRONG_REASON_PREFIXES).
 * - A text with a model's polish (dense AI habits) is never likely human; the reason says so.
 */
import { isStrongReason, VERDICT_MIDPOINT, type Verdict, type VerdictLevel, verdict } from "../../shared/detection";
import { countOf } from "../../shared/plural";
import { canFlag, type DocumentAnalysis } from "./features";

export interface VerdictThresholds {
  /** AI percentage at or above which a text is likely AI (never below VERDICT_MIDPOINT). */
  likelyAi: number;
  /** AI percentage below which a text is likely human (never above VERDICT_MIDPOINT). */
  likelyHuman: number;
  /** Sentence score above which a sentence with a reason may be flagged. */
  sentence: number;
}

export interface CautionRules {
  /** Under this many prose words a text is at most mixed or uncertain. */
  shortWords: number;
  /** Formal register (academic, legal, encyclopedic): all three measures within their bounds. */
  formal: {
    /** Share of words of 8+ letters at least this. */
    minLongWordShare: number;
    /** Contractions per 100 words at most this. */
    maxContractionsPer100: number;
    /** Casual words ("just", "really", "stuff", "kinda"…) per 100 words at most this. */
    maxCasualPer100: number;
    /** In formal text, likely AI needs at least this AI percentage (training.ts says how it is chosen). */
    likelyAi: number;
  };
  /**
   * A model's polish: at or above this many AI habits per 100 words (habitsPer100), a text the score would
   * call likely human is mixed or uncertain, and the reason says it may have been polished by a model.
   * training.ts chooses it so that few human texts reach it.
   */
  polishHabitsPer100: number;
}

/**
 * AI habits per 100 words: AI vocabulary, stock and common AI phrases, chatbot leftovers, promotional
 * adjectives, formulaic openers and significance tails — what a model's polish adds to a person's text.
 */
export function habitsPer100(analysis: Pick<DocumentAnalysis, "facts">): number {
  let words = 0;
  let habits = 0;
  for (const f of analysis.facts) {
    words += f.words;
    habits +=
      f.aiVocabulary.length +
      f.stockPhrases.length +
      f.commonPhrases.length +
      f.chatbot.length +
      f.puffery.length +
      (f.formulaicOpener ? 1 : 0) +
      (f.ingTail ? 1 : 0);
  }
  return (100 * habits) / Math.max(1, words);
}

/** The habits found, most frequent first, for the polish reason (“crucial”, “moreover”…). */
function habitWords(analysis: Pick<DocumentAnalysis, "facts">): string[] {
  const counts = new Map<string, number>();
  const add = (w: string) => counts.set(w, (counts.get(w) ?? 0) + 1);
  for (const f of analysis.facts) {
    for (const w of [...f.stockPhrases, ...f.aiVocabulary, ...f.puffery, ...f.commonPhrases]) add(w);
    if (f.formulaicOpener) add(f.formulaicOpener.toLowerCase());
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([w]) => w);
}

/** The measures of register the formal rule reads, from all the document's sentences. */
export function registerOf(analysis: Pick<DocumentAnalysis, "facts">): {
  longWordShare: number;
  contractionsPer100: number;
  casualPer100: number;
} {
  let words = 0;
  let letterWords = 0;
  let longWords = 0;
  let contractions = 0;
  let casual = 0;
  for (const f of analysis.facts) {
    words += f.words;
    letterWords += f.words - f.numbers;
    longWords += f.longWords;
    contractions += f.contractions;
    casual += f.casual;
  }
  return {
    longWordShare: longWords / Math.max(1, letterWords),
    contractionsPer100: (100 * contractions) / Math.max(1, words),
    casualPer100: (100 * casual) / Math.max(1, words),
  };
}

export function isFormal(analysis: Pick<DocumentAnalysis, "facts">, rules: CautionRules): boolean {
  const register = registerOf(analysis);
  return (
    register.longWordShare >= rules.formal.minLongWordShare &&
    register.contractionsPer100 <= rules.formal.maxContractionsPer100 &&
    register.casualPer100 <= rules.formal.maxCasualPer100
  );
}

interface ScoredSentence {
  score: number;
  reasons: string[];
}

export interface VerdictInput {
  aiPercentage: number;
  proseWords: number;
  analysis: DocumentAnalysis;
  sentences: readonly ScoredSentence[];
  thresholds: VerdictThresholds;
  caution: CautionRules;
}

const list = (items: string[]) => items.map((s) => s.charAt(0).toLowerCase() + s.slice(1)).join("; ");

/** The verdict with its reason. Pure; the same input always gives the same words. */
export function decideVerdict(input: VerdictInput): Verdict {
  const { aiPercentage, proseWords, analysis, thresholds, caution } = input;
  const likelyAi = Math.max(VERDICT_MIDPOINT, thresholds.likelyAi);
  const likelyHuman = Math.min(VERDICT_MIDPOINT, thresholds.likelyHuman);
  const band: VerdictLevel =
    aiPercentage >= likelyAi ? "likely_ai" : aiPercentage < likelyHuman ? "likely_human" : "uncertain";

  if (proseWords < caution.shortWords) {
    return verdict(
      "uncertain",
      `Too short to judge well: ${countOf(proseWords, "word")} of prose; the detector needs about ${caution.shortWords} to tell a ` +
        "person's style from a model's.",
    );
  }
  if (band === "likely_ai" && aiPercentage < caution.formal.likelyAi && isFormal(analysis, caution)) {
    return verdict(
      "uncertain",
      "Formal writing such as legal or academic text is often scored higher: long words and an impersonal tone " +
        "look machine-like to the detector, so this score is not clear enough to call it AI-written.",
    );
  }
  const signals = aiSignals(analysis);
  const polished = band !== "likely_ai" && habitsPer100(analysis) >= caution.polishHabitsPer100;
  if (polished) {
    const words = habitWords(analysis)
      .slice(0, 3)
      .map((w) => `“${w}”`);
    return verdict(
      "uncertain",
      `May be human writing polished by a model, or a model's draft: it uses AI vocabulary and phrasing ` +
        `(${words.join(", ")}) more densely than people usually do, so the detector will not call it human-written.`,
    );
  }
  if (band === "likely_ai") {
    return verdict(
      "likely_ai",
      signals.length > 0
        ? `Reads as AI-written throughout: ${list(signals.slice(0, 3))}.`
        : "Reads as AI-written throughout: its wording and rhythm match AI text closely.",
    );
  }
  if (band === "likely_human") {
    return verdict("likely_human", "Few signs of AI writing: its wording and rhythm match human writing.");
  }
  return verdict(
    "uncertain",
    signals.length > 0
      ? `Some signs of AI writing (${list(signals.slice(0, 2))}), but not enough to call it AI-written.`
      : "The signals point both ways: parts read as AI-written, parts as human.",
  );
}

/**
 * A likely-AI score that rests on a few sentences: without the flagged sentences the rest of the text
 * scores `restPercentage`, under 50 % (it leans human), so the text is mixed, not AI-written.
 */
export function mixedVerdict(flagged: number, restPercentage: number, likelyHuman: number): Verdict {
  const them = flagged === 1 ? "it" : "them";
  const rest = restPercentage < likelyHuman ? "the rest reads as human-written" : "the rest leans human";
  return verdict(
    "uncertain",
    `Mixed: ${flagged} flagged ${flagged === 1 ? "sentence reads" : "sentences read"} as AI-written; without ${them} ` +
      `the text scores ${restPercentage}% AI and ${rest}.`,
  );
}

/** Document-level signs that point to AI, in words (the human-leaning ones are left out). */
function aiSignals(analysis: DocumentAnalysis): string[] {
  const signals: string[] = [];
  const f = analysis.facts;
  const words = Math.max(
    1,
    f.reduce((n, x) => n + x.words, 0),
  );
  const stock = f.reduce((n, x) => n + x.stockPhrases.length + x.aiVocabulary.length + x.chatbot.length, 0);
  if ((100 * stock) / words >= 1.5) signals.push("dense stock AI vocabulary and phrasing");
  if (f.length >= 5 && analysis.sentenceLengthCV < 0.35) signals.push("uniform sentence rhythm");
  const openers = f.filter((x) => x.formulaicOpener !== null).length;
  if (f.length >= 5 && openers / f.length >= 0.2) signals.push("many sentences open with essay connectives");
  return signals;
}

/** Added to a sentence of a likely-AI text that is flagged without a reason of its own. */
export const MOST_MACHINE_LIKE = "One of the most machine-like sentences of a text judged likely AI";
/** A likely-AI text flags at least this many sentences when none pass the threshold with a reason. */
const MIN_FLAGS_LIKELY_AI = 1;
const TOP_FLAGS_LIKELY_AI = 3;

/**
 * Which sentences the verdict allows to be flagged (indices, in text order), and any reason that had to be
 * added (a likely-AI text always flags at least one sentence, so Revise has something to work on).
 */
export function flagSentences(
  level: VerdictLevel,
  sentences: readonly ScoredSentence[],
  threshold: number,
): { indices: number[]; extraReasons: (string | undefined)[] } {
  const extraReasons: (string | undefined)[] = sentences.map(() => undefined);
  // A likely-AI text flags sentences for any reason that can flag; a likely-human or mixed one, whatever its
  // percentage, only what has a strong reason (a stock phrase, a chatbot leftover, a cluster of AI vocabulary).
  const enough = level === "likely_ai" ? canFlag : isStrongReason;
  const hasReason = (s: ScoredSentence) => s.reasons.some(enough);
  let indices = sentences.map((_, i) => i).filter((i) => sentences[i].score > threshold && hasReason(sentences[i]));
  if (level === "likely_ai" && indices.length < MIN_FLAGS_LIKELY_AI && sentences.length > 0) {
    const byScore = sentences.map((_, i) => i).sort((a, b) => sentences[b].score - sentences[a].score || a - b);
    const withReason = byScore.filter((i) => hasReason(sentences[i]));
    indices = (withReason.length > 0 ? withReason : byScore).slice(0, TOP_FLAGS_LIKELY_AI);
    for (const i of indices) if (sentences[i].reasons.length === 0) extraReasons[i] = MOST_MACHINE_LIKE;
    indices.sort((a, b) => a - b);
  }
  return { indices, extraReasons };
}
