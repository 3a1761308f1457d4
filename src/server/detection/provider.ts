/**
 * Shared plumbing for third-party detectors: one HTTP call with a timeout,
 * errors turned into a failed DetectionResult (never thrown), and provider
 * sentences mapped back onto the user's text verbatim.
 */
import {
  DETECTION_MAX_CHARS,
  type DetectionResult,
  type DetectorName,
  failedDetection,
  type SentenceScore,
  toPercentages,
  VERDICT_MIDPOINT,
  type Verdict,
  type VerdictLevel,
  verdict,
} from "../../shared/detection";
import { countMarkdownWords } from "../../shared/text";

export const DEFAULT_TIMEOUT_MS = 15_000;
/** Above this probability a provider sentence is flagged when the provider gives no flag of its own. */
export const PROVIDER_SENTENCE_THRESHOLD = 0.5;
/**
 * Without a class of the provider's own, its document probability maps onto the three levels with these
 * bands: likely AI at or above 0.8, likely human under 0.2, mixed or uncertain between (the detector says
 * less where the provider is unsure, as the built-in one does).
 */
export const PROVIDER_BANDS = { likelyAi: 0.8, likelyHuman: 0.2 } as const;
/** A likely-AI answer with no sentence flagged flags at most this many of the provider's highest-scoring ones. */
const TOP_FLAGS = 3;

const PROVIDER_NAMES: Record<DetectorName, string> = {
  builtin: "The built-in detector",
  gptzero: "GPTZero",
  sapling: "Sapling",
};

/** What a provider said about the whole text. */
export interface ProviderJudgement {
  probabilityAi: number;
  /** The provider's own class, when it gives one (GPTZero's predicted_class). */
  predictedClass?: "human" | "ai" | "mixed";
  /** How sure the provider says it is (GPTZero's confidence_category). */
  confidence?: "high" | "medium" | "low";
}

export const unavailable = (detector: DetectorName, reason: string, text = ""): DetectionResult =>
  failedDetection(detector, `AI detection service unavailable: ${reason}`, text ? countMarkdownWords(text) : 0);

export class ProviderError extends Error {}

/** POSTs JSON and returns the parsed body; throws ProviderError with a short, key-free reason. */
export async function postJson(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<unknown> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...headers },
      body: JSON.stringify(body),
      signal: combined,
    });
  } catch {
    if (timeout.aborted) throw new ProviderError(`timed out after ${timeoutMs} ms`);
    if (signal?.aborted) throw new ProviderError("request cancelled");
    throw new ProviderError("could not reach the service");
  }
  let raw: string;
  try {
    raw = await response.text();
  } catch {
    throw new ProviderError(timeout.aborted ? `timed out after ${timeoutMs} ms` : "connection dropped");
  }
  if (!response.ok) {
    if (response.status === 401 || response.status === 403) {
      throw new ProviderError(`authentication failed (HTTP ${response.status})`);
    }
    if (response.status === 429) throw new ProviderError("rate limited (HTTP 429)");
    throw new ProviderError(`HTTP ${response.status}`);
  }
  try {
    return JSON.parse(raw);
  } catch {
    throw new ProviderError("malformed response");
  }
}

export const isProbability = (value: unknown): value is number =>
  typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= 1;

export interface ProviderSentence {
  sentence: string;
  score: number;
  flagged?: boolean;
}

/**
 * Finds each provider sentence in the input, searching forward from the last
 * match so repeated sentences map in order. Providers normalise whitespace, so
 * a whitespace-tolerant search is the fallback; sentences not found are skipped
 * (aiSentences must be verbatim substrings of the input).
 */
export function locateSentences(text: string, provided: ProviderSentence[]): (SentenceScore & { flagged: boolean })[] {
  const located: (SentenceScore & { flagged: boolean })[] = [];
  let cursor = 0;
  for (const item of provided) {
    const wanted = item.sentence.trim();
    if (wanted === "") continue;
    let start = text.indexOf(wanted, cursor);
    if (start === -1) start = text.indexOf(wanted);
    let end = start + wanted.length;
    if (start === -1) {
      const pattern = wanted
        .split(/\s+/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
        .join("\\s+");
      const match = new RegExp(pattern).exec(text);
      if (!match) continue;
      start = match.index;
      end = start + match[0].length;
    }
    cursor = end;
    // The same span named twice (a provider repeating a sentence the text has once): one entry, flagged if
    // either was, with the higher score.
    const twin = located.find((s) => s.start === start && s.end === end);
    if (twin) {
      twin.score = Math.max(twin.score, item.score);
      twin.flagged = twin.flagged || (item.flagged ?? item.score > PROVIDER_SENTENCE_THRESHOLD);
      continue;
    }
    located.push({
      text: text.slice(start, end),
      start,
      end,
      score: item.score,
      reasons: [],
      flagged: item.flagged ?? item.score > PROVIDER_SENTENCE_THRESHOLD,
    });
  }
  return located;
}

/** The level a provider's judgement maps onto, with the reason in words (before the shared rule is applied). */
export function providerVerdict(detector: DetectorName, judgement: ProviderJudgement): Verdict {
  const name = PROVIDER_NAMES[detector];
  const { predictedClass, confidence, probabilityAi } = judgement;
  if (predictedClass === "mixed") return verdict("uncertain", `${name} found a mix of human and AI writing.`);
  if (predictedClass && confidence === "low") {
    return verdict("uncertain", `${name} leans ${predictedClass === "ai" ? "AI" : "human"} but with low confidence.`);
  }
  const sure = confidence ? ` with ${confidence} confidence` : "";
  if (predictedClass === "ai") return verdict("likely_ai", `${name} classifies it as AI-written${sure}.`);
  if (predictedClass === "human") return verdict("likely_human", `${name} classifies it as human-written${sure}.`);
  const percent = Math.round(probabilityAi * 100);
  if (probabilityAi >= PROVIDER_BANDS.likelyAi)
    return verdict("likely_ai", `${name} gives it a ${percent}% AI probability.`);
  if (probabilityAi < PROVIDER_BANDS.likelyHuman) {
    return verdict("likely_human", `${name} gives it only a ${percent}% AI probability.`);
  }
  return verdict("uncertain", `${name} gives it a ${percent}% AI probability: not clear either way.`);
}

/**
 * A provider's answer as a DetectionResult that keeps the shared rule (verdictConflicts): a class that
 * disagrees with the provider's own probability becomes mixed or uncertain; a likely-AI answer that flags
 * no sentence flags the provider's highest-scoring ones (or, with none above 0.5, becomes uncertain); a
 * likely-human answer flags nothing (a provider's flag is not a strong, named reason).
 */
export function providerResult(
  detector: DetectorName,
  text: string,
  judgement: ProviderJudgement | number,
  provided: ProviderSentence[],
): DetectionResult {
  const j = typeof judgement === "number" ? { probabilityAi: judgement } : judgement;
  const name = PROVIDER_NAMES[detector];
  const percentages = toPercentages(j.probabilityAi);
  const located = locateSentences(text, provided);
  let decided = providerVerdict(detector, j);
  const disagrees =
    (decided.level === "likely_ai" && percentages.aiPercentage < VERDICT_MIDPOINT) ||
    (decided.level === "likely_human" && percentages.aiPercentage >= VERDICT_MIDPOINT);
  if (disagrees) {
    decided = verdict(
      "uncertain",
      `${name}'s class (${decided.label.toLowerCase()}) and its ${percentages.aiPercentage}% AI probability disagree.`,
    );
  }
  let flaggedIndices = located.map((_, i) => i).filter((i) => located[i].flagged);
  const extra = new Set<number>();
  if (decided.level === "likely_human") flaggedIndices = [];
  if (decided.level === "likely_ai" && flaggedIndices.length === 0) {
    flaggedIndices = located
      .map((_, i) => i)
      .filter((i) => located[i].score > PROVIDER_SENTENCE_THRESHOLD)
      .sort((a, b) => located[b].score - located[a].score || a - b)
      .slice(0, TOP_FLAGS)
      .sort((a, b) => a - b);
    for (const i of flaggedIndices) extra.add(i);
    if (flaggedIndices.length === 0) {
      decided = verdict("uncertain", `${decided.reason} It did not say which sentences read as AI-written.`);
    }
  }
  const level: VerdictLevel = decided.level;
  const flaggedSet = new Set(flaggedIndices);
  const sentences: SentenceScore[] = located.map(({ flagged: _flagged, ...s }, i) => ({
    ...s,
    reasons: flaggedSet.has(i)
      ? [extra.has(i) ? `Among ${name}'s highest AI probabilities` : `Flagged by ${name}`]
      : [],
  }));
  return {
    success: true,
    ...percentages,
    wordCount: countMarkdownWords(text),
    aiSentences: [...new Set(flaggedIndices.map((i) => located[i].text))],
    isAiGenerated: level === "likely_ai",
    detector,
    sentences,
    verdict: decided,
  };
}

/** What every provider adapter is configured with. */
export interface ProviderOptions {
  apiKey?: string;
  baseUrl?: string;
  timeoutMs?: number;
}

/** One third-party detector: where its API is, how the key is sent, and how its answer is read. */
export interface ProviderAdapter {
  detector: DetectorName;
  defaultBaseUrl: string;
  path: string;
  /** Headers beside the JSON ones (a key sent as a header). */
  headers: (apiKey: string) => Record<string, string>;
  body: (apiKey: string, text: string) => unknown;
  /** The provider's answer as a judgement and its sentences, or null when it is malformed. */
  read: (body: unknown) => { judgement: ProviderJudgement; sentences: ProviderSentence[] } | null;
}

/**
 * One provider call: the prechecks, a JSON POST to `{baseUrl}{path}` (the key sent as the adapter
 * says), the answer read by the adapter, and any failure turned into an unavailable result.
 */
export async function detectWithProvider(
  adapter: ProviderAdapter,
  text: string,
  options: ProviderOptions,
  signal?: AbortSignal,
): Promise<DetectionResult> {
  const { detector } = adapter;
  const refused = precheck(detector, text, options.apiKey);
  if (refused) return refused;
  const apiKey = options.apiKey!;
  const base = (options.baseUrl ?? adapter.defaultBaseUrl).replace(/\/+$/, "");
  try {
    const body = await postJson(
      `${base}${adapter.path}`,
      adapter.headers(apiKey),
      adapter.body(apiKey, text),
      options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      signal,
    );
    const read = adapter.read(body);
    if (!read) return unavailable(detector, "malformed response", text);
    return providerResult(detector, text, read.judgement, read.sentences);
  } catch (error) {
    return unavailable(detector, error instanceof ProviderError ? error.message : "unexpected error", text);
  }
}

/**
 * A provider's sentence list, `{[textKey]: string, [scoreKey]: probability, [flagKey]?: boolean}[]`;
 * entries that are not of that shape are skipped.
 */
export function readProviderSentences(
  list: unknown,
  keys: { text: string; score: string; flag?: string },
): ProviderSentence[] {
  if (!Array.isArray(list)) return [];
  const sentences: ProviderSentence[] = [];
  for (const raw of list as (Record<string, unknown> | null)[]) {
    const sentence = raw?.[keys.text];
    const score = raw?.[keys.score];
    if (typeof sentence !== "string" || !isProbability(score)) continue;
    const flag = keys.flag ? raw?.[keys.flag] : undefined;
    sentences.push({ sentence, score, flagged: typeof flag === "boolean" ? flag : undefined });
  }
  return sentences;
}

/** Checks common to every provider before any network call. */
export function precheck(detector: DetectorName, text: string, apiKey: string | undefined): DetectionResult | null {
  if (!apiKey) return unavailable(detector, "no API key configured");
  if (text.trim() === "") return failedDetection(detector, "Text is required");
  if (text.length > DETECTION_MAX_CHARS) {
    return failedDetection(detector, `Text is too long for AI detection (at most ${DETECTION_MAX_CHARS} characters).`);
  }
  return null;
}
