-- OAuth clients a team owns (decision record 110): Passport 13's own `nullableMorphs('owner')`
-- columns and their index, so a database Passport 13 made already has them and one made by
-- Passport 12 gains two nullable columns its Eloquent model never reads. Guarded like 0017.
ALTER TABLE "oauth_clients" ADD COLUMN IF NOT EXISTS "owner_type" varchar(255);
--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN IF NOT EXISTS "owner_id" bigint;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "oauth_clients_owner_type_owner_id_index" ON "oauth_clients" USING btree ("owner_type","owner_id");
