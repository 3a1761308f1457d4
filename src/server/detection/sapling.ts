/**
 * Sapling adapter: POST {base}/api/v1/aidetect, body {key, text, sent_scores: true}.
 * Reads score (0..1, 1 = AI) and sentence_scores[]{sentence, score}.
 */
import type { DetectionResult } from "../../shared/detection";
import {
  callProvider,
  isProbability,
  type ProviderOptions,
  type ProviderSentence,
  providerResult,
  unavailable,
} from "./provider";

export const SAPLING_DEFAULT_BASE_URL = "https://api.sapling.ai";

export type SaplingOptions = ProviderOptions;

export function detectWithSapling(
  text: string,
  options: SaplingOptions,
  signal?: AbortSignal,
): Promise<DetectionResult> {
  return callProvider(
    "sapling",
    text,
    options,
    {
      defaultBaseUrl: SAPLING_DEFAULT_BASE_URL,
      path: "/api/v1/aidetect",
      // Sapling takes the key in the body, so it must never be echoed into an error message.
      headers: () => ({}),
      body: (apiKey) => ({ key: apiKey, text, sent_scores: true }),
    },
    (json) => {
      const body = json as Record<string, unknown> | null;
      if (!body || !isProbability(body.score)) return unavailable("sapling", "malformed response", text);
      const sentences: ProviderSentence[] = [];
      if (Array.isArray(body.sentence_scores)) {
        for (const raw of body.sentence_scores as Record<string, unknown>[]) {
          if (typeof raw?.sentence !== "string" || !isProbability(raw.score)) continue;
          sentences.push({ sentence: raw.sentence, score: raw.score });
        }
      }
      return providerResult("sapling", text, body.score, sentences);
    },
    signal,
  );
}
