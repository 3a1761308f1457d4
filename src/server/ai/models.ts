// The model layer: one call shape for OpenAI, Anthropic and the offline writer, streamed through the
// Vercel AI SDK, with the provider failures of the spec's §8 table mapped to AppErrors a client can
// act on. No key, stack or request body ever leaves this file in an error message.
import { type AnthropicProvider, createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI, type OpenAIProvider } from "@ai-sdk/openai";
import { APICallError, type LanguageModel, RetryError, streamText, type ToolSet } from "ai";
import { FIXED_API_PARAMETERS } from "../../shared/limits";
import { type AiProvider, OFFLINE_MODEL, type Writer } from "../../shared/writing";
import { AppError } from "../errors";
import type { Usage } from "./usage";

export interface ModelSettings {
  /**
   * `api`: which OpenAI API to speak. Default: Chat Completions when a base URL points elsewhere
   * (Ollama, vLLM and LM Studio speak only that), the Responses API on OpenAI itself.
   */
  openai: { apiKey?: string; baseUrl?: string; model: string; api?: "responses" | "chat" };
  anthropic: { apiKey?: string; baseUrl?: string; model: string };
  /** Longest silence from a provider (no byte of the stream) before the call counts as failed. */
  aiTimeoutMs: number;
  /** False (OFFLINE_WRITER=off): with no key, writing answers 503 instead of the offline writer. */
  offlineWriter?: boolean;
}

export interface ModelOptions {
  /** Retries of a retryable provider failure (429, 5xx, 529, network); the SDK's default is 2. */
  maxRetries?: number;
  /** Pause between the offline writer's streamed chunks (0: just yield to the event loop). */
  offlineChunkDelayMs?: number;
  /** Web searches Claude may run per call. */
  anthropicMaxSearches?: number;
}

export interface PromptPair {
  system: string;
  prompt: string;
}

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
}

export interface WriteRequest {
  provider: AiProvider;
  prompt: PromptPair;
  /** The offline writer's answer, used when the asked provider has no key. */
  offline: () => string;
  /** The answer is a markdown document starting with its H1: a preamble before it is dropped. */
  expectH1?: boolean;
  /** Aborts the model call (the client went away). */
  signal?: AbortSignal;
  /** Each piece of text as the model writes it. */
  /** Awaited before the next chunk (the meter may need the ledger before this text goes out). */
  onDelta?: (text: string) => void | Promise<void>;
  /** Let Claude search the web (default true); an edit of given text (the SEO revision) needs no search. */
  webSearch?: boolean;
}

export interface WriteResult {
  text: string;
  writer: Writer;
  model: string;
  usage: TokenUsage;
}

/** The caller cancelled: what was written so far and an honest estimate of the tokens it used. */
export class WritingCancelled extends Error {
  constructor(
    readonly partialText: string,
    readonly usage: TokenUsage,
  ) {
    super("The request was cancelled by the client.");
    this.name = "WritingCancelled";
  }
}

export interface Answerer {
  writer: Writer;
  model: string;
}

export interface WritingModels {
  /** Who will answer a call to this provider, or null when nobody can (no key, offline writer off). */
  available(provider: AiProvider): Answerer | null;
  /** Who will answer a call to this provider, known before the call starts; a 503 when nobody can. */
  describe(provider: AiProvider): Answerer;
  write(req: WriteRequest): Promise<WriteResult>;
}

export const NO_MODEL_MESSAGE =
  "No model is configured on this server, so drafts, revisions and rewrites can't be written. The operator needs to set OPENAI_API_KEY or ANTHROPIC_API_KEY (or allow the offline sample writer).";

/** Tokens a text is estimated to take where no provider counted them: characters ÷ 4, rounded up. */
export function estimateTokens(s: string): number {
  return Math.ceil(s.length / 4);
}

/** The estimated usage of a prompt and an output (a cancelled call reports none of its own). */
export function estimatedUsage(prompt: PromptPair, output: string): TokenUsage {
  const inputTokens = estimateTokens(`${prompt.system}\n\n${prompt.prompt}`);
  const outputTokens = output ? estimateTokens(output) : 0;
  return { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens };
}

/** The offline writer runs no model: it uses no tokens. */
export const NO_TOKENS: TokenUsage = { inputTokens: 0, outputTokens: 0, totalTokens: 0 };

export function createWritingModels(settings: ModelSettings, opts: ModelOptions = {}): WritingModels {
  const maxRetries = opts.maxRetries ?? 2;
  const offlineDelay = opts.offlineChunkDelayMs ?? 0;

  let openai: OpenAIProvider | undefined;
  let anthropic: AnthropicProvider | undefined;
  const anthropicProvider = () =>
    (anthropic ??= createAnthropic({ apiKey: settings.anthropic.apiKey, baseURL: settings.anthropic.baseUrl }));
  const languageModel = (provider: AiProvider): LanguageModel => {
    if (provider === "openai") {
      openai ??= createOpenAI({ apiKey: settings.openai.apiKey, baseURL: settings.openai.baseUrl });
      const api = settings.openai.api ?? (settings.openai.baseUrl ? "chat" : "responses");
      return api === "chat" ? openai.chat(settings.openai.model) : openai.responses(settings.openai.model);
    }
    return anthropicProvider()(settings.anthropic.model);
  };
  // Claude may search the web (spec §9: anthropic's tool is web_search); GPT-5 runs without tools.
  // The cast bridges the two copies of @ai-sdk/provider-utils the packages pin (same runtime shape).
  const toolsFor = (provider: AiProvider): ToolSet | undefined =>
    provider === "anthropic"
      ? ({
          web_search: anthropicProvider().tools.webSearch_20250305({ maxUses: opts.anthropicMaxSearches ?? 5 }),
        } as unknown as ToolSet)
      : undefined;

  const available = (provider: AiProvider): Answerer | null =>
    settings[provider].apiKey
      ? { writer: provider, model: settings[provider].model }
      : settings.offlineWriter === false
        ? null
        : { writer: "offline", model: OFFLINE_MODEL };
  const describe = (provider: AiProvider): Answerer => {
    const who = available(provider);
    if (!who) throw new AppError("NO_MODEL", NO_MODEL_MESSAGE);
    return who;
  };

  async function writeOffline(req: WriteRequest): Promise<WriteResult> {
    const text = req.offline();
    let sent = "";
    for (const chunk of chunksOf(text)) {
      if (req.signal?.aborted) throw new WritingCancelled(sent, NO_TOKENS);
      await req.onDelta?.(chunk);
      sent += chunk;
      await pause(offlineDelay);
    }
    if (req.signal?.aborted && sent.length < text.length) throw new WritingCancelled(sent, NO_TOKENS);
    return { text, writer: "offline", model: OFFLINE_MODEL, usage: NO_TOKENS };
  }

  async function writeWithModel(req: WriteRequest): Promise<WriteResult> {
    const { provider } = req;
    const who = describe(provider);
    const controller = new AbortController();
    let timedOut = false;
    let idle: NodeJS.Timeout | undefined;
    const touch = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        timedOut = true;
        controller.abort(new Error("The AI provider sent nothing for too long"));
      }, settings.aiTimeoutMs);
    };
    const onCallerAbort = () => controller.abort(req.signal?.reason);
    if (req.signal?.aborted) throw new WritingCancelled("", estimatedUsage(req.prompt, ""));
    req.signal?.addEventListener("abort", onCallerAbort, { once: true });

    let text = "";
    let streamError: unknown;
    let finish: { finishReason: string; totalUsage: Partial<TokenUsage> } | undefined;
    touch();
    try {
      const result = streamText({
        model: languageModel(provider),
        system: req.prompt.system,
        prompt: req.prompt.prompt,
        maxOutputTokens: FIXED_API_PARAMETERS[provider].maxOutputTokens,
        // GPT-5 and the o-series accept only their default temperature (1): sending it only earns a warning.
        temperature: isOpenAIReasoningModel(provider, settings.openai.model)
          ? undefined
          : FIXED_API_PARAMETERS.temperature,
        tools: req.webSearch === false ? undefined : toolsFor(provider),
        maxRetries,
        abortSignal: controller.signal,
        // Raw chunks keep the idle timer honest while a model reasons or searches before it writes.
        includeRawChunks: true,
        // Errors arrive as stream parts and are classified below; the SDK's default logs them to stderr.
        onError: () => {},
      });
      for await (const part of result.fullStream) {
        touch();
        if (part.type === "text-start") {
          // Text blocks split by a web search would run together ("…first.# Title"): keep them paragraphs.
          if (text && !text.endsWith("\n")) {
            text += "\n\n";
            await req.onDelta?.("\n\n");
          }
        } else if (part.type === "text-delta") {
          if (!part.text) continue;
          text += part.text;
          await req.onDelta?.(part.text);
        } else if (part.type === "error") {
          streamError = part.error;
          break;
        } else if (part.type === "finish") {
          finish = { finishReason: part.finishReason, totalUsage: part.totalUsage };
        }
      }
    } catch (err) {
      streamError = err;
    } finally {
      clearTimeout(idle);
      req.signal?.removeEventListener("abort", onCallerAbort);
    }

    if (timedOut)
      throw new AppError(
        "PROVIDER_UNAVAILABLE",
        "The AI service did not answer in time and is temporarily unavailable. Please try again in a moment.",
      );
    if (req.signal?.aborted) throw new WritingCancelled(text, estimatedUsage(req.prompt, text));
    if (streamError !== undefined) throw classifyProviderError(streamError);
    // A stream that ended without the provider's closing event (no finish reason, no usage) was cut.
    if (!finish || (finish.finishReason === "unknown" && finish.totalUsage.outputTokens == null))
      throw new AppError(
        "PROVIDER_UNAVAILABLE",
        "The AI service dropped the connection and is temporarily unavailable. Please try again in a moment.",
      );
    const document = req.expectH1 ? extractDocument(text) : text.trim();
    if (!document) throw new AppError("PROVIDER_ERROR", "The AI service returned an empty answer. Please try again.");
    return { text: document, ...who, usage: realUsage(finish.totalUsage, req.prompt, text) };
  }

  return {
    available,
    describe,
    write: async (req) => (describe(req.provider).writer === "offline" ? writeOffline(req) : writeWithModel(req)),
  };
}

/** OpenAI's reasoning models (gpt-5 family except the -chat variants, o1/o3/o4…), as @ai-sdk/openai classifies them. */
function isOpenAIReasoningModel(provider: AiProvider, model: string): boolean {
  return provider === "openai" && /^(gpt-5(?!.*-chat)|o\d)/.test(model);
}

/** Bills the provider's total (all steps, tool use included); estimates only what it left out. */
function realUsage(usage: Partial<TokenUsage>, prompt: PromptPair, text: string): TokenUsage {
  const estimate = estimatedUsage(prompt, text);
  const inputTokens = usage.inputTokens ?? estimate.inputTokens;
  const outputTokens = usage.outputTokens ?? estimate.outputTokens;
  const totalTokens = usage.totalTokens ?? inputTokens + outputTokens;
  return { inputTokens, outputTokens, totalTokens: Math.max(totalTokens, inputTokens + outputTokens) };
}

/**
 * The document in a model's answer: a fence wrapping the whole answer is removed, and so is a short
 * preamble before the H1 ("I'll look up current figures first." before a web search).
 */
export function extractDocument(answer: string): string {
  let t = answer.trim();
  const fence = t.match(/^```(?:markdown|md)?[ \t]*\n([\s\S]*?)\n```$/i);
  if (fence) t = fence[1].trim();
  const h1 = t.search(/^# \S/m);
  if (h1 > 0 && h1 <= 1500) t = t.slice(h1);
  return t;
}

/** Splits text into stream-sized pieces of a few words each, whitespace kept, so they rejoin exactly. */
export function chunksOf(text: string, wordsPerChunk = 6): string[] {
  const words = text.match(/\s*\S+\s*/g) ?? (text ? [text] : []);
  const chunks: string[] = [];
  for (let i = 0; i < words.length; i += wordsPerChunk) chunks.push(words.slice(i, i + wordsPerChunk).join(""));
  const joined = chunks.join("");
  if (joined.length < text.length) chunks.push(text.slice(joined.length));
  return chunks;
}

const pause = (ms: number) =>
  new Promise<void>((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve)));

// ---------------------------------------------------------------------------------------------
// Error classification (spec §8: the client matches these texts, case-insensitively)

export const PROVIDER_MESSAGES = {
  overloaded:
    "The AI service is overloaded right now (its servers are under high demand). Please wait 2-3 minutes and try again.",
  unavailable: "The AI service is temporarily unavailable. Please try again in a moment.",
  authentication:
    "The AI provider refused our API key (authentication failed). The service's configuration needs checking.",
  creditBalance:
    "The AI provider's credit balance is too low to run this request. The service owner needs to add credits to continue.",
  rateLimited: "The AI service is receiving too many requests right now (rate limit). Please try again in a minute.",
  failed: "The AI service could not complete this request. Please try again.",
} as const;

/** The error that decided the outcome: the last attempt inside the SDK's retry wrapper. */
function rootError(err: unknown): unknown {
  let e = err;
  for (let i = 0; i < 5 && RetryError.isInstance(e); i++) e = e.lastError;
  return e;
}

function statusOf(e: unknown): number | undefined {
  if (APICallError.isInstance(e)) return e.statusCode;
  if (e && typeof e === "object" && "statusCode" in e && typeof e.statusCode === "number") return e.statusCode;
  return undefined;
}

/** Longest wait a provider's Retry-After is taken at (a batch step must not sleep for hours). */
const RETRY_AFTER_MAX_SECONDS = 300;

/**
 * The provider's Retry-After in whole seconds (its `retry-after-ms`, `retry-after` in seconds or as an
 * HTTP date), capped; undefined when it sent none. Batches wait this long before the step's next try.
 */
export function retryAfterOf(e: unknown, now = Date.now()): number | undefined {
  const headers = APICallError.isInstance(e) ? e.responseHeaders : undefined;
  if (!headers) return undefined;
  const get = (name: string) => Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];
  let seconds: number | undefined;
  const ms = Number(get("retry-after-ms"));
  const raw = get("retry-after")?.trim();
  if (Number.isFinite(ms) && ms > 0) seconds = ms / 1000;
  else if (raw && /^\d+(\.\d+)?$/.test(raw)) seconds = Number(raw);
  else if (raw && !Number.isNaN(Date.parse(raw))) seconds = (Date.parse(raw) - now) / 1000;
  if (seconds === undefined || !(seconds > 0)) return undefined;
  return Math.min(RETRY_AFTER_MAX_SECONDS, Math.ceil(seconds));
}

/** Everything an error says about itself, lower-cased, for matching only (never sent to a client). */
function errorText(e: unknown, depth = 0): string {
  if (e == null || depth > 3) return "";
  if (typeof e === "string") return e.toLowerCase();
  if (typeof e !== "object") return String(e).toLowerCase();
  const parts: string[] = [];
  if (e instanceof Error) parts.push(e.name, e.message);
  const o = e as Record<string, unknown>;
  for (const key of ["type", "code", "message", "responseBody"])
    if (typeof o[key] === "string") parts.push(o[key] as string);
  if (o.error) parts.push(errorText(o.error, depth + 1));
  if (o.data) parts.push(safeJson(o.data));
  if (o.cause) parts.push(errorText(o.cause, depth + 1));
  return parts.join(" ").toLowerCase();
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v) ?? "";
  } catch {
    return "";
  }
}

const NETWORK =
  /fetch failed|terminated|other side closed|socket hang up|econnreset|econnrefused|etimedout|enotfound|eai_again|und_err|cannot connect to api|network|premature close|timed? ?out/;

/** The provider's own explanation of a 4xx, stripped of anything that looks like a key. */
function providerReason(e: unknown): string | undefined {
  const msg = APICallError.isInstance(e)
    ? e.message
    : e && typeof e === "object" && "message" in e
      ? String(e.message)
      : "";
  if (!msg) return undefined;
  return msg
    .replace(/\b(sk|pk|rk|key)[-_][\w-]{6,}/gi, "[redacted]")
    .replace(/\s+/g, " ")
    .slice(0, 300);
}

/** Maps any provider failure to the AppError whose text the client's §8 table recognises. */
export function classifyProviderError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const e = rootError(err);
  const status = statusOf(e);
  const text = errorText(e);
  const retryAfter = retryAfterOf(e);
  const wait = retryAfter === undefined ? undefined : { retryAfter };
  if (status === 529 || text.includes("overloaded"))
    return new AppError("PROVIDER_OVERLOADED", PROVIDER_MESSAGES.overloaded, wait);
  if (
    text.includes("credit balance is too low") ||
    text.includes("insufficient_quota") ||
    text.includes("exceeded your current quota") ||
    text.includes("billing_error")
  )
    return new AppError("PROVIDER_CREDIT", PROVIDER_MESSAGES.creditBalance);
  if (
    status === 401 ||
    status === 403 ||
    /authentication_error|permission_error|invalid_api_key|invalid x-api-key|incorrect api key/.test(text)
  )
    return new AppError("PROVIDER_AUTH", PROVIDER_MESSAGES.authentication);
  if (status === 429 || text.includes("rate_limit"))
    return new AppError("RATE_LIMITED", PROVIDER_MESSAGES.rateLimited, wait);
  if (status === 408 || (status !== undefined && status >= 500) || text.includes("api_error"))
    return new AppError("PROVIDER_UNAVAILABLE", PROVIDER_MESSAGES.unavailable, wait);
  if ((status === undefined || status < 400) && NETWORK.test(text))
    return new AppError("PROVIDER_UNAVAILABLE", PROVIDER_MESSAGES.unavailable);
  if (status !== undefined && status >= 400) {
    const reason = providerReason(e);
    return new AppError(
      "PROVIDER_ERROR",
      reason ? `The AI service refused this request: ${reason}` : PROVIDER_MESSAGES.failed,
    );
  }
  return new AppError("PROVIDER_ERROR", PROVIDER_MESSAGES.failed);
}

/** Token usage as the ledger bills it. */
export function billedUsage(usage: TokenUsage): Usage {
  return { requestTokens: usage.inputTokens, responseTokens: Math.max(0, usage.totalTokens - usage.inputTokens) };
}

/** One signal that aborts when any of the given ones does. */
export function anySignal(...signals: Array<AbortSignal | undefined>): AbortSignal {
  const present = signals.filter((s): s is AbortSignal => s !== undefined);
  return present.length === 1 ? present[0] : AbortSignal.any(present);
}
