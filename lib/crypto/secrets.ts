import "server-only";
import {
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";

/** A key for one purpose, derived from SESSION_SECRET, so no two features share key material. */
export function deriveKey(secret: string, purpose: string): string {
  return createHmac("sha256", secret)
    .update(`next-laravel-auth:${purpose}`)
    .digest("base64url");
}

/**
 * A 256-bit encryption key for one purpose, derived from SESSION_SECRET by HKDF-SHA256 with the
 * purpose as its label (the same labels as deriveKey's), e.g. the mail queue's payloads.
 */
export function deriveEncryptionKey(secret: string, purpose: string): Buffer {
  return Buffer.from(
    hkdfSync("sha256", secret, "", `next-laravel-auth:${purpose}`, 32),
  );
}

/** The key that seals queued mail (decision record 004). */
export const mailQueueKey = (secret: string) =>
  deriveEncryptionKey(secret, "mail-queue");

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function hmacHex(key: string, value: string): string {
  return createHmac("sha256", key).update(value).digest("hex");
}

/** Compares two strings in constant time (for equal lengths; a length difference is not secret here). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
