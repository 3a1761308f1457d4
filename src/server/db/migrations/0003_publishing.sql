CREATE TABLE "publications" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"document_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"connection_id" text,
	"platform" text NOT NULL,
	"remote_id" text,
	"url" text,
	"edit_url" text,
	"status" text NOT NULL,
	"publish_at" timestamp with time zone,
	"featured_image_url" text,
	"remote_media_id" text,
	"state" text NOT NULL,
	"last_error" text,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publishing_connections" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"platform" text NOT NULL,
	"name" text NOT NULL,
	"site_url" text NOT NULL,
	"account" text NOT NULL,
	"blog_title" text,
	"blog_handle" text,
	"public_url" text,
	"secret_ciphertext" text NOT NULL,
	"secret_hint" text NOT NULL,
	"status" text NOT NULL,
	"last_error" text,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_version_id_document_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."document_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_connection_id_publishing_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."publishing_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publishing_connections" ADD CONSTRAINT "publishing_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "publications_document_connection_uq" ON "publications" USING btree ("document_id","connection_id");--> statement-breakpoint
CREATE INDEX "publications_document_idx" ON "publications" USING btree ("document_id","updated_at");--> statement-breakpoint
CREATE INDEX "publications_user_idx" ON "publications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "publishing_connections_user_idx" ON "publishing_connections" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "publishing_connections_site_uq" ON "publishing_connections" USING btree ("user_id","platform","site_url","account");