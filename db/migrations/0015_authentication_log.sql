-- rappasoft/laravel-authentication-log's table, column for column as its migration makes it
-- (decision record 095). Guarded, as 0013 is for Jetstream: on a Laravel database that has the
-- table, it and its rows stay as they are (its later columns too), and the index name is
-- Laravel's `morphs()` one, so the guard recognises it.
CREATE TABLE IF NOT EXISTS "authentication_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"authenticatable_type" varchar(255) NOT NULL,
	"authenticatable_id" bigint NOT NULL,
	"ip_address" varchar(45),
	"user_agent" text,
	"login_at" timestamp (0),
	"login_successful" boolean DEFAULT false NOT NULL,
	"logout_at" timestamp (0),
	"cleared_by_user" boolean DEFAULT false NOT NULL,
	"location" json
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "authentication_log_authenticatable_type_authenticatable_id_index" ON "authentication_log" USING btree ("authenticatable_type","authenticatable_id");
