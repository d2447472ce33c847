-- Laravel Passport 13's five tables, column for column (decision record 050). Every statement is
-- guarded, as in 0000: on a Passport database the tables are already there, with Passport's rows,
-- and only what this server adds is added (`oauth_clients.scopes`). Passport 12 and older keyed
-- clients by an integer (a sequence); the tables that name a client take that type too.
CREATE TABLE IF NOT EXISTS "oauth_access_tokens" (
	"id" char(80) PRIMARY KEY NOT NULL,
	"user_id" bigint,
	"client_id" uuid NOT NULL,
	"name" varchar(255),
	"scopes" text,
	"revoked" boolean NOT NULL,
	"created_at" timestamp (0),
	"updated_at" timestamp (0),
	"expires_at" timestamp (0)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "oauth_auth_codes" (
	"id" char(80) PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"client_id" uuid NOT NULL,
	"scopes" text,
	"revoked" boolean NOT NULL,
	"expires_at" timestamp (0)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "oauth_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint,
	"name" varchar(255) NOT NULL,
	"secret" varchar(255),
	"provider" varchar(255),
	"redirect_uris" text NOT NULL,
	"grant_types" text NOT NULL,
	"scopes" text,
	"revoked" boolean NOT NULL,
	"created_at" timestamp (0),
	"updated_at" timestamp (0)
);
--> statement-breakpoint
DO $$ BEGIN
	-- client_id takes the type of oauth_clients.id: uuid; char(36) where Passport 12's ids were
	-- upgraded as Passport 13's guide says; bigint where they were not.
	EXECUTE format('CREATE TABLE IF NOT EXISTS "oauth_device_codes" (
	"id" char(80) PRIMARY KEY NOT NULL,
	"user_id" bigint,
	"client_id" %s NOT NULL,
	"user_code" char(8) NOT NULL,
	"scopes" text NOT NULL,
	"revoked" boolean NOT NULL,
	"user_approved_at" timestamp (0),
	"last_polled_at" timestamp (0),
	"expires_at" timestamp (0),
	CONSTRAINT "oauth_device_codes_user_code_unique" UNIQUE("user_code")
)', (SELECT format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = to_regclass('oauth_clients') AND attname = 'id'));
END $$;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "oauth_refresh_tokens" (
	"id" char(80) PRIMARY KEY NOT NULL,
	"access_token_id" char(80) NOT NULL,
	"revoked" boolean NOT NULL,
	"expires_at" timestamp (0)
);
--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN IF NOT EXISTS "scopes" text;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "oauth_access_tokens_user_id_index" ON "oauth_access_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "oauth_auth_codes_user_id_index" ON "oauth_auth_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "oauth_clients_user_id_index" ON "oauth_clients" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "oauth_device_codes_user_id_index" ON "oauth_device_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "oauth_device_codes_client_id_index" ON "oauth_device_codes" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "oauth_refresh_tokens_access_token_id_index" ON "oauth_refresh_tokens" USING btree ("access_token_id");