/**
 * Built-in, explainable AI-text detector: synchronous, in-process, no network.
 *
 * 1. Split the draft into prose sentences (Markdown syntax is never scored).
 * 2. Compute stylometric + lexical document features and score them with the
 *    trained logistic model in model.json; Platt-calibrate to a probability.
 * 3. Score every sentence from its own signals (the sentence model), plus a
 *    small, capped document prior. Flag a sentence when its score is above the
 *    sentence threshold AND it carries at least one stated reason: a sentence
 *    is never flagged just because its neighbours look machine-written.
 * 4. Explain: the signals that fired, per sentence and for the whole document.
 */
import {
  DETECTION_MAX_CHARS,
  type DetectionResult,
  failedDetection,
  type SentenceScore,
  toPercentages,
} from "../../shared/detection";
import { analyzeDocument, documentReasons, FUNCTION_WORDS, sentenceReasons } from "./features";
import { type LogisticModel, logit, type SentencePrior, sentenceLogit, sigmoid } from "./logistic";
import modelJson from "./model.json" with { type: "json" };
import { countWords, splitSentences, stripInlineMarkdown, tokenizeWords } from "./sentences";

interface ShippedModel {
  document: LogisticModel;
  calibration: { a: number; b: number };
  sentence: LogisticModel;
  sentencePrior: SentencePrior;
  thresholds: { document: number; sentence: number };
}
const model = modelJson as unknown as ShippedModel;

export const MIN_WORDS = 40;
export const MIN_SENTENCES = 3;
export const TOO_SHORT_ERROR = "Text is too short to judge reliably (at least 40 words in 3 sentences are needed).";
export const NOT_ENGLISH_ERROR = "AI detection works on English text only.";
export const TOO_LONG_ERROR = `Text is too long for AI detection (at most ${DETECTION_MAX_CHARS.toLocaleString("en-US")} characters).`;

/**
 * English check without a language model: English prose is roughly 40% function
 * words ("the", "of", "and"…); other languages, even in Latin script, score far
 * lower. Non-Latin scripts are caught by the letter census first.
 */
export function looksEnglish(text: string): boolean {
  let latin = 0;
  let other = 0;
  for (const ch of text) {
    if (/[A-Za-z]/.test(ch)) latin++;
    else if (/\p{L}/u.test(ch)) other++;
  }
  if (latin === 0 || other > latin * 0.15) return false;
  const words = tokenizeWords(text).map((w) => w.toLowerCase());
  const letterWords = words.filter((w) => !/^\d/.test(w));
  if (letterWords.length === 0) return false;
  const functionShare = letterWords.filter((w) => FUNCTION_WORDS.has(w)).length / letterWords.length;
  return functionShare >= 0.18;
}

export function detectBuiltin(text: string): DetectionResult {
  if (typeof text !== "string" || text.trim() === "") return failedDetection("builtin", "Text is required");
  if (text.length > DETECTION_MAX_CHARS) return failedDetection("builtin", TOO_LONG_ERROR);

  const spans = splitSentences(text);
  const wordCount = countWords(text);
  const prose = spans.map((s) => s.plain).join(" ") || stripInlineMarkdown(text);
  // Language first: scripts without spaces (Chinese, Japanese) would otherwise look "too short".
  if ((prose.match(/\p{L}/gu)?.length ?? 0) >= 60 && !looksEnglish(prose)) {
    return failedDetection("builtin", NOT_ENGLISH_ERROR, wordCount);
  }
  const proseWords = spans.reduce((n, s) => n + tokenizeWords(s.plain).length, 0);
  if (proseWords < MIN_WORDS || spans.length < MIN_SENTENCES) {
    return failedDetection("builtin", TOO_SHORT_ERROR, wordCount);
  }
  if (!looksEnglish(prose)) return failedDetection("builtin", NOT_ENGLISH_ERROR, wordCount);

  const analysis = analyzeDocument(spans);
  const documentLogit = model.calibration.a * logit(model.document, analysis.documentVector) + model.calibration.b;
  const probabilityAi = sigmoid(documentLogit);

  const aiSentences: string[] = [];
  const sentences: SentenceScore[] = spans.map((span, i) => {
    const local = logit(model.sentence, analysis.sentenceVectors[i]);
    const score = sigmoid(sentenceLogit(local, documentLogit, model.sentencePrior));
    const reasons = sentenceReasons(analysis.facts[i], analysis.meanSentenceLength);
    if (score > model.thresholds.sentence && reasons.length > 0) aiSentences.push(span.text);
    return {
      text: span.text,
      start: span.start,
      end: span.end,
      score: Math.round(score * 1000) / 1000,
      reasons,
    };
  });

  return {
    success: true,
    ...toPercentages(probabilityAi),
    wordCount,
    aiSentences,
    isAiGenerated: probabilityAi > model.thresholds.document,
    detector: "builtin",
    sentences,
    reasons: documentReasons(analysis),
  };
}
