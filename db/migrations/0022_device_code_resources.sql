-- The RFC 8707 resources a device code was asked for, beside Passport's oauth_device_codes, which
-- stays column for column (decision record 050): the device holds them in its encrypted payload,
-- which the user's approval never sees, so the approval reads them here to show what each
-- resource's server may do by token exchange and to ask for the step-up it needs (decision record
-- 115). Gone with its device code. Guarded like 0012, so it also runs where it was applied before.
CREATE TABLE IF NOT EXISTS "oauth_device_code_resources" (
	"device_code_id" char(80) PRIMARY KEY NOT NULL,
	"resources" jsonb NOT NULL
);
--> statement-breakpoint
DO $$ BEGIN
	IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'oauth_device_code_resources_device_code_id_fk' AND conrelid = 'oauth_device_code_resources'::regclass) THEN
		ALTER TABLE "oauth_device_code_resources" ADD CONSTRAINT "oauth_device_code_resources_device_code_id_fk" FOREIGN KEY ("device_code_id") REFERENCES "oauth_device_codes"("id") ON DELETE cascade ON UPDATE no action;
	END IF;
END $$;
