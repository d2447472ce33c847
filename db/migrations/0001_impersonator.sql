ALTER TABLE "sessions" ADD COLUMN IF NOT EXISTS "impersonator_id" bigint;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sessions_impersonator_id_index" ON "sessions" USING btree ("impersonator_id");
