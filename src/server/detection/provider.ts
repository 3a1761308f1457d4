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
} from "../../shared/detection";
import { countWords } from "./sentences";

export const DEFAULT_TIMEOUT_MS = 15_000;
/** Above this probability a provider sentence is flagged when the provider gives no flag of its own. */
export const PROVIDER_SENTENCE_THRESHOLD = 0.5;
/** Above this document probability the text is called AI-generated. */
export const PROVIDER_DOCUMENT_THRESHOLD = 0.5;

export const unavailable = (detector: DetectorName, reason: string, text = ""): DetectionResult =>
  failedDetection(detector, `AI detection service unavailable: ${reason}`, text ? countWords(text) : 0);

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

export function providerResult(
  detector: DetectorName,
  text: string,
  probabilityAi: number,
  provided: ProviderSentence[],
): DetectionResult {
  const located = locateSentences(text, provided);
  const flagged = located.filter((s) => s.flagged);
  const sentences: SentenceScore[] = located.map(({ flagged: isFlagged, ...s }) => ({
    ...s,
    reasons: isFlagged ? [`Flagged by ${detector === "gptzero" ? "GPTZero" : "Sapling"}`] : [],
  }));
  return {
    success: true,
    ...toPercentages(probabilityAi),
    wordCount: countWords(text),
    aiSentences: [...new Set(flagged.map((s) => s.text))],
    isAiGenerated: probabilityAi > PROVIDER_DOCUMENT_THRESHOLD,
    detector,
    sentences,
  };
}

/** What every provider adapter is configured with. */
export interface ProviderOptions {
  apiKey?: string;
  baseUrl?: string;
  timeoutMs?: number;
}

/**
 * One provider call: the prechecks, a JSON POST to `{baseUrl}{path}` (the key sent as `request`
 * says), the answer shaped by `read`, and any failure turned into an unavailable result.
 */
export async function callProvider(
  detector: DetectorName,
  text: string,
  options: ProviderOptions,
  request: {
    defaultBaseUrl: string;
    path: string;
    headers: (apiKey: string) => Record<string, string>;
    body: (apiKey: string) => unknown;
  },
  read: (body: unknown) => DetectionResult,
  signal?: AbortSignal,
): Promise<DetectionResult> {
  const refused = precheck(detector, text, options.apiKey);
  if (refused) return refused;
  const apiKey = options.apiKey!;
  const base = (options.baseUrl ?? request.defaultBaseUrl).replace(/\/+$/, "");
  try {
    const body = await postJson(
      `${base}${request.path}`,
      request.headers(apiKey),
      request.body(apiKey),
      options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      signal,
    );
    return read(body);
  } catch (error) {
    return unavailable(detector, error instanceof ProviderError ? error.message : "unexpected error", text);
  }
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
