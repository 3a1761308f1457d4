/**
 * Sapling adapter: POST {base}/api/v1/aidetect, body {key, text, sent_scores: true}.
 * Reads score (0..1, 1 = AI) and sentence_scores[]{sentence, score}.
 */
import { isProbability, type ProviderAdapter, readProviderSentences } from "./provider";

export const SAPLING_DEFAULT_BASE_URL = "https://api.sapling.ai";

export const SAPLING: ProviderAdapter = {
  detector: "sapling",
  defaultBaseUrl: SAPLING_DEFAULT_BASE_URL,
  path: "/api/v1/aidetect",
  // Sapling takes the key in the body, so it must never be echoed into an error message.
  headers: () => ({}),
  body: (apiKey, text) => ({ key: apiKey, text, sent_scores: true }),
  read: (json) => {
    const body = json as Record<string, unknown> | null;
    if (!body || !isProbability(body.score)) return null;
    return {
      judgement: { probabilityAi: body.score },
      sentences: readProviderSentences(body.sentence_scores, { text: "sentence", score: "score" }),
    };
  },
};
