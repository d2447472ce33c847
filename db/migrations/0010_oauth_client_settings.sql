-- Beside Passport's oauth_clients, which stays column for column (decision record 051); guarded
-- like 0005 so it also runs where it was applied before.
CREATE TABLE IF NOT EXISTS "oauth_client_settings" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"previous_secret" varchar(255),
	"previous_secret_expires_at" timestamp (0),
	"last_used_at" timestamp (0),
	"registered_at" timestamp (0)
);
--> statement-breakpoint
DO $$ BEGIN
	IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'oauth_client_settings_client_id_oauth_clients_id_fk' AND conrelid = 'oauth_client_settings'::regclass) THEN
		ALTER TABLE "oauth_client_settings" ADD CONSTRAINT "oauth_client_settings_client_id_oauth_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "oauth_clients"("id") ON DELETE cascade ON UPDATE no action;
	END IF;
END $$;
