import { z } from "zod";
import { VersionRef } from "./ids";
import { VERDICT_LEVELS, verdict } from "./verdict";

export {
  DETECTION_MAX_CHARS,
  isStrongReason,
  toPercentages,
  VERDICT_LABELS,
  VERDICT_MIDPOINT,
  verdict,
  verdictConflicts,
  verdictOf,
} from "./verdict";

/**
 * AI-detection contract shared by the server (built-in detector, third-party
 * adapters, /api/detect-ai) and the screens. Pure: no Node APIs, so the client
 * bundle can import it.
 */

export const DETECTOR_NAMES = ["builtin", "gptzero", "sapling"] as const;
export const DetectorNameSchema = z.enum(DETECTOR_NAMES);
export type DetectorName = z.infer<typeof DetectorNameSchema>;

/** One scored sentence, with its place in the submitted text so the UI can highlight it. */
export const SentenceScoreSchema = z.object({
  /** The sentence exactly as it appears in the input (`input.slice(start, end)`). */
  text: z.string(),
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  /** Probability (0..1) that the sentence is machine-written. */
  score: z.number().min(0).max(1),
  /** Human-readable signals that fired, e.g. "Stock AI phrase: “delve into”". */
  reasons: z.array(z.string()),
});
export type SentenceScore = z.infer<typeof SentenceScoreSchema>;

/** The three-level verdict (shared/verdict.ts says what each means). */
export const VerdictLevelSchema = z.enum(VERDICT_LEVELS);
export type VerdictLevel = z.infer<typeof VerdictLevelSchema>;

export const VerdictSchema = z.object({
  level: VerdictLevelSchema,
  /** VERDICT_LABELS[level]. */
  label: z.string(),
  /** Why, in words a writer can pass on: "Too short to judge well (95 words).", … */
  reason: z.string().min(1),
});
export type Verdict = z.infer<typeof VerdictSchema>;

export const DetectionResultSchema = z.object({
  success: z.boolean(),
  /** Document probability of AI × 100, one decimal; aiPercentage + humanPercentage === 100. */
  aiPercentage: z.number().min(0).max(100),
  humanPercentage: z.number().min(0).max(100),
  wordCount: z.number().int().nonnegative(),
  /** Flagged sentences, each a verbatim substring of the input. */
  aiSentences: z.array(z.string()),
  isAiGenerated: z.boolean(),
  error: z.string().optional(),
  detector: DetectorNameSchema,
  sentences: z.array(SentenceScoreSchema).optional(),
  /** Document-level signals that fired (e.g. uniform sentence rhythm); built-in detector only. */
  reasons: z.array(z.string()).optional(),
  /** Likely human / mixed or uncertain / likely AI, with the reason; agrees with the fields above (verdictConflicts). */
  verdict: VerdictSchema,
});
export type DetectionResult = z.infer<typeof DetectionResultSchema>;

export const DetectRequestSchema = z
  .object({
    text: z
      .string({ error: "Text is required" })
      .refine((value) => value.trim().length >= 1, { message: "Text is required" }),
    requestId: z.union([z.number(), z.string()]).optional(),
  })
  // documentId + versionId: store the result on that version of the caller's document.
  .and(VersionRef);

/**
 * A failed detection: nothing is claimed, so the text counts as 100% human, nothing is flagged, and the
 * verdict is "mixed or uncertain" with the reason (`verdictReason`, else the error).
 */
export function failedDetection(
  detector: DetectorName,
  error: string,
  wordCount = 0,
  verdictReason?: string,
): DetectionResult {
  return {
    success: false,
    aiPercentage: 0,
    humanPercentage: 100,
    wordCount,
    aiSentences: [],
    isAiGenerated: false,
    error,
    detector,
    verdict: verdict("uncertain", verdictReason ?? `Not checked: ${error}`),
  };
}

/** POST /api/detect-ai's answer: the result, and what it cost (1 credit on success, else 0). */
export const DetectResponseSchema = z.object({
  aiDetection: DetectionResultSchema,
  creditsUsed: z.number().int(),
  /** True when the same text was checked before by the same detector: the stored answer, free. */
  cached: z.boolean().optional(),
});
export type DetectResponse = z.infer<typeof DetectResponseSchema>;
