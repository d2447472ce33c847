-- Guarded like 0000_initial.sql: migrations also run against existing Laravel databases.
-- Data rights (decision record 021): accounts their owner deleted, purged after the grace period.
CREATE TABLE IF NOT EXISTS "account_deletions" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"requested_at" timestamp (3) NOT NULL
);
--> statement-breakpoint
-- Webhooks (decision record 022).
CREATE TABLE IF NOT EXISTS "webhook_endpoints" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uuid" varchar(36) NOT NULL,
	"url" text NOT NULL,
	"description" varchar(255),
	"events" jsonb NOT NULL,
	"secret" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" bigint,
	"created_at" timestamp (3) NOT NULL,
	"updated_at" timestamp (3) NOT NULL,
	CONSTRAINT "webhook_endpoints_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"endpoint_id" bigint NOT NULL,
	"message_id" varchar(64) NOT NULL,
	"event" varchar(255) NOT NULL,
	"activity_id" bigint,
	"payload" text NOT NULL,
	"status" varchar(16) NOT NULL,
	"attempts" smallint NOT NULL,
	"response_status" integer,
	"response_excerpt" text,
	"error" text,
	"last_attempt_at" timestamp (3),
	"next_attempt_at" timestamp (3),
	"created_at" timestamp (3) NOT NULL
);
--> statement-breakpoint
DO $$ BEGIN
	ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_deliveries_endpoint_id_index" ON "webhook_deliveries" USING btree ("endpoint_id","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_deliveries_activity_id_index" ON "webhook_deliveries" USING btree ("activity_id");
--> statement-breakpoint
-- Every activity-log entry becomes a webhook event in the same transaction that records it (a
-- row of the `webhooks` queue, fanned out to the endpoints by the worker), but only while some
-- endpoint is active: without one, an entry costs an index probe and nothing else. A trigger,
-- because entries are also written as parts of single statements (sign-in), where no second
-- insert of the application could join them. The clock is the entry's own, as the application
-- wrote it (tests fix it), a second early: created_at is stored rounded to the second.
CREATE OR REPLACE FUNCTION "queue_webhook_fanout"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF EXISTS (SELECT 1 FROM "webhook_endpoints" WHERE "active") THEN
		INSERT INTO "jobs" ("queue", "payload", "attempts", "available_at", "created_at")
		SELECT 'webhooks',
			json_build_object('uuid', gen_random_uuid(), 'type', 'compose', 'composer', 'webhook-fanout', 'data', json_build_object('activity_id', NEW."id"))::text,
			0, at, at
		FROM (SELECT floor(extract(epoch FROM coalesce(NEW."created_at", now()::timestamp)))::integer - 1 AS at) AS clock;
	END IF;
	RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "activity_log_webhooks" ON "activity_log";
--> statement-breakpoint
CREATE TRIGGER "activity_log_webhooks" AFTER INSERT ON "activity_log" FOR EACH ROW EXECUTE FUNCTION "queue_webhook_fanout"();
