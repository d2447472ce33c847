import { randomInt } from "node:crypto";
import { crc32 } from "node:zlib";

/**
 * The secret after `<id>|`, as Laravel Sanctum 4 writes it: the configured prefix, 40 random
 * letters and digits, and the crc32b of those 40 in hex (8 characters). Secret scanners
 * recognise the prefix; the checksum tells a real token from a typo without asking the database
 * (decision record 045). Sanctum stores sha256 of the whole secret, prefix included, and so do we.
 */
const ALPHABET =
  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const ENTROPY_LENGTH = 40;
const SHAPE = /^([A-Za-z0-9]{40})([0-9a-f]{8})$/;

/** PHP's `hash('crc32b', $value)`: the CRC-32 of the bytes, 8 lowercase hex digits. */
export function crc32b(value: string): string {
  return (crc32(value) >>> 0).toString(16).padStart(8, "0");
}

/** A new secret: prefix, 40 characters of entropy, checksum. */
export function generateSecret(prefix: string): string {
  let entropy = "";
  for (let i = 0; i < ENTROPY_LENGTH; i++)
    entropy += ALPHABET[randomInt(ALPHABET.length)];
  return `${prefix}${entropy}${crc32b(entropy)}`;
}

/**
 * `broken` when the secret claims the checksummed shape and its checksum is wrong: it carries the
 * configured prefix (then the shape is required), or, without a prefix, is 40 letters and digits
 * and 8 hex digits. Anything else — Laravel's older 40-character secrets, a `<secret>` made by
 * another prefix — is `unchecked` and looked up as Sanctum does.
 */
export function checkSecret(
  secret: string,
  prefix: string,
): "valid" | "broken" | "unchecked" {
  const hasPrefix = prefix !== "" && secret.startsWith(prefix);
  const body = hasPrefix ? secret.slice(prefix.length) : secret;
  const match = SHAPE.exec(body);
  if (!match) return hasPrefix ? "broken" : "unchecked";
  return crc32b(match[1] ?? "") === match[2] ? "valid" : "broken";
}
