-- When the account's owner dismissed the offer to add a passkey after a password sign-in (decision
-- record 107): remembered for the account, not the browser. Expand-only and guarded; null until
-- dismissed, and a Laravel application on the same table never reads it.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "passkey_offer_dismissed_at" timestamp (0);
