-- What a user's approval of a client covered: the client's redirect URIs then (decision record
-- 050, amendment 2026-12-02). Beside Passport's tables, which stay column for column; guarded
-- like 0010 so it also runs where it was applied before.
DO $$ BEGIN
	-- client_id takes the type of oauth_clients.id, as in 0010's oauth_client_settings.
	EXECUTE format('CREATE TABLE IF NOT EXISTS "oauth_consents" (
	"client_id" %s NOT NULL,
	"user_id" bigint NOT NULL,
	"redirect_uris" text NOT NULL,
	"approved_at" timestamp (0) NOT NULL,
	CONSTRAINT "oauth_consents_client_id_user_id_pk" PRIMARY KEY("client_id","user_id")
)', (SELECT format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = to_regclass('oauth_clients') AND attname = 'id'));
END $$;
--> statement-breakpoint
DO $$ BEGIN
	IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'oauth_consents_client_id_oauth_clients_id_fk' AND conrelid = 'oauth_consents'::regclass) THEN
		ALTER TABLE "oauth_consents" ADD CONSTRAINT "oauth_consents_client_id_oauth_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "oauth_clients"("id") ON DELETE cascade ON UPDATE no action;
	END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
	IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'oauth_consents_user_id_users_id_fk' AND conrelid = 'oauth_consents'::regclass) THEN
		ALTER TABLE "oauth_consents" ADD CONSTRAINT "oauth_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;
	END IF;
END $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "oauth_consents_user_id_index" ON "oauth_consents" USING btree ("user_id");
