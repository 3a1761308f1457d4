-- Usage moves into its ledger row: a spend writes one row instead of an api_usage row and a
-- credit_transactions row (docs/decisions.md, "Usage lives in its ledger row").
ALTER TABLE "credit_transactions" ADD COLUMN "endpoint" text;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD COLUMN "ai_provider" text;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD COLUMN "request_tokens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD COLUMN "response_tokens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD COLUMN "shortfall" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Charged usage already has its ledger row, which names the request in its metadata (every
-- settlement has written it there): the row takes the usage's columns.
UPDATE "credit_transactions" t
SET "endpoint" = u."endpoint", "ai_provider" = u."ai_provider", "request_id" = u."request_id",
    "request_tokens" = u."request_tokens", "response_tokens" = u."response_tokens", "shortfall" = u."shortfall"
FROM "api_usage" u
WHERE t."type" = 'usage' AND t."user_id" = u."user_id" AND t."metadata"->>'requestId' = u."request_id";--> statement-breakpoint
CREATE UNIQUE INDEX "credit_transactions_request_uq" ON "credit_transactions" USING btree ("request_id") WHERE "credit_transactions"."request_id" IS NOT NULL;--> statement-breakpoint
-- Usage that charged nothing (free work, or a price the balance could not cover at all) had no
-- ledger row: it gets one of amount 0, whose balance_after is the balance its user had then.
INSERT INTO "credit_transactions" ("user_id", "type", "amount", "balance_after", "metadata", "endpoint", "ai_provider",
  "request_id", "request_tokens", "response_tokens", "shortfall", "created_at")
SELECT u."user_id", 'usage', 0,
  COALESCE((SELECT t."balance_after" FROM "credit_transactions" t
            WHERE t."user_id" = u."user_id" AND t."created_at" <= u."created_at"
            ORDER BY t."created_at" DESC, t."id" DESC LIMIT 1), 0),
  '{}'::jsonb, u."endpoint", u."ai_provider", u."request_id", u."request_tokens", u."response_tokens", u."shortfall", u."created_at"
FROM "api_usage" u
WHERE NOT EXISTS (SELECT 1 FROM "credit_transactions" t WHERE t."request_id" = u."request_id")
ORDER BY u."created_at", u."id";--> statement-breakpoint
DROP TABLE "api_usage" CASCADE;
