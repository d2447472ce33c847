-- Guarded like 0000: a Laravel database with laravel/passkeys-server installed already holds
-- "passkeys" (same columns, same names), and keeps it as it is (decision record 025).
CREATE TABLE IF NOT EXISTS "passkeys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"name" varchar(255) NOT NULL,
	"credential_id" varchar(255) NOT NULL,
	"credential" json NOT NULL,
	"last_used_at" timestamp (0),
	"created_at" timestamp (0),
	"updated_at" timestamp (0),
	CONSTRAINT "passkeys_credential_id_unique" UNIQUE("credential_id")
);
--> statement-breakpoint
DO $$ BEGIN
	IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'passkeys_user_id_foreign' AND conrelid = 'passkeys'::regclass) THEN
		ALTER TABLE "passkeys" ADD CONSTRAINT "passkeys_user_id_foreign" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;
	END IF;
END $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "passkeys_user_id_index" ON "passkeys" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "passkey_challenges" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"session_key" varchar(64) NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"user_id" bigint,
	"expires_at" timestamp (3) NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "passkey_challenges_expires_at_index" ON "passkey_challenges" USING btree ("expires_at");
