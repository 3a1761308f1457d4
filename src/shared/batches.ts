// Batches (issue 27): many drafts from a list of topics, each row run through the pipeline a single
// draft goes through (draft → detect → revise flagged → detect → SEO HTML → publish as a draft).
// Rows are validated with the single draft's own schema (ExecuteRequest); this module adds the
// batch's shape, its defaults and the answers. Pure: the client's New batch screen uses it too.
import { z } from "zod";
import { timestamp } from "./api-schemas";
import { estimateDraftCredits } from "./credits-math";
import { CREDITS, SEO_CREDITS } from "./limits";
import { SEO_PLATFORMS } from "./seo";
import { ExecuteRequest, parseWordCount } from "./writing";

export const BATCH_MAX_ROWS = 500;
export const REVISE_ROUNDS = { min: 0, max: 3, default: 1 } as const;
/** The CSV upload's size limit (500 rows of long briefs fit well inside it). */
export const BATCH_CSV_MAX_BYTES = 2 * 1024 * 1024;

/** The per-row fields, as a row or the batch's defaults gives them (all text, as a CSV would). */
const RowFields = {
  contentType: z.string().optional(),
  targetAudience: z.string().optional(),
  wordCount: z.union([z.string(), z.number()]).optional(),
  additionalContext: z.string().optional(),
  aiProvider: z.string().optional(),
  writingStyle: z.string().optional(),
};
export const BATCH_ROW_FIELDS = [
  "topic",
  "contentType",
  "targetAudience",
  "wordCount",
  "additionalContext",
  "aiProvider",
  "writingStyle",
] as const;
export type BatchRowField = (typeof BATCH_ROW_FIELDS)[number];

export const BatchRowInput = z.object({ topic: z.string().optional(), ...RowFields });
export type BatchRowInput = z.infer<typeof BatchRowInput>;
export const BatchDefaults = z.object(RowFields);
export type BatchDefaults = z.infer<typeof BatchDefaults>;

export const BatchPipeline = z.object({
  reviseRounds: z
    .number({ error: `Revise rounds must be a number from ${REVISE_ROUNDS.min} to ${REVISE_ROUNDS.max}` })
    .int(`Revise rounds must be a whole number from ${REVISE_ROUNDS.min} to ${REVISE_ROUNDS.max}`)
    .min(REVISE_ROUNDS.min, `Revise rounds must be at least ${REVISE_ROUNDS.min}`)
    .max(REVISE_ROUNDS.max, `Revise rounds must be at most ${REVISE_ROUNDS.max}`)
    .default(REVISE_ROUNDS.default),
  seo: z.boolean({ error: "seo must be true or false" }).default(true),
  platform: z.enum(SEO_PLATFORMS, { error: "Platform must be wordpress or shopify" }).default("wordpress"),
  publishConnectionId: z.string().trim().min(1).max(100).optional(),
});
export type BatchPipeline = z.infer<typeof BatchPipeline>;

export const CreateBatchRequest = z.object({
  name: z.string().trim().max(200, "Name must be at most 200 characters").optional(),
  pipeline: BatchPipeline.default({ reviseRounds: REVISE_ROUNDS.default, seo: true, platform: "wordpress" }),
  defaults: BatchDefaults.default({}),
  rows: z
    .array(BatchRowInput, { error: "rows must be a list" })
    .min(1, "A batch needs at least one row")
    .max(BATCH_MAX_ROWS, `A batch has at most ${BATCH_MAX_ROWS} rows`),
  start: z.boolean().optional(),
});
export type CreateBatchRequest = z.infer<typeof CreateBatchRequest>;
export type CreateBatchRequestInput = z.input<typeof CreateBatchRequest>;

/** One problem of one row: its line (1 = the first row; a CSV's header is not counted), field and reason. */
export interface BatchRowProblem {
  line: number;
  field: BatchRowField | "row";
  message: string;
}

/** The single draft's request a row stands for: the row's fields over the batch's defaults. */
export function rowRequest(row: BatchRowInput, defaults: BatchDefaults, currentDate: string) {
  const pick = <K extends keyof BatchDefaults>(k: K) => {
    const v = row[k];
    return v === undefined || String(v).trim() === "" ? defaults[k] : v;
  };
  const topic = row.topic?.trim() ?? "";
  const kind = pick("contentType")?.toString().trim();
  return {
    currentDate,
    mode: "draft" as const,
    contentType: topic ? (kind ? `${kind}: ${topic}` : topic) : "",
    targetAudience: pick("targetAudience"),
    wordCount: pick("wordCount"),
    additionalContext: pick("additionalContext"),
    aiProvider: blankToUndefined(pick("aiProvider")),
    writingStyle: blankToUndefined(pick("writingStyle")),
    seoKeywords: topic.slice(0, 1000) || undefined,
  };
}

const blankToUndefined = (v: string | number | undefined) =>
  v === undefined || String(v).trim() === "" ? undefined : String(v).trim();

/** Validates each row as a single draft's request; every problem with its line and field. */
export function validateBatchRows(
  rows: BatchRowInput[],
  defaults: BatchDefaults,
  currentDate: string,
): { problems: BatchRowProblem[]; requests: ExecuteRequest[] } {
  const problems: BatchRowProblem[] = [];
  const requests: ExecuteRequest[] = [];
  rows.forEach((row, i) => {
    const line = i + 1;
    if (!row.topic?.trim()) {
      problems.push({ line, field: "topic", message: "Topic is required" });
      return;
    }
    const parsed = ExecuteRequest.safeParse(rowRequest(row, defaults, currentDate));
    if (parsed.success) requests.push(parsed.data);
    else
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? "row");
        const field = (key === "contentType" ? "topic" : key) as BatchRowField;
        problems.push({ line, field: BATCH_ROW_FIELDS.includes(field) ? field : "row", message: issue.message });
      }
  });
  return { problems, requests };
}

/** Credits a row is expected to cost on a paid model: the draft, each revision, each detection, the HTML. */
export function estimateRowCredits(wordCount: string | number | undefined, pipeline: BatchPipeline, briefChars = 0) {
  const words = parseWordCount(wordCount === undefined ? undefined : String(wordCount));
  const draft = estimateDraftCredits(words, briefChars);
  // A revision rewrites only the flagged sentences but reads the whole draft: about a draft's price.
  const revisions = pipeline.reviseRounds * draft;
  const detections = (1 + pipeline.reviseRounds) * CREDITS.detection;
  return draft + revisions + detections + (pipeline.seo ? SEO_CREDITS.produceCode : 0);
}

/** The whole batch's estimate ("about N credits"). */
export function estimateBatchCredits(rows: BatchRowInput[], defaults: BatchDefaults, pipeline: BatchPipeline): number {
  return rows.reduce(
    (sum, r) =>
      sum +
      estimateRowCredits(
        r.wordCount === undefined || String(r.wordCount).trim() === "" ? defaults.wordCount : r.wordCount,
        pipeline,
        (r.topic?.length ?? 0) + (r.additionalContext ?? defaults.additionalContext ?? "").length,
      ),
    0,
  );
}

export const BATCH_STATUSES = ["draft", "running", "paused", "done", "cancelled"] as const;
export const ROW_STATUSES = ["queued", "running", "done", "failed", "paused", "cancelled"] as const;
export type RowStatus = (typeof ROW_STATUSES)[number];
const count = z.number().int().nonnegative();
const RowCountsSchema = z.object({
  queued: count,
  running: count,
  done: count,
  failed: count,
  paused: count,
  cancelled: count,
}) satisfies z.ZodType<Record<RowStatus, number>>;
export type RowCounts = z.infer<typeof RowCountsSchema>;

/** Shown on a row the balance could not pay for; it resumes by itself after a purchase or grant. */
export const OUT_OF_CREDITS_MESSAGE = "Paused: out of credits";

const BatchSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(BATCH_STATUSES),
  counts: RowCountsSchema,
  estimateCredits: z.number().int(),
  creditsSpent: z.number().int(),
  createdAt: timestamp,
  startedAt: timestamp.nullable(),
  finishedAt: timestamp.nullable(),
  pipeline: z.object({
    reviseRounds: z.number().int(),
    seo: z.boolean(),
    platform: z.enum(SEO_PLATFORMS),
    publishConnectionId: z.string().optional(),
  }) satisfies z.ZodType<BatchPipeline>,
});
export type BatchSummary = z.infer<typeof BatchSummarySchema>;

const BatchRowViewSchema = z.object({
  id: z.string(),
  line: z.number().int().positive(),
  topic: z.string(),
  status: z.enum(ROW_STATUSES),
  /** The step the row is on or last finished: draft, detect, revise, seo, publish, done. */
  step: z.string(),
  documentId: z.string().nullable(),
  verdict: z.string().nullable(),
  aiPercentage: z.number().nullable(),
  creditsSpent: z.number().int(),
  error: z.string().nullable(),
});
export type BatchRowView = z.infer<typeof BatchRowViewSchema>;

/** GET /api/batches */
export const BatchesResponseSchema = z.object({ batches: z.array(BatchSummarySchema) });
export type BatchesResponse = z.infer<typeof BatchesResponseSchema>;
/** GET /api/batches/:id */
export const BatchResponseSchema = z.object({ batch: BatchSummarySchema, rows: z.array(BatchRowViewSchema) });
export type BatchResponse = z.infer<typeof BatchResponseSchema>;
/** POST /api/batches (201), …/csv (201), …/:id/start, pause, resume, cancel, …/rows/:rowId/retry. */
export const BatchCreatedResponseSchema = z.object({ batch: BatchSummarySchema });
export type BatchCreatedResponse = z.infer<typeof BatchCreatedResponseSchema>;
export interface BatchInvalidResponse {
  error: string;
  code: string;
  rows: BatchRowProblem[];
  /** POST /api/batches/csv: the rows the file held, so they can be fixed in place and sent as JSON. */
  parsedRows?: BatchRowInput[];
}

/** GET /api/admin/jobs: the queue's state. */
export const AdminJobsResponseSchema = z.object({
  queue: z.string(),
  counts: z.object({
    created: count,
    retry: count,
    active: count,
    completed: count,
    cancelled: count,
    failed: count,
  }),
  oldestQueuedAt: timestamp.nullable(),
  workers: z.object({ alive: count, lastSeenAt: timestamp.nullable() }),
  failures: z.array(z.object({ id: z.string(), at: timestamp, reason: z.string() })),
});
export type AdminJobsResponse = z.infer<typeof AdminJobsResponseSchema>;
