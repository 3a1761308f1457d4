// The writing loop's client calls, shared by the Results screen, the full app and the PROSE console
// (spec §3, §7; the server's contract is src/shared/writing.ts and docs/api.md "Writing").
//
// Every call goes through lib/api's apiFetch: cookies always, the bearer token when there is one,
// and a failed call throws ApiError (`.status`, `.body`, `.serverMessage`) that lib/errors'
// parseError turns into the spec §8 title and message. Credits and history are not refreshed here:
// callers do that (useAuth().refreshCredits(); refreshQueries(queryClient, {queryKey: HISTORY_KEY})).
//
// streamExecute(body, {signal?, onStart?, onDelta?}) → Promise<GenerationResponse>
//   POST /api/execute with Accept: text/event-stream; onStart({requestId, writer, model, aiProvider}),
//   onDelta(piece, soFar) per `delta`; resolves with `done`'s body; throws ApiError for a JSON error
//   before the stream (402/400/502/503…) or an `error` event (its status), 502 if the stream ends early;
//   an abort rejects with an AbortError (isAbortError). Falls back to a plain JSON answer.
// streamFinalRewrite(body, opts) / streamWriting(path, body, opts): the same for /api/final-rewrite / any.
// execute(body, {signal?}) → GenerationResponse                  POST /api/execute (JSON)
// reviseContent(session, originalContent, aiDetectedSentences, {signal?}) → GenerationResponse
//   Revise Content: /api/execute with mode 'revise'.
// finalRewrite({originalContent, aiDetectedSentences, sessionContext}, {signal?}) → GenerationResponse
// reviseText({text, aiProvider}, {signal?}) → ReviseTextResponse (response is the revised string)
// resetHistory() → {success, deleted}                             POST /api/reset
// useHistory({enabled?}) → useQuery<HistoryItem[]> of HISTORY_KEY  GET /api/history
// extractDraft(responseOrMessageOrString) → string                text parts joined, else json draft/document/text
// toDraftResult(GenerationResponse) → DraftResult                 {draft, writer, model, aiProvider, requestId, …}
// billedDraft(answer, draft) → DraftResult                        the same for any paid answer (revise-text)
// writerNote(writer, model) / OFFLINE_WRITER_NOTE                 "Written by …" (see ./writer-note.tsx)
// isAbortError(err)                                               true for a cancelled call
import { useQuery } from "@tanstack/react-query";
import type {
  Billed,
  ExecuteRequestInput,
  FinalRewriteRequestInput,
  GenerationResponse,
  HistoryItem,
  ReviseTextRequestInput,
  ReviseTextResponse,
  StreamStart,
  Writer,
} from "../../../shared/writing";
import { sseMessages, writingEvent } from "../../../shared/writing-stream";
import { ApiError, apiFetch } from "../../lib/api";
import { toast } from "../../lib/toast";
import { offerUnsavedText } from "../../lib/unsaved-text";
import type { DraftResult } from "./types";

/** TanStack Query key of GET /api/history (the default queryFn GETs it). */
export const HISTORY_KEY = ["/api/history"] as const;

export type { StreamStart };

export interface StreamOptions {
  /** Aborting cancels the model call on the server; the caller pays only for what was written. */
  signal?: AbortSignal;
  /** Once, when the server has held the credits and the model starts. */
  onStart?: (start: StreamStart) => void;
  /** Each piece of text as it is written, and everything written so far. */
  onDelta?: (text: string, soFar: string) => void;
}

export interface CallOptions {
  signal?: AbortSignal;
}

/** Calls that add to a document: its id (absent: the server starts a new document). */
export interface DocumentCallOptions extends CallOptions {
  documentId?: string;
  /** The version of that document the text being revised is. */
  sourceVersionId?: string;
}

/** A message for errors a stream can produce by itself (the server never sent them). */
const STREAM_CLOSED = "The connection closed before the text was finished. Please try again.";

/**
 * POST a writing call with `Accept: text/event-stream` and read the server-sent events: `start`,
 * any number of `delta` {text}, then `done` (resolves with the same body the JSON form answers) or
 * `error` {error, code, status} (throws ApiError with that status and a `{"error": …}` body, so
 * parseError reads it like any other failure). Errors before the stream opens (402 'Insufficient
 * credits…', 400 validation, 502/503 provider errors) are JSON and throw ApiError as usual. A stream
 * that ends without `done` throws ApiError 502. An abort rejects with the signal's AbortError
 * (see isAbortError). Falls back to the JSON body when a proxy answered without streaming.
 */
export async function streamWriting<R>(path: string, body: unknown, opts: StreamOptions = {}): Promise<R> {
  const res = await apiFetch("POST", path, body, {
    headers: { Accept: "text/event-stream" },
    signal: opts.signal,
  });
  const type = res.headers.get("content-type") ?? "";
  if (!type.includes("text/event-stream") || !res.body) {
    const text = await res.text();
    return withNotice((text ? JSON.parse(text) : null) as R);
  }

  let soFar = "";
  let result: R | undefined;
  // Read to the end of the stream (the server closes it after `done`): leaving early would cancel it.
  for await (const message of sseMessages(res.body, opts.signal)) {
    opts.signal?.throwIfAborted();
    const ev = writingEvent(message);
    if (ev.event === "start") {
      opts.onStart?.(ev.data);
    } else if (ev.event === "delta") {
      soFar += ev.data.text;
      opts.onDelta?.(ev.data.text, soFar);
    } else if (ev.event === "done") {
      result = ev.data as R;
    } else if (ev.event === "error") {
      const { status, ...body } = ev.data;
      // Delivered and charged, but not saved: what was streamed is the user's only copy.
      if (body.code === "NOT_SAVED" && body.error) offerUnsavedText({ message: body.error, text: soFar });
      // The same error body a JSON answer has (shared/errors.ts), under the event's status.
      throw new ApiError(
        typeof status === "number" ? status : 500,
        JSON.stringify({ ...body, error: body.error || "Please try again", text: undefined }),
      );
    }
  }
  opts.signal?.throwIfAborted();
  if (result !== undefined) return withNotice(result);
  throw new ApiError(502, JSON.stringify({ error: STREAM_CLOSED, code: "PROVIDER_ERROR" }));
}

/** POST /api/execute, streamed: a draft (or with mode 'revise', the flagged sentences rewritten). */
export function streamExecute(body: ExecuteRequestInput, opts: StreamOptions = {}): Promise<GenerationResponse> {
  return streamWriting<GenerationResponse>("/api/execute", body, opts);
}

/** POST /api/final-rewrite, streamed. */
export function streamFinalRewrite(
  body: FinalRewriteRequestInput,
  opts: StreamOptions = {},
): Promise<GenerationResponse> {
  return streamWriting<GenerationResponse>("/api/final-rewrite", body, opts);
}

async function postJson<R>(path: string, body: unknown, opts: CallOptions = {}): Promise<R> {
  const res = await apiFetch("POST", path, body, { signal: opts.signal });
  const text = await res.text();
  return withNotice((text ? JSON.parse(text) : null) as R);
}

/** A call the server stopped early (out of credits, time limit) still answers with what was written: say so. */
function withNotice<R>(body: R): R {
  const notice = (body as { notice?: unknown } | null)?.notice;
  if (typeof notice === "string" && notice) toast.warning("Stopped early", notice);
  return body;
}

/** POST /api/execute as plain JSON: `{response, responseTime, requestId, creditsUsed, writer, model, …}`. */
export function execute(body: ExecuteRequestInput, opts?: CallOptions): Promise<GenerationResponse> {
  return postJson<GenerationResponse>("/api/execute", body, opts);
}

/**
 * Revise Content (spec §4): /api/execute with mode 'revise', the document and its flagged
 * sentences; the session fields (date, brief, provider…) come from `session`.
 */
export function reviseContent(
  session: ExecuteRequestInput,
  originalContent: string,
  aiDetectedSentences: string[],
  opts: DocumentCallOptions = {},
): Promise<GenerationResponse> {
  const { documentId, sourceVersionId, ...call } = opts;
  return execute(
    { ...session, mode: "revise", originalContent, aiDetectedSentences, documentId, sourceVersionId },
    call,
  );
}

/** POST /api/final-rewrite {originalContent, aiDetectedSentences, sessionContext} → `{response, …}`. */
export function finalRewrite(body: FinalRewriteRequestInput, opts?: CallOptions): Promise<GenerationResponse> {
  return postJson<GenerationResponse>("/api/final-rewrite", body, opts);
}

/** POST /api/revise-text {text, aiProvider} → `{response: string, aiProvider, …}` (PROSE applied to pasted text). */
export function reviseText(body: ReviseTextRequestInput, opts?: CallOptions): Promise<ReviseTextResponse> {
  return postJson<ReviseTextResponse>("/api/revise-text", body, opts);
}

/** POST /api/reset: clears the caller's request history (billing records stay). Invalidate HISTORY_KEY after. */
export function resetHistory(): Promise<{ success: boolean; deleted: number }> {
  return postJson("/api/reset", undefined);
}

/** GET /api/history: the caller's requests, newest first (20 at most). Pass `enabled: false` when signed out. */
export function useHistory(options: { enabled?: boolean } = {}) {
  return useQuery<HistoryItem[]>({ queryKey: HISTORY_KEY, enabled: options.enabled ?? true });
}

interface MessageLike {
  content?: unknown;
}

/**
 * The text of a generation response (spec §3): the model message's text parts joined, else its json
 * part's draft, document or text. Accepts the whole response body (`{response: …}`), the message
 * itself, or a plain string (revise-text answers one); anything else gives "".
 */
export function extractDraft(response: unknown): string {
  if (response === null || response === undefined) return "";
  if (typeof response === "string") return response;
  if (typeof response !== "object") return "";
  if ("response" in response) return extractDraft((response as { response: unknown }).response);
  const content = (response as MessageLike).content;
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  const text = content
    .filter((p): p is { type: "text"; text: string } => p?.type === "text" && typeof p.text === "string")
    .map((p) => p.text)
    .join("");
  if (text.trim()) return text;
  const json = content.find((p) => p?.type === "json" && p.json && typeof p.json === "object")?.json as
    | Record<string, unknown>
    | undefined;
  for (const key of ["draft", "document", "text"] as const) {
    const v = json?.[key];
    if (typeof v === "string" && v.trim()) return v;
  }
  return "";
}

/** A generation response as the screens keep it: the text (extractDraft) and who wrote it. */
export function toDraftResult(res: GenerationResponse): DraftResult {
  return {
    ...billedDraft(res, extractDraft(res)),
    writer: res.writer ?? res.response?.writer,
    model: res.model ?? res.response?.model,
  };
}

/** A paid writing answer's `draft` as the screens keep it, with who wrote it, at what cost, saved where. */
export function billedDraft(res: Billed, draft: string): DraftResult {
  return {
    draft,
    writer: res.writer,
    model: res.model,
    aiProvider: res.aiProvider,
    requestId: res.requestId,
    creditsUsed: res.creditsUsed,
    responseTime: res.responseTime,
    documentId: res.documentId,
    versionId: res.versionId,
  };
}

/** True for the rejection of an aborted call (an unmounted screen), which is never shown to anyone. */
export function isAbortError(err: unknown): boolean {
  return (
    (err instanceof DOMException && (err.name === "AbortError" || err.name === "TimeoutError")) ||
    (err instanceof Error && err.name === "AbortError")
  );
}

export const OFFLINE_WRITER_NOTE = "Written by the offline sample writer — no AI model is configured on this server";

/** One line saying who wrote a text: the model, or plainly the offline writer. */
export function writerNote(writer: Writer | undefined, model?: string | null): string | null {
  if (!writer) return null;
  if (writer === "offline") return OFFLINE_WRITER_NOTE;
  const name = writer === "openai" ? "GPT-5" : "Claude Sonnet 4";
  return model ? `Written by ${name} (${model})` : `Written by ${name}`;
}
