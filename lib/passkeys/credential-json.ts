import type { StoredCredential } from "@/db/schema";
import type { WebAuthnCredential } from "@simplewebauthn/server";

const toBase64Url = (bytes: Uint8Array) =>
  Buffer.from(bytes).toString("base64url");

/** Base64 in either alphabet, padded or not (webauthn-lib reads both), to bytes. */
export function fromBase64(value: string): Uint8Array<ArrayBuffer> {
  const bytes = Buffer.from(
    value.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""),
    "base64url",
  );
  return new Uint8Array(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
  ) as Uint8Array<ArrayBuffer>;
}

export type NewCredential = {
  id: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  aaguid: string;
  userHandle: Uint8Array;
  backupEligible: boolean;
  backedUp: boolean;
  userVerified: boolean;
};

/**
 * A credential in web-auth/webauthn-lib's serialization of a PublicKeyCredentialSource, the
 * JSON laravel/passkeys-server stores in `passkeys.credential` (decision record 025): an empty
 * trust path is `[]`, binary fields are base64url without padding.
 */
export function toStoredCredential(
  credential: NewCredential,
): StoredCredential {
  return {
    publicKeyCredentialId: credential.id,
    type: "public-key",
    transports: credential.transports,
    attestationType: "none",
    trustPath: [],
    aaguid: credential.aaguid,
    credentialPublicKey: toBase64Url(credential.publicKey),
    userHandle: toBase64Url(credential.userHandle),
    counter: credential.counter,
    backupEligible: credential.backupEligible,
    backupStatus: credential.backedUp,
    uvInitialized: credential.userVerified,
  };
}

/** What @simplewebauthn/server needs of a stored credential. The counter is checked by the caller (counter.ts). */
export function toWebAuthnCredential(
  credentialId: string,
  stored: StoredCredential,
): WebAuthnCredential {
  return {
    id: credentialId,
    publicKey: fromBase64(stored.credentialPublicKey),
    counter: 0,
    transports: stored.transports,
  };
}
