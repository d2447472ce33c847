-- OpenID Connect Back-Channel Logout 1.0 (decision record 103). Beside Passport's oauth_clients,
-- which stays column for column (decision record 051): a client's logout URI is one more of its
-- settings. Guarded like 0010 and 0012, so it also runs where it was applied before.
ALTER TABLE "oauth_client_settings" ADD COLUMN IF NOT EXISTS "backchannel_logout_uri" text;
--> statement-breakpoint
ALTER TABLE "oauth_client_settings" ADD COLUMN IF NOT EXISTS "backchannel_logout_session_required" boolean;
--> statement-breakpoint
-- Which clients were given a code for an ID token in which browser session: `sid` is the ID
-- token's claim, the SHA-256 of 'openid-sid:' and the session's row id (lib/oauth/session-clients.ts).
DO $$ BEGIN
	-- client_id takes the type of oauth_clients.id, as in 0012's oauth_consents.
	EXECUTE format('CREATE TABLE IF NOT EXISTS "oauth_session_clients" (
	"sid" varchar(64) NOT NULL,
	"client_id" %s NOT NULL,
	"created_at" timestamp (0) NOT NULL,
	CONSTRAINT "oauth_session_clients_sid_client_id_pk" PRIMARY KEY("sid","client_id")
)', (SELECT format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = to_regclass('oauth_clients') AND attname = 'id'));
END $$;
--> statement-breakpoint
DO $$ BEGIN
	IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'oauth_session_clients_client_id_oauth_clients_id_fk' AND conrelid = 'oauth_session_clients'::regclass) THEN
		ALTER TABLE "oauth_session_clients" ADD CONSTRAINT "oauth_session_clients_client_id_oauth_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "oauth_clients"("id") ON DELETE cascade ON UPDATE no action;
	END IF;
END $$;
--> statement-breakpoint
-- However a session ends (a sign-out, the sessions list, an account event of the credential
-- ledger, an administrator, pruning, a Laravel application on the same table), its row is
-- deleted: each client told of the session gets a `backchannel-logout` job on the webhooks queue,
-- in the transaction that ends it. A trigger, as 0006's for webhooks, because sessions end in
-- many statements (lib/server/session-store.ts) and some delete many rows at once; without a
-- client it costs one probe of the primary key. The clock is the application's (tests fix it):
-- the session's last activity, which is at or before the moment it ends.
CREATE OR REPLACE FUNCTION "queue_backchannel_logout"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	session_sid varchar(64) := encode(sha256(convert_to('openid-sid:' || OLD."id", 'UTF8')), 'hex');
BEGIN
	WITH told AS (
		DELETE FROM "oauth_session_clients" WHERE "sid" = session_sid RETURNING "client_id"
	)
	INSERT INTO "jobs" ("queue", "payload", "attempts", "available_at", "created_at")
	SELECT 'webhooks',
		json_build_object('uuid', gen_random_uuid(), 'type', 'compose', 'composer', 'backchannel-logout',
			'data', json_build_object('client_id', told."client_id"::text, 'sid', session_sid,
				'sub', OLD."user_id"::text, 'jti', gen_random_uuid(), 'attempt', 0))::text,
		0, OLD."last_activity", OLD."last_activity"
	FROM told;
	RETURN OLD;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "sessions_backchannel_logout" ON "sessions";
--> statement-breakpoint
CREATE TRIGGER "sessions_backchannel_logout" AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "queue_backchannel_logout"();
