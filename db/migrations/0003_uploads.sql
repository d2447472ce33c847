-- Guarded like 0000_initial.sql: migrations also run against existing Laravel databases.
CREATE TABLE IF NOT EXISTS "uploads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"path" varchar(255) NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp (3) NOT NULL,
	CONSTRAINT "uploads_path_unique" UNIQUE("path")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "uploads_user_id_index" ON "uploads" USING btree ("user_id");
