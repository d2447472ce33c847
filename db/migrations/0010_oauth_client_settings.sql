-- Beside Passport's oauth_clients, which stays column for column (decision record 051); guarded
-- like 0005 so it also runs where it was applied before.
DO $$ BEGIN
	-- client_id takes the type of oauth_clients.id, as in 0009's oauth_device_codes.
	EXECUTE format('CREATE TABLE IF NOT EXISTS "oauth_client_settings" (
	"client_id" %s PRIMARY KEY NOT NULL,
	"previous_secret" varchar(255),
	"previous_secret_expires_at" timestamp (0),
	"last_used_at" timestamp (0),
	"registered_at" timestamp (0)
)', (SELECT format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = to_regclass('oauth_clients') AND attname = 'id'));
END $$;
--> statement-breakpoint
DO $$ BEGIN
	IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'oauth_client_settings_client_id_oauth_clients_id_fk' AND conrelid = 'oauth_client_settings'::regclass) THEN
		ALTER TABLE "oauth_client_settings" ADD CONSTRAINT "oauth_client_settings_client_id_oauth_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "oauth_clients"("id") ON DELETE cascade ON UPDATE no action;
	END IF;
END $$;
