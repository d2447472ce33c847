import "server-only";
import { createHmac, randomBytes } from "node:crypto";
import { deriveEncryptionKey } from "@/lib/crypto/secrets";
import { seal, unseal } from "@/lib/mail/sealed";

/**
 * Standard Webhooks secrets and signatures (decision record 022): a secret is `whsec_` and the
 * base64 of 24 to 64 random bytes; a message is signed with HMAC-SHA256 over
 * `<webhook-id>.<webhook-timestamp>.<body>` under those bytes, sent as `v1,<base64>`.
 */
const PREFIX = "whsec_";
const GENERATED_BYTES = 24;

/** A fresh secret, as Svix makes them. */
export function generateWebhookSecret(): string {
  return `${PREFIX}${randomBytes(GENERATED_BYTES).toString("base64")}`;
}

/** The key bytes of a `whsec_…` secret; null when it is not one (bad base64, under 24 or over 64 bytes). */
export function webhookSecretBytes(secret: string): Buffer | null {
  if (!secret.startsWith(PREFIX)) return null;
  const encoded = secret.slice(PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 !== 0)
    return null;
  const bytes = Buffer.from(encoded, "base64");
  return bytes.length >= 24 && bytes.length <= 64 ? bytes : null;
}

/** `v1,<base64 HMAC-SHA256>` of one message. */
export function signWebhook(
  secret: string,
  messageId: string,
  timestampSeconds: number,
  body: string,
): string {
  const key = webhookSecretBytes(secret);
  if (!key) throw new Error("not a webhook secret");
  return `v1,${createHmac("sha256", key).update(`${messageId}.${timestampSeconds}.${body}`).digest("base64")}`;
}

/** The key that seals endpoint secrets at rest, derived from SESSION_SECRET. */
export const webhookSecretKey = (sessionSecret: string) =>
  deriveEncryptionKey(sessionSecret, "webhook-secrets");

/** AES-256-GCM, bound to the endpoint's uuid: a sealed secret cannot be moved to another endpoint. */
export const sealWebhookSecret = (
  key: Buffer,
  secret: string,
  endpointUuid: string,
) => seal(key, secret, endpointUuid);

/** Throws when sealed under another key (SESSION_SECRET changed) or altered. */
export const unsealWebhookSecret = (
  key: Buffer,
  sealed: string,
  endpointUuid: string,
) => unseal(key, sealed, endpointUuid);
