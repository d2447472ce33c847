-- The protected resources this authorization server issues tokens for besides its own API
-- (decision record 101): Auth0's "APIs", Logto's "API resources". Passport has no such table, so
-- it is ours alone. `allowed_clients` is a JSON array of client ids (null: any client), without a
-- foreign key because oauth_clients.id is a uuid, a bigint or a char(36) by Passport's version.
CREATE TABLE IF NOT EXISTS "oauth_resources" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"identifier" varchar(2000) NOT NULL,
	"name" varchar(255) NOT NULL,
	"scopes" jsonb NOT NULL,
	"allowed_clients" jsonb,
	"access_token_minutes" integer,
	"created_at" timestamp (0) NOT NULL,
	"updated_at" timestamp (0) NOT NULL,
	CONSTRAINT "oauth_resources_identifier_unique" UNIQUE("identifier")
);
