CREATE TABLE "detection_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"detector_key" text NOT NULL,
	"text_sha256" text NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_versions" ADD COLUMN "seo" jsonb;--> statement-breakpoint
ALTER TABLE "detection_checks" ADD CONSTRAINT "detection_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "detection_checks_user_text_idx" ON "detection_checks" USING btree ("user_id","detector_key","text_sha256");