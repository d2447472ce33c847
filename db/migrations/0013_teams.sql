-- Laravel Jetstream's team tables, column for column as its migrations make them (decision record
-- 087). Every statement is guarded, as 0009 is for Passport (record 075): on a Jetstream database
-- the tables, their rows and users.current_team_id are already there and stay as they are. The
-- constraint and index names are Laravel's, so the guards recognise Jetstream's own.
CREATE TABLE IF NOT EXISTS "teams" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"name" varchar(255) NOT NULL,
	"personal_team" boolean NOT NULL,
	"created_at" timestamp (0),
	"updated_at" timestamp (0)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "teams_user_id_index" ON "teams" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "team_user" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"team_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"role" varchar(255),
	"created_at" timestamp (0),
	"updated_at" timestamp (0),
	CONSTRAINT "team_user_team_id_user_id_unique" UNIQUE("team_id","user_id")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "team_invitations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"team_id" bigint NOT NULL,
	"email" varchar(255) NOT NULL,
	"role" varchar(255),
	"created_at" timestamp (0),
	"updated_at" timestamp (0),
	CONSTRAINT "team_invitations_team_id_email_unique" UNIQUE("team_id","email")
);
--> statement-breakpoint
DO $$ BEGIN
	-- Jetstream's `constrained()->cascadeOnDelete()`, named team_invitations_team_id_foreign there:
	-- added only where the column has no foreign key yet.
	IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE contype = 'f' AND conrelid = 'team_invitations'::regclass) THEN
		ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_team_id_foreign" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE cascade ON UPDATE no action;
	END IF;
END $$;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "current_team_id" bigint;
