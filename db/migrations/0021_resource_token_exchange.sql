-- RFC 8693 token exchange for a registered resource's own server (decision record 115): the
-- confidential client that is the resource's server, and the scopes of this application's API it
-- may exchange a token for the resource for. `oauth_resources` is ours alone (0016), so columns of
-- our own; the client id without a foreign key, as `allowed_clients` (oauth_clients.id's type
-- varies by Passport's version). Guarded like 0017, so it also runs where it was applied before.
ALTER TABLE "oauth_resources" ADD COLUMN IF NOT EXISTS "exchange_client_id" varchar(255);
--> statement-breakpoint
ALTER TABLE "oauth_resources" ADD COLUMN IF NOT EXISTS "exchange_scopes" jsonb;
