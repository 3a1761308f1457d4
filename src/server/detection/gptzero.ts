/**
 * GPTZero adapter: POST {base}/v2/predict/text, header x-api-key, body {document}.
 * Reads documents[0]: completely_generated_prob (or class_probabilities.ai), predicted_class
 * ("human" | "ai" | "mixed") and confidence_category ("high" | "medium" | "low") for the verdict, and
 * sentences[]{sentence, generated_prob, highlight_sentence_for_ai}.
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

export const GPTZERO_DEFAULT_BASE_URL = "https://api.gptzero.me";

export type GptZeroOptions = ProviderOptions;

export function detectWithGptZero(
  text: string,
  options: GptZeroOptions,
  signal?: AbortSignal,
): Promise<DetectionResult> {
  return callProvider(
    "gptzero",
    text,
    options,
    {
      defaultBaseUrl: GPTZERO_DEFAULT_BASE_URL,
      path: "/v2/predict/text",
      headers: (apiKey) => ({ "x-api-key": apiKey }),
      body: () => ({ document: text }),
    },
    (body) => {
      const document = (body as { documents?: unknown[] } | null)?.documents?.[0] as
        | Record<string, unknown>
        | undefined;
      if (!document || typeof document !== "object") return unavailable("gptzero", "malformed response", text);
      // completely_generated_prob is the document-level AI probability; class_probabilities.ai is the newer field.
      const classAi = (document.class_probabilities as Record<string, unknown> | undefined)?.ai;
      const probability = isProbability(document.completely_generated_prob)
        ? document.completely_generated_prob
        : isProbability(classAi)
          ? classAi
          : null;
      if (probability === null) return unavailable("gptzero", "malformed response", text);
      const sentences: ProviderSentence[] = [];
      if (Array.isArray(document.sentences)) {
        for (const raw of document.sentences as Record<string, unknown>[]) {
          if (typeof raw?.sentence !== "string" || !isProbability(raw.generated_prob)) continue;
          sentences.push({
            sentence: raw.sentence,
            score: raw.generated_prob,
            flagged: typeof raw.highlight_sentence_for_ai === "boolean" ? raw.highlight_sentence_for_ai : undefined,
          });
        }
      }
      const predicted = document.predicted_class;
      const confidence = document.confidence_category;
      return providerResult(
        "gptzero",
        text,
        {
          probabilityAi: probability,
          predictedClass: predicted === "human" || predicted === "ai" || predicted === "mixed" ? predicted : undefined,
          confidence: confidence === "high" || confidence === "medium" || confidence === "low" ? confidence : undefined,
        },
        sentences,
      );
    },
    signal,
  );
}
