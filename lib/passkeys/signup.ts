import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { deriveKey } from "@/lib/crypto/secrets";
import { invalid } from "@/lib/http/errors";
import { CHALLENGE_EXPIRED } from "@/lib/passkeys/challenges";

// A passkey-first registration (decision record 107) has no account, so no user id, while its
// ceremony runs: the challenge itself carries the address it was made for, and the user handle
// is derived from the challenge, so nothing is stored for a visitor but the challenge's hash.

const NONCE_BYTES = 16;
const TAG_BYTES = 16;

function tag(secret: string, nonce: Uint8Array, email: string): Buffer {
  return createHmac("sha256", deriveKey(secret, "passkey-signup-challenge"))
    .update(nonce)
    .update(`|${email.toLowerCase()}`)
    .digest()
    .subarray(0, TAG_BYTES);
}

/** A challenge bound to `email`: 16 random bytes, then 16 of an HMAC over them and the address. */
export function signupChallenge(
  secret: string,
  email: string,
): Uint8Array<ArrayBuffer> {
  const nonce = randomBytes(NONCE_BYTES);
  return new Uint8Array(
    Buffer.concat([nonce, tag(secret, nonce, email)]),
  ) as Uint8Array<ArrayBuffer>;
}

/**
 * 422 on `credential` unless the answered challenge was made for `email`: a passkey made for one
 * address never opens an account under another (the authenticator would show the wrong name).
 */
export function checkSignupChallenge(
  secret: string,
  challenge: string,
  email: string,
): void {
  const bytes = Buffer.from(challenge, "base64url");
  const given = bytes.subarray(NONCE_BYTES);
  const ok =
    bytes.length === NONCE_BYTES + TAG_BYTES &&
    timingSafeEqual(given, tag(secret, bytes.subarray(0, NONCE_BYTES), email));
  if (!ok) throw invalid("credential", CHALLENGE_EXPIRED);
}

/**
 * The new account's WebAuthn user handle, from its ceremony's challenge: random, stable once
 * stored on the passkey (lib/passkeys/user-handle.ts keeps it for the account's next passkeys).
 */
export function signupHandle(
  secret: string,
  challenge: string,
): Uint8Array<ArrayBuffer> {
  const digest = createHmac("sha256", deriveKey(secret, "passkey-user-handle"))
    .update(`signup|${challenge}`)
    .digest();
  return new Uint8Array(digest) as Uint8Array<ArrayBuffer>;
}
