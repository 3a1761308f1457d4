/**
 * GPTZero adapter: POST {base}/v2/predict/text, header x-api-key, body {document}.
 * Reads documents[0]: completely_generated_prob (or class_probabilities.ai), predicted_class
 * ("human" | "ai" | "mixed") and confidence_category ("high" | "medium" | "low") for the verdict, and
 * sentences[]{sentence, generated_prob, highlight_sentence_for_ai}.
 */
import { isProbability, type ProviderAdapter, readProviderSentences } from "./provider";

export const GPTZERO_DEFAULT_BASE_URL = "https://api.gptzero.me";

export const GPTZERO: ProviderAdapter = {
  detector: "gptzero",
  defaultBaseUrl: GPTZERO_DEFAULT_BASE_URL,
  path: "/v2/predict/text",
  headers: (apiKey) => ({ "x-api-key": apiKey }),
  body: (_apiKey, text) => ({ document: text }),
  read: (body) => {
    const document = (body as { documents?: unknown[] } | null)?.documents?.[0] as Record<string, unknown> | undefined;
    if (!document || typeof document !== "object") return null;
    // completely_generated_prob is the document-level AI probability; class_probabilities.ai is the newer field.
    const classAi = (document.class_probabilities as Record<string, unknown> | undefined)?.ai;
    const probability = isProbability(document.completely_generated_prob)
      ? document.completely_generated_prob
      : isProbability(classAi)
        ? classAi
        : null;
    if (probability === null) return null;
    const predicted = document.predicted_class;
    const confidence = document.confidence_category;
    return {
      judgement: {
        probabilityAi: probability,
        predictedClass: predicted === "human" || predicted === "ai" || predicted === "mixed" ? predicted : undefined,
        confidence: confidence === "high" || confidence === "medium" || confidence === "low" ? confidence : undefined,
      },
      sentences: readProviderSentences(document.sentences, {
        text: "sentence",
        score: "generated_prob",
        flag: "highlight_sentence_for_ai",
      }),
    };
  },
};
