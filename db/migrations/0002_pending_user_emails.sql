-- Guarded like 0000: an existing Laravel database may already hold this table
-- (protonemedia/laravel-verify-new-email), which keeps one pending address per user too.
CREATE TABLE IF NOT EXISTS "pending_user_emails" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_type" varchar(255) NOT NULL,
	"user_id" bigint NOT NULL,
	"email" varchar(255) NOT NULL,
	"token" varchar(255) NOT NULL,
	"created_at" timestamp (0),
	"updated_at" timestamp (0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "pending_user_emails_user_type_user_id_unique" ON "pending_user_emails" USING btree ("user_type","user_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pending_user_emails_email_index" ON "pending_user_emails" USING btree ("email");
