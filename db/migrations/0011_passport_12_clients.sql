-- Passport 12's oauth_clients (as Passport 12 made them, or kept by Passport 13's upgrade guide): `redirect` as a comma
-- list and the `personal_access_client`/`password_client` flags, no `redirect_uris`/`grant_types`.
-- Passport 13 reads either shape (its Client::redirectUris and hasGrantType); this server adds
-- Passport 13's two columns beside the old ones, fills them as Passport 13 reads the old ones, and a
-- trigger keeps both shapes true whichever application writes, so a Laravel app on Passport 12 or
-- 13 still reads its clients as before (decision record 075). Nothing happens on Passport 13's shape.
DO $$ BEGIN
	IF EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = to_regclass('oauth_clients') AND attname = 'redirect' AND NOT attisdropped)
		AND NOT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = to_regclass('oauth_clients') AND attname = 'redirect_uris' AND NOT attisdropped) THEN
		ALTER TABLE "oauth_clients" ADD COLUMN "redirect_uris" text, ADD COLUMN "grant_types" text;

		CREATE FUNCTION oauth_clients_passport_12_shape() RETURNS trigger LANGUAGE plpgsql AS $fn$
		BEGIN
			-- A write of Passport 13's columns (this server, Passport 13) sets Passport 12's.
			IF NEW.redirect_uris IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.redirect_uris IS DISTINCT FROM OLD.redirect_uris) THEN
				NEW.redirect := array_to_string(ARRAY(SELECT json_array_elements_text(NEW.redirect_uris::json)), ',');
			ELSIF NEW.redirect_uris IS NULL OR NEW.redirect IS DISTINCT FROM OLD.redirect THEN
				NEW.redirect_uris := (SELECT coalesce(json_agg(uri), '[]'::json)::text FROM unnest(string_to_array(coalesce(NEW.redirect, ''), ',')) AS uri WHERE uri <> '');
			END IF;
			IF NEW.grant_types IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.grant_types IS DISTINCT FROM OLD.grant_types) THEN
				NEW.personal_access_client := NEW.grant_types::jsonb ? 'personal_access';
				NEW.password_client := NEW.grant_types::jsonb ? 'password';
			ELSIF NEW.grant_types IS NULL OR NEW.personal_access_client IS DISTINCT FROM OLD.personal_access_client
				OR NEW.password_client IS DISTINCT FROM OLD.password_client THEN
				-- Passport 13's Client::hasGrantType for a client without grant_types.
				NEW.grant_types := (SELECT json_agg(grant_type)::text FROM (VALUES
					(1, 'authorization_code', NOT NEW.personal_access_client AND NOT NEW.password_client),
					(2, 'client_credentials', coalesce(NEW.secret, '') <> ''),
					(3, 'implicit', true),
					(4, 'password', NEW.password_client),
					(5, 'personal_access', NEW.personal_access_client AND coalesce(NEW.secret, '') <> ''),
					(6, 'refresh_token', true),
					(7, 'urn:ietf:params:oauth:grant-type:device_code', true)
				) AS grants (position, grant_type, allowed) WHERE allowed);
			END IF;
			RETURN NEW;
		END $fn$;

		CREATE TRIGGER oauth_clients_passport_12_shape BEFORE INSERT OR UPDATE ON "oauth_clients"
			FOR EACH ROW EXECUTE FUNCTION oauth_clients_passport_12_shape();
		-- Fills the new columns of every existing client through the trigger.
		UPDATE "oauth_clients" SET "revoked" = "revoked";
	END IF;
END $$;
