import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";

/** One row per AI request a user made (drafts, revisions, rewrites): the request history. */
export const apiRequests = pgTable(
  "api_requests",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The AI work's id, shared with its usage row (credit_transactions.request_id) and the credit hold. */
    requestId: text("request_id").notNull().unique(),
    endpoint: text("endpoint").notNull().default("execute"),
    currentDate: text("session_date").notNull().default(""),
    contentType: text("content_type").notNull().default(""),
    targetAudience: text("target_audience"),
    wordCount: text("word_count"),
    additionalContext: text("additional_context"),
    aiProvider: text("ai_provider").notNull().default("anthropic"),
    writingStyle: text("writing_style"),
    /** Who answered: a model name or "offline-writer". */
    model: text("model"),
    response: jsonb("response"),
    tokensUsed: integer("tokens_used").notNull().default(0),
    responseTime: integer("response_time").notNull().default(0),
    aiDetectionResult: jsonb("ai_detection_result"),
    creditsUsed: integer("credits_used").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("api_requests_user_idx").on(t.userId, t.createdAt, t.id)],
);

/** Seeds applied once per database (packages, welcome campaign); never repeated on restart. */
export const appSeeds = pgTable("app_seeds", {
  name: text("name").primaryKey(),
  appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
});
