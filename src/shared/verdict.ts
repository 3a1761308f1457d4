// The detection result's rules without zod: the limit, the three verdict levels and their labels, the
// rule every result keeps (verdictConflicts), the verdict a screen shows (verdictOf) and the
// percentages. Results, the full app and a document's page draw from these before any schema is
// needed; shared/detection.ts, which holds the schemas (and failedDetection, a whole result),
// re-exports them. Nothing here imports detection.ts: VerdictInput is what the rules read of a result.

/** Longest text we score. /api/detect-ai answers 413 above it; the detectors refuse it too. */
export const DETECTION_MAX_CHARS = 50000;

/**
 * The three-level verdict shown beside the percentage. "Mixed or uncertain" is where the detector says
 * less: the signals point both ways, the text is short, or it is a kind of writing the detector is known to
 * over-score (formal, academic, legal). See docs/detector.md, "What each number means".
 */
export const VERDICT_LEVELS = ["likely_human", "uncertain", "likely_ai"] as const;
export type VerdictLevel = (typeof VERDICT_LEVELS)[number];

/** A verdict: its level, the level's label and why (shared/detection.ts's VerdictSchema checks it). */
export interface Verdict {
  level: VerdictLevel;
  label: string;
  reason: string;
}

/** What the verdict rules read of a detection result (shared/detection.ts's DetectionResult has more). */
export interface VerdictInput {
  success: boolean;
  aiPercentage: number;
  humanPercentage: number;
  isAiGenerated: boolean;
  aiSentences: string[];
  error?: string;
  verdict?: Verdict;
  sentences?: { text: string; reasons: string[] }[];
}

export const VERDICT_LABELS: Record<VerdictLevel, string> = {
  likely_human: "Likely human",
  uncertain: "Mixed or uncertain",
  likely_ai: "Likely AI",
};

export const verdict = (level: VerdictLevel, reason: string): Verdict => ({
  level,
  label: VERDICT_LABELS[level],
  reason,
});

/**
 * Sentence reasons strong enough to flag a sentence even in a text judged likely human: each names wording
 * that people seldom write and chat models often do. They start with these words.
 */
export const STRONG_REASON_PREFIXES = ["Chatbot leftover", "Stock AI phrase", "Cluster of AI vocabulary"] as const;
export const isStrongReason = (reason: string): boolean => STRONG_REASON_PREFIXES.some((p) => reason.startsWith(p));

/** At or above this AI percentage a text cannot be called likely human; below it, never likely AI. */
export const VERDICT_MIDPOINT = 50;

/**
 * The rule that keeps the percentage, the verdict, `isAiGenerated` and the flagged sentences from
 * contradicting one another. Every detector's answer obeys it (a property test checks it over many texts);
 * it returns the clauses a result breaks, [] when it keeps them all.
 *
 * 1. `isAiGenerated` is true exactly when the verdict is likely AI.
 * 2. Likely AI needs at least VERDICT_MIDPOINT % and at least one flagged sentence.
 * 3. Likely human needs less than VERDICT_MIDPOINT %, and each of its flagged sentences a strong reason.
 * 4. Every flagged sentence is one of the scored sentences and carries a reason (when sentences are given).
 * 5. A failed check claims nothing: mixed or uncertain, 0 % AI, nothing flagged.
 * 6. The label is the level's; the reason is not empty; the two percentages add up to 100.
 * Mixed or uncertain may sit at any percentage: its reason says why the detector holds back.
 */
export function verdictConflicts(result: VerdictInput): string[] {
  const problems: string[] = [];
  const v = result.verdict;
  if (!v) return ["the result has no verdict"];
  const flagged = result.aiSentences;
  if (result.isAiGenerated !== (v.level === "likely_ai")) {
    problems.push("isAiGenerated must be true exactly when the verdict is likely AI");
  }
  if (v.label !== VERDICT_LABELS[v.level]) problems.push(`the label of ${v.level} is "${VERDICT_LABELS[v.level]}"`);
  if (v.reason.trim() === "") problems.push("the verdict needs a reason");
  if (Math.round((result.aiPercentage + result.humanPercentage) * 10) !== 1000) {
    problems.push("aiPercentage and humanPercentage must add up to 100");
  }
  if (!result.success) {
    if (v.level !== "uncertain" || result.aiPercentage !== 0 || flagged.length > 0) {
      problems.push("a failed check must be uncertain, 0% AI, with nothing flagged");
    }
    return problems;
  }
  if (v.level === "likely_ai" && result.aiPercentage < VERDICT_MIDPOINT) {
    problems.push(`likely AI needs at least ${VERDICT_MIDPOINT}% AI`);
  }
  if (v.level === "likely_ai" && flagged.length === 0) problems.push("likely AI needs at least one flagged sentence");
  if (v.level === "likely_human" && result.aiPercentage >= VERDICT_MIDPOINT) {
    problems.push(`likely human needs less than ${VERDICT_MIDPOINT}% AI`);
  }
  if (result.sentences) {
    for (const text of flagged) {
      const reasons = result.sentences.filter((s) => s.text === text).flatMap((s) => s.reasons);
      if (!result.sentences.some((s) => s.text === text)) {
        problems.push(`flagged sentence is not among the scored sentences: "${text.slice(0, 40)}"`);
      } else if (reasons.length === 0) problems.push(`flagged sentence has no reason: "${text.slice(0, 40)}"`);
      else if (v.level === "likely_human" && !reasons.some(isStrongReason)) {
        problems.push(`a likely-human text flags only sentences with a strong reason: "${text.slice(0, 40)}"`);
      }
    }
  } else if (v.level === "likely_human" && flagged.length > 0) {
    problems.push("a likely-human text without sentence reasons flags nothing");
  }
  return problems;
}

/**
 * The verdict to show for a result. Servers send one; a result stored before verdicts existed gets the
 * verdict its own percentage, isAiGenerated and flags support, and one whose verdict breaks the rule is
 * shown as mixed or uncertain, so the screen never shows a verdict that contradicts the numbers beside it.
 */
export function verdictOf(
  result: Pick<VerdictInput, "success" | "aiPercentage" | "isAiGenerated" | "aiSentences" | "error"> &
    Partial<Pick<VerdictInput, "verdict" | "humanPercentage" | "sentences">>,
): Verdict {
  const full: VerdictInput = { humanPercentage: 100 - result.aiPercentage, ...result };
  if (result.verdict) {
    if (verdictConflicts(full).length === 0) return result.verdict;
    // A verdict that contradicts its own numbers is not repeated, and no other is guessed in its place.
    if (result.success) return verdict("uncertain", "The detector's answer contradicts itself, so it is not judged.");
  }
  if (!result.success) return verdict("uncertain", result.error || "The text could not be checked.");
  const flagged = result.aiSentences.length;
  if (result.isAiGenerated && result.aiPercentage >= VERDICT_MIDPOINT && flagged > 0) {
    return verdict("likely_ai", "The detector called this text AI-written.");
  }
  if (!result.isAiGenerated && result.aiPercentage < VERDICT_MIDPOINT && flagged === 0) {
    return verdict("likely_human", "Few signs of AI writing.");
  }
  return verdict("uncertain", "The score and the flagged sentences point different ways.");
}

/** Splits a probability (0..1) into percentages with one decimal that add up to exactly 100. */
export function toPercentages(probabilityAi: number): { aiPercentage: number; humanPercentage: number } {
  const clamped = Number.isFinite(probabilityAi) ? Math.min(1, Math.max(0, probabilityAi)) : 0;
  const aiTenths = Math.round(clamped * 1000);
  // Integer tenths divided once each: t/10 + (1000-t)/10 === 100 holds for every t in 0..1000.
  return { aiPercentage: aiTenths / 10, humanPercentage: (1000 - aiTenths) / 10 };
}
