/**
 * Sapling adapter: POST {base}/api/v1/aidetect, body {key, text, sent_scores: true}.
 * Reads score (0..1, 1 = AI) and sentence_scores[]{sentence, score}.
 */
import type { DetectionResult } from "../../shared/detection";
import {
  DEFAULT_TIMEOUT_MS,
  isProbability,
  ProviderError,
  type ProviderSentence,
  postJson,
  precheck,
  providerResult,
  unavailable,
} from "./provider";

export const SAPLING_DEFAULT_BASE_URL = "https://api.sapling.ai";

export interface SaplingOptions {
  apiKey?: string;
  baseUrl?: string;
  timeoutMs?: number;
}

export async function detectWithSapling(
  text: string,
  options: SaplingOptions,
  signal?: AbortSignal,
): Promise<DetectionResult> {
  const refused = precheck("sapling", text, options.apiKey);
  if (refused) return refused;
  const base = (options.baseUrl ?? SAPLING_DEFAULT_BASE_URL).replace(/\/+$/, "");
  try {
    // Sapling takes the key in the body, so it must never be echoed into an error message.
    const body = (await postJson(
      `${base}/api/v1/aidetect`,
      {},
      { key: options.apiKey, text, sent_scores: true },
      options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      signal,
    )) as Record<string, unknown> | null;
    if (!body || !isProbability(body.score)) return unavailable("sapling", "malformed response", text);
    const sentences: ProviderSentence[] = [];
    if (Array.isArray(body.sentence_scores)) {
      for (const raw of body.sentence_scores as Record<string, unknown>[]) {
        if (typeof raw?.sentence !== "string" || !isProbability(raw.score)) continue;
        sentences.push({ sentence: raw.sentence, score: raw.score });
      }
    }
    return providerResult("sapling", text, body.score, sentences);
  } catch (error) {
    return unavailable("sapling", error instanceof ProviderError ? error.message : "unexpected error", text);
  }
}
