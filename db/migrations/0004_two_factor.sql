-- Guarded like 0000_initial.sql: migrations also run against existing Laravel databases, where
-- Fortify may already have added its three columns (decision record 023).
CREATE TABLE IF NOT EXISTS "two_factor_challenges" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"remember" boolean NOT NULL,
	"method" varchar(32) NOT NULL,
	"expires_at" timestamp (3) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "two_factor_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "two_factor_recovery_codes" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "two_factor_confirmed_at" timestamp (0);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "two_factor_last_step" bigint;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "two_factor_challenges_user_id_index" ON "two_factor_challenges" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "two_factor_challenges_expires_at_index" ON "two_factor_challenges" USING btree ("expires_at");
