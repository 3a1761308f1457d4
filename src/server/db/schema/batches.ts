// Batches (issue 27): a list of topics run through the single draft's pipeline, one row each. The
// queue's own tables (pg-boss, schema `pgboss`) are created by pg-boss at start; these hold what a
// user sees and what makes each step idempotent (the row's step and its attempt, which key every
// paid call's request id).
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, real, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { BatchDefaults, BatchPipeline } from "../../../shared/batches";
import { users } from "./auth";

export const batches = pgTable(
  "batches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** draft | running | paused | done | cancelled */
    status: text("status").notNull().default("draft"),
    pipeline: jsonb("pipeline").$type<BatchPipeline>().notNull(),
    defaults: jsonb("defaults").$type<BatchDefaults>().notNull(),
    estimateCredits: integer("estimate_credits").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("batches_user_created_idx").on(t.userId, t.createdAt.desc()),
    check("batches_status_check", sql`${t.status} in ('draft', 'running', 'paused', 'done', 'cancelled')`),
  ],
);

/** What a row's finished steps left for the next: the latest markdown version, the last verdict. */
export interface RowState {
  versionId?: string;
  flagged?: string[];
  rounds?: number;
  seoVersionId?: string;
  publishedUrl?: string;
  /** Retries of the current step after a retriable provider failure. */
  tries?: number;
  /** Paused for credits: what the step asked for; the row wakes once the balance covers it. */
  needCredits?: number;
}

export const batchRows = pgTable(
  "batch_rows",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    batchId: uuid("batch_id")
      .notNull()
      .references(() => batches.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** 1-based place in the batch (the CSV's data line). */
    line: integer("line").notNull(),
    topic: text("topic").notNull(),
    /** The single draft's request (ExecuteRequest) this row stands for, validated at creation. */
    request: jsonb("request").notNull(),
    /** queued | running | done | failed | paused | cancelled */
    status: text("status").notNull().default("queued"),
    /** The next step to run: draft, detect, revise, seo, publish, done. */
    step: text("step").notNull().default("draft"),
    /** Raised by a retry: a new attempt's paid calls get new request ids. */
    attempt: integer("attempt").notNull().default(0),
    /** Raised each time the row is (re)queued: keys the queue's job, so a resumed row gets a new one. */
    runs: integer("runs").notNull().default(0),
    state: jsonb("state").$type<RowState>().notNull().default({}),
    documentId: uuid("document_id"),
    verdict: text("verdict"),
    aiPercentage: real("ai_percentage"),
    creditsSpent: integer("credits_spent").notNull().default(0),
    error: text("error"),
    /** 'credits' when the balance ran out: the row resumes by itself once it grows. */
    pausedFor: text("paused_for"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("batch_rows_batch_idx").on(t.batchId, t.line),
    index("batch_rows_paused_idx").on(t.pausedFor).where(sql`${t.pausedFor} IS NOT NULL`),
    check(
      "batch_rows_status_check",
      sql`${t.status} in ('queued', 'running', 'done', 'failed', 'paused', 'cancelled')`,
    ),
  ],
);
