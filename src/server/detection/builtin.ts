/**
 * Built-in, explainable AI-text detector: synchronous, in-process, no network.
 *
 * 1. Split the draft into prose sentences (Markdown syntax and plain-text headings are never scored).
 * 2. Document features (stylometry, word frequencies, the lexicon of AI habits) plus three learned
 *    lexicon scores, weighed by the trained logistic model in model.json and calibrated to a probability
 *    on texts from domains the model had not seen (leave-one-domain-out).
 * 3. Score every sentence from its own signals (the sentence model), plus a small, capped document prior.
 * 4. The verdict (verdict.ts): likely human / mixed or uncertain / likely AI, with the reason; it decides
 *    which sentences may be flagged, so the percentage, the verdict and the flags never disagree. A
 *    likely-AI score that rests on a few flagged sentences (the rest, scored alone, falls under the
 *    threshold) is called mixed.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import {
  DETECTION_MAX_CHARS,
  type DetectionResult,
  failedDetection,
  type SentenceScore,
  toPercentages,
  VERDICT_MIDPOINT,
} from "../../shared/detection";
import { countMarkdownWords, splitSentences, stripInlineMarkdown, tokenizeWords } from "../../shared/text";
import {
  analyzeDocument,
  type DocumentAnalysis,
  documentFeatures,
  documentReasons,
  documentSentences,
  FUNCTION_WORDS,
  sentenceReasons,
} from "./features";
import { compileLexicons, type LexiconWeights, lexiconScores, sentenceLexiconScore } from "./lexicon";
import { type LogisticModel, logit, type SentencePrior, sentenceLogit, sigmoid } from "./logistic";
import { compileNgram, type NgramModel, ngramScore } from "./ngram";
import { compileSkeleton, type SkeletonModel, skeletonScore } from "./skeleton";
import { type BoostedTrees, treesLogit } from "./trees";
import { type CautionRules, decideVerdict, flagSentences, mixedVerdict, type VerdictThresholds } from "./verdict";

/** What scoring needs from model.json (scripts/detector/training.ts writes it, with how each part was chosen). */
export interface ScoringModel {
  lexicons: LexiconWeights;
  /** The AI and human word-bigram models (ngram.ts). */
  ngram: NgramModel;
  /** The AI and human skeleton trigram models (skeleton.ts). */
  skeleton: SkeletonModel;
  document: LogisticModel;
  /** Boosted stumps added to the document logit with `weight` (0: none). */
  trees: BoostedTrees & { weight: number };
  calibration: { a: number; b: number };
  sentence: LogisticModel;
  sentencePrior: SentencePrior;
  thresholds: VerdictThresholds;
  caution: CautionRules;
}

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
  const { latin, other } = letterCensus(text);
  if (latin === 0 || other > latin * 0.15) return false;
  const words = tokenizeWords(text).map((w) => w.toLowerCase());
  const letterWords = words.filter((w) => !/^\d/.test(w));
  if (letterWords.length === 0) return false;
  const functionShare = letterWords.filter((w) => FUNCTION_WORDS.has(w)).length / letterWords.length;
  return functionShare >= 0.18;
}

/** ASCII letters and other letters (any script), counted by char code; the regex only for non-ASCII. */
function letterCensus(text: string): { latin: number; other: number } {
  let latin = 0;
  let other = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122)) latin++;
    else if (code > 127 && /\p{L}/u.test(text[i])) other++;
  }
  return { latin, other };
}

/** A scorer bound to one model: the shipped one, or a model trained without a domain (evaluation). */
export function createScorer(model: ScoringModel): (text: string) => DetectionResult {
  const lexicons = compileLexicons(model.lexicons);
  const ngram = compileNgram(model.ngram);
  const skeleton = compileSkeleton(model.skeleton);
  /** The calibrated document logit of some sentences' document features. */
  const documentLogitOf = (document: Pick<DocumentAnalysis, "documentVector" | "tokens">) => {
    const x = [
      ...document.documentVector,
      ...lexiconScores(document.tokens, lexicons),
      ngramScore(document.tokens.bigrams, document.tokens.totals.bigrams, ngram),
      skeletonScore(document.tokens.skeleton, document.tokens.totals.skeleton, skeleton),
    ];
    const trees = model.trees.weight === 0 ? 0 : model.trees.weight * treesLogit(model.trees, x);
    return model.calibration.a * (logit(model.document, x) + trees) + model.calibration.b;
  };

  return function detect(text: string): DetectionResult {
    if (typeof text !== "string" || text.trim() === "") return failedDetection("builtin", "Text is required");
    if (text.length > DETECTION_MAX_CHARS) return failedDetection("builtin", TOO_LONG_ERROR);

    const spans = splitSentences(text);
    const wordCount = countMarkdownWords(text);
    const prose = spans.map((s) => s.plain).join(" ") || stripInlineMarkdown(text);
    // Language first: scripts without spaces (Chinese, Japanese) would otherwise look "too short".
    const census = letterCensus(prose);
    const english = looksEnglish(prose);
    if (census.latin + census.other >= 60 && !english) return failedDetection("builtin", NOT_ENGLISH_ERROR, wordCount);
    const proseWords = spans.reduce((n, s) => n + tokenizeWords(s.plain).length, 0);
    if (proseWords < MIN_WORDS || spans.length < MIN_SENTENCES) {
      return failedDetection("builtin", TOO_SHORT_ERROR, wordCount, `Too short to judge: ${TOO_SHORT_ERROR}`);
    }
    if (!english) return failedDetection("builtin", NOT_ENGLISH_ERROR, wordCount);

    const analysis = analyzeDocument(spans);
    const documentLogit = documentLogitOf(analysis);
    const probabilityAi = sigmoid(documentLogit);

    const scored = spans.map((span, i) => {
      const local = logit(model.sentence, [
        ...analysis.sentenceVectors[i],
        sentenceLexiconScore(analysis.facts[i].lowerWords, lexicons.unigrams),
      ]);
      return {
        text: span.text,
        start: span.start,
        end: span.end,
        score: Math.round(sigmoid(sentenceLogit(local, documentLogit, model.sentencePrior)) * 1000) / 1000,
        reasons: sentenceReasons(analysis.facts[i], analysis.meanSentenceLength),
      };
    });

    const percentages = toPercentages(probabilityAi);
    let verdict = decideVerdict({
      aiPercentage: percentages.aiPercentage,
      proseWords,
      analysis,
      sentences: scored,
      thresholds: model.thresholds,
      caution: model.caution,
    });
    let flagged = flagSentences(verdict.level, scored, model.thresholds.sentence);
    // Mixed: does the likely-AI score rest on the flagged sentences alone? Score the text without them.
    const own = flagged.indices.filter((i) => flagged.extraReasons[i] === undefined);
    if (verdict.level === "likely_ai" && own.length > 0 && own.length * 2 <= spans.length) {
      const without = new Set(own);
      const rest = spans.map((_, i) => i).filter((i) => !without.has(i));
      const restFacts = documentSentences(
        rest.map((i) => analysis.facts[i]),
        (k) => spans[rest[k]].listItem === true,
      );
      if (restFacts.length >= MIN_SENTENCES) {
        const restPercentage = toPercentages(sigmoid(documentLogitOf(documentFeatures(restFacts)))).aiPercentage;
        if (restPercentage < VERDICT_MIDPOINT) {
          verdict = mixedVerdict(own.length, restPercentage, model.thresholds.likelyHuman);
          flagged = flagSentences(verdict.level, scored, model.thresholds.sentence);
        }
      }
    }
    const sentences: SentenceScore[] = scored.map((s, i) => ({
      ...s,
      reasons: flagged.extraReasons[i] ? [...s.reasons, flagged.extraReasons[i]] : s.reasons,
    }));

    return {
      success: true,
      ...percentages,
      wordCount,
      aiSentences: flagged.indices.map((i) => spans[i].text),
      isAiGenerated: verdict.level === "likely_ai",
      detector: "builtin",
      sentences,
      reasons: documentReasons(analysis),
      verdict,
    };
  };
}

let shippedJson: unknown;

/**
 * model.json, read at the first detection. Beside this file in the source tree, beside main.js in the
 * build (scripts/build-server.mjs copies it). Not imported: a bundle would carry it as a 1.1 MB object
 * literal that every start of the server evaluates (~125 ms here), where JSON.parse of the file at the
 * first text takes a tenth of that.
 */
function shippedModel(): ScoringModel {
  shippedJson ??= JSON.parse(readFileSync(new URL("./model.json", import.meta.url), "utf8"));
  return shippedJson as ScoringModel;
}

let shipped: ((text: string) => DetectionResult) | undefined;

/**
 * The shipped model's scorer, compiled at its first text rather than when the server loads (the
 * look-up tables take ~100 ms to build on a slow machine, and the web process hands its detections
 * to the CPU pool's threads, each of which compiles its own).
 */
export function detectBuiltin(text: string): DetectionResult {
  shipped ??= createScorer(shippedModel());
  return shipped(text);
}

/**
 * Raise when scoring changes without new weights (features, verdict rules): stored checks made by the
 * old rules are then not answered again (see `builtinModelId`).
 */
const SCORING_REVISION = 1;
let modelId: string | undefined;

/** Names these weights and scoring rules: a stored check answers again only for the same id. */
export function builtinModelId(): string {
  modelId ??= `${SCORING_REVISION}.${createHash("sha256").update(JSON.stringify(shippedModel())).digest("hex").slice(0, 16)}`;
  return modelId;
}
