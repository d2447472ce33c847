CREATE TABLE "oauth_access_tokens" (
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
CREATE TABLE "oauth_auth_codes" (
	"id" char(80) PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"client_id" uuid NOT NULL,
	"scopes" text,
	"revoked" boolean NOT NULL,
	"expires_at" timestamp (0)
);
--> statement-breakpoint
CREATE TABLE "oauth_clients" (
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
CREATE TABLE "oauth_device_codes" (
	"id" char(80) PRIMARY KEY NOT NULL,
	"user_id" bigint,
	"client_id" uuid NOT NULL,
	"user_code" char(8) NOT NULL,
	"scopes" text NOT NULL,
	"revoked" boolean NOT NULL,
	"user_approved_at" timestamp (0),
	"last_polled_at" timestamp (0),
	"expires_at" timestamp (0),
	CONSTRAINT "oauth_device_codes_user_code_unique" UNIQUE("user_code")
);
--> statement-breakpoint
CREATE TABLE "oauth_refresh_tokens" (
	"id" char(80) PRIMARY KEY NOT NULL,
	"access_token_id" char(80) NOT NULL,
	"revoked" boolean NOT NULL,
	"expires_at" timestamp (0)
);
--> statement-breakpoint
CREATE INDEX "oauth_access_tokens_user_id_index" ON "oauth_access_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "oauth_auth_codes_user_id_index" ON "oauth_auth_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "oauth_clients_user_id_index" ON "oauth_clients" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "oauth_device_codes_user_id_index" ON "oauth_device_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "oauth_device_codes_client_id_index" ON "oauth_device_codes" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "oauth_refresh_tokens_access_token_id_index" ON "oauth_refresh_tokens" USING btree ("access_token_id");