// The writing loop's contract (spec §3, §5, §7): request schemas with the spec's messages, and the
// response, stream-event and history shapes. Pure: the client's forms use the same schemas.
import { z } from "zod";
import { ErrorBodySchema, timestamp } from "./api-schemas";
import type { ErrorBody } from "./errors";
import { DocumentId, SavedVersionSchema, VersionId } from "./ids";
import {
  ADDITIONAL_CONTEXT_MAX_CHARS,
  AI_PROVIDERS,
  DOCUMENT_MAX_CHARS,
  PROMPT_MAX_CHARS,
  WRITING_STYLES,
} from "./limits";
import { formatNumber } from "./number-text";

export { DOCUMENT_MAX_CHARS } from "./limits";

/** Most flagged sentences one revise or final rewrite carries. */
export const FLAGGED_SENTENCES_MAX = 500;
const SHORT_FIELD_MAX = 1000;

export const AiProvider = z.enum(AI_PROVIDERS, { error: "AI provider must be anthropic or openai" });
export type AiProvider = z.infer<typeof AiProvider>;
export const WritingStyle = z.enum(WRITING_STYLES, { error: "Writing style must be prose2 or original" });
export type WritingStyle = z.infer<typeof WritingStyle>;

const required = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLong);

/** An optional free-text field: null and "" count as absent. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, `${label} must be at most ${formatNumber(max)} characters`)
    .nullish()
    .transform((v) => (v?.trim() ? v : undefined));

/** The session form (spec §5): what a draft is written from, and the context of every revision. */
export { parseWordCount } from "./word-count";

export const SessionContext = z.object({
  currentDate: required("Current date is required", 100, "Current date must be at most 100 characters"),
  contentType: required(
    "Content type is required",
    PROMPT_MAX_CHARS,
    `Content type must be at most ${formatNumber(PROMPT_MAX_CHARS)} characters`,
  ),
  targetAudience: optionalText("Target audience", SHORT_FIELD_MAX),
  /** A string in the spec ("800"); a number is accepted and kept as its text. */
  wordCount: z
    .union([z.string(), z.number()], { error: "Word count must be text or a number" })
    .nullish()
    .transform((v) => (v === null || v === undefined || String(v).trim() === "" ? undefined : String(v).trim()))
    .refine((v) => v === undefined || v.length <= 50, "Word count must be at most 50 characters"),
  additionalContext: optionalText("Additional context", ADDITIONAL_CONTEXT_MAX_CHARS),
  aiProvider: AiProvider.default("openai"),
  writingStyle: WritingStyle.default("prose2"),
  seoKeywords: optionalText("SEO keywords", SHORT_FIELD_MAX),
});
export type SessionContext = z.infer<typeof SessionContext>;
export type SessionContextInput = z.input<typeof SessionContext>;

const FlaggedSentences = z
  .array(z.string({ error: "AI detected sentences must be text" }).max(PROMPT_MAX_CHARS), {
    error: "AI detected sentences are required",
  })
  .max(FLAGGED_SENTENCES_MAX, `At most ${FLAGGED_SENTENCES_MAX} AI detected sentences`)
  .transform((list) => list.map((s) => s.trim()).filter(Boolean));

/**
 * POST /api/execute. `mode: "revise"` with `originalContent` and `aiDetectedSentences` is Revise
 * Content: the server rewrites the flagged sentences in the context of the whole document.
 */
export const ExecuteRequest = SessionContext.extend({
  mode: z.enum(["draft", "revise"], { error: "Mode must be draft or revise" }).default("draft"),
  originalContent: z
    .string()
    .max(DOCUMENT_MAX_CHARS, "Original content is too long (100,000 characters at most)")
    .optional(),
  aiDetectedSentences: FlaggedSentences.optional(),
  /** Add the draft or revision to this document of the caller's (else a draft starts a new one). */
  documentId: DocumentId.optional(),
  /** Revise: the version of that document the original content is (kept, so a reopened screen compares the right two). */
  sourceVersionId: VersionId.optional(),
}).superRefine((req, ctx) => {
  if (req.mode !== "revise") return;
  if (!req.originalContent?.trim())
    ctx.addIssue({ code: "custom", path: ["originalContent"], message: "Original content is required" });
  else if (!req.aiDetectedSentences?.length)
    ctx.addIssue({ code: "custom", path: ["aiDetectedSentences"], message: "AI detected sentences are required" });
});
export type ExecuteRequest = z.infer<typeof ExecuteRequest>;
export type ExecuteRequestInput = z.input<typeof ExecuteRequest>;

/** POST /api/final-rewrite. The provider comes from sessionContext.aiProvider (openai by default). */
export const FinalRewriteRequest = z.object({
  originalContent: required(
    "Original content is required",
    DOCUMENT_MAX_CHARS,
    "Original content is too long (100,000 characters at most)",
  ),
  aiDetectedSentences: FlaggedSentences.refine((list) => list.length > 0, "AI detected sentences are required"),
  sessionContext: SessionContext.optional(),
  /** Add the final version to this document of the caller's (else it starts a new one). */
  documentId: DocumentId.optional(),
  /** The version of that document the original content is. */
  sourceVersionId: VersionId.optional(),
});
export type FinalRewriteRequest = z.infer<typeof FinalRewriteRequest>;
export type FinalRewriteRequestInput = z.input<typeof FinalRewriteRequest>;

/** POST /api/revise-text: PROSE applied to pasted text only. */
export const ReviseTextRequest = z.object({
  text: required("Text is required", DOCUMENT_MAX_CHARS, "Text is too long (100,000 characters at most)"),
  aiProvider: AiProvider.default("openai"),
  /** Add the revised text to this document of the caller's (else it starts a new one). */
  documentId: DocumentId.optional(),
});
export type ReviseTextRequest = z.infer<typeof ReviseTextRequest>;
export type ReviseTextRequestInput = z.input<typeof ReviseTextRequest>;

/** Who wrote the text: a provider's model, or the offline writer (never passed off as AI). */
const WriterSchema = z.enum([...AI_PROVIDERS, "offline"]);
export type Writer = z.infer<typeof WriterSchema>;
export { OFFLINE_MODEL } from "./writer-label";

/** GET /api/writers: who answers each provider on this server; null when nobody can (a 503). */
export const WritersResponseSchema = z.record(
  AiProvider,
  z.object({ writer: WriterSchema, model: z.string() }).nullable(),
);
export type WritersResponse = z.infer<typeof WritersResponseSchema>;

/** Where a history entry came from. */
const WritingEndpointSchema = z.enum(["execute", "revise", "final-rewrite", "revise-text"]);
export type WritingEndpoint = z.infer<typeof WritingEndpointSchema>;

const ContentPartSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text"), text: z.string() }),
  z.object({ type: z.literal("json"), json: z.object({ draft: z.string(), document: z.string(), text: z.string() }) }),
]);
export type ContentPart = z.infer<typeof ContentPartSchema>;

/** The generation response's model message (spec §3): text parts, which are joined, and a json part. */
const AssistantMessageSchema = z.object({
  role: z.literal("assistant"),
  content: z.array(ContentPartSchema),
  model: z.string(),
  writer: WriterSchema,
});
export type AssistantMessage = z.infer<typeof AssistantMessageSchema>;

/** Why a model call was stopped before it finished (what it had written is kept and billed). */
const StopReasonSchema = z.enum(["out_of_credits", "time_limit", "shutdown"]);
export type StopReason = z.infer<typeof StopReasonSchema>;

/** Every paid call's output is saved as a version of a document (docs/api.md "Documents"). */
const BilledSchema = SavedVersionSchema.extend({
  /** Set when the call was stopped early; `notice` says so in words a user can act on. */
  stopped: StopReasonSchema.optional(),
  notice: z.string().optional(),
  requestId: z.string(),
  /** Milliseconds. */
  responseTime: z.number().int().nonnegative(),
  creditsUsed: z.number().int(),
  tokensUsed: z.number().int(),
  aiProvider: AiProvider,
  writer: WriterSchema,
  model: z.string(),
});
export type Billed = z.infer<typeof BilledSchema>;

/** POST /api/execute and POST /api/final-rewrite. */
export const GenerationResponseSchema = BilledSchema.extend({ response: AssistantMessageSchema });
export type GenerationResponse = z.infer<typeof GenerationResponseSchema>;

/** POST /api/revise-text: the revised text itself. */
export const ReviseTextResponseSchema = BilledSchema.extend({ response: z.string() });
export type ReviseTextResponse = z.infer<typeof ReviseTextResponseSchema>;

/** Who answers a streamed call, sent before the first word. */
const StreamStartSchema = z.object({
  requestId: z.string(),
  writer: WriterSchema,
  model: z.string(),
  aiProvider: AiProvider,
  /** The document the output is saved to: known before it exists, so a screen can put it in its URL. */
  documentId: z.string(),
});
export type StreamStart = z.infer<typeof StreamStartSchema>;

/**
 * Server-sent events of a streamed call (`Accept: text/event-stream`), in order: one `start`, any
 * number of `delta`, then exactly one `done` (the same body the JSON form answers) or `error`.
 */
export type WritingStreamEvent =
  | {
      event: "start";
      data: StreamStart;
    }
  | { event: "delta"; data: { text: string } }
  | { event: "done"; data: GenerationResponse | ReviseTextResponse }
  | { event: "error"; data: ErrorBody & { status: number } };

/** The events of a streamed writing call, name → its data's schema (`done`: the route's JSON answer). */
const streamEvents = (done: z.ZodType) => ({
  start: StreamStartSchema,
  delta: z.object({ text: z.string() }),
  done,
  error: ErrorBodySchema.extend({ status: z.number().int() }),
});
/** POST /api/execute and /api/final-rewrite. */
export const GENERATION_STREAM_EVENTS = streamEvents(GenerationResponseSchema);
/** POST /api/revise-text. */
export const REVISE_TEXT_STREAM_EVENTS = streamEvents(ReviseTextResponseSchema);

/** GET /api/history: the caller's own requests, newest first. */
const HistoryItemSchema = z.object({
  id: z.number().int(),
  requestId: z.string(),
  createdAt: timestamp,
  aiProvider: AiProvider,
  responseTime: z.number().int().nonnegative(),
  contentType: z.string(),
  currentDate: z.string(),
  endpoint: WritingEndpointSchema,
  model: z.string().nullable(),
  creditsUsed: z.number().int(),
  tokensUsed: z.number().int(),
  /** The document this request's output was saved to (null for requests from before documents). */
  documentId: z.string().nullable(),
});
export type HistoryItem = z.infer<typeof HistoryItemSchema>;
export const HistoryResponseSchema = z.array(HistoryItemSchema);
/** POST /api/reset: the caller's history cleared (billing records stay). */
export const HistoryDeletedSchema = z.object({ success: z.literal(true), deleted: z.number().int().nonnegative() });

/** The text of a model message: its text parts joined, else the json part's draft (spec §3). */
export function messageText(message: AssistantMessage | string | null | undefined): string {
  if (!message) return "";
  if (typeof message === "string") return message;
  const text = message.content
    .filter((p): p is Extract<ContentPart, { type: "text" }> => p.type === "text")
    .map((p) => p.text)
    .join("");
  if (text) return text;
  const json = message.content.find((p): p is Extract<ContentPart, { type: "json" }> => p.type === "json")?.json;
  return json?.draft || json?.document || json?.text || "";
}

export function assistantMessage(text: string, writer: Writer, model: string): AssistantMessage {
  return {
    role: "assistant",
    content: [
      { type: "text", text },
      { type: "json", json: { draft: text, document: text, text } },
    ],
    model,
    writer,
  };
}
