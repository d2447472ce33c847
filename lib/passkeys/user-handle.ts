import "server-only";
import { createHmac } from "node:crypto";
import type { Passkey, User } from "@/db/schema";
import { deriveKey } from "@/lib/crypto/secrets";
import { fromBase64 } from "@/lib/passkeys/credential-json";

/**
 * The WebAuthn user handle of `user`: the one their passkeys already carry (a Laravel database's
 * included), else an HMAC of the user's id, stable and revealing nothing (laravel/passkeys-server
 * derives it the same way, with its own key).
 */
export function userHandle(
  secret: string,
  user: User,
  existing: Passkey[],
): Uint8Array<ArrayBuffer> {
  const kept = existing.find((passkey) => passkey.credential.userHandle)
    ?.credential.userHandle;
  if (kept) return fromBase64(kept);
  const digest = createHmac("sha256", deriveKey(secret, "passkey-user-handle"))
    .update(`users|${user.id}`)
    .digest();
  return new Uint8Array(digest) as Uint8Array<ArrayBuffer>;
}
