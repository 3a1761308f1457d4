import { z } from "zod";
import { VersionRef } from "./documents";

/**
 * AI-detection contract shared by the server (built-in detector, third-party
 * adapters, /api/detect-ai) and the screens. Pure: no Node APIs, so the client
 * bundle can import it.
 */

/** Longest text we score. /api/detect-ai answers 413 above it; the detectors refuse it too. */
export const DETECTION_MAX_CHARS = 50000;

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
});
export type DetectionResult = z.infer<typeof DetectionResultSchema>;

export const DetectRequestSchema = z
  .object({
    text: z.string().refine((value) => value.trim().length >= 1, { message: "Text is required" }),
    requestId: z.union([z.number(), z.string()]).optional(),
  })
  // documentId + versionId: store the result on that version of the caller's document.
  .and(VersionRef);
export type DetectRequest = z.infer<typeof DetectRequestSchema>;

/** Splits a probability (0..1) into percentages with one decimal that add up to exactly 100. */
export function toPercentages(probabilityAi: number): { aiPercentage: number; humanPercentage: number } {
  const clamped = Number.isFinite(probabilityAi) ? Math.min(1, Math.max(0, probabilityAi)) : 0;
  const aiTenths = Math.round(clamped * 1000);
  // Integer tenths divided once each: t/10 + (1000-t)/10 === 100 holds for every t in 0..1000.
  return { aiPercentage: aiTenths / 10, humanPercentage: (1000 - aiTenths) / 10 };
}

/** A failed detection: nothing is claimed, so the text counts as 100% human and nothing is flagged. */
export function failedDetection(detector: DetectorName, error: string, wordCount = 0): DetectionResult {
  return {
    success: false,
    aiPercentage: 0,
    humanPercentage: 100,
    wordCount,
    aiSentences: [],
    isAiGenerated: false,
    error,
    detector,
  };
}

/** POST /api/detect-ai's answer: the result, and what it cost (1 credit on success, else 0). */
export interface DetectResponse {
  aiDetection: DetectionResult;
  creditsUsed: number;
}
