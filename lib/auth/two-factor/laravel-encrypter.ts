import "server-only";
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";

/**
 * Laravel's encrypter (`Crypt::encrypt`, cipher AES-256-CBC), byte for byte: base64 of the JSON
 * `{iv, value, mac, tag}`, where `value` is the base64 ciphertext, `iv` the base64 IV and `mac`
 * the hex HMAC-SHA256 of `iv . value` under the same 32-byte key. `encrypt()` PHP-serializes the
 * value first (`s:<bytes>:"…";`), `encryptString()` does not; both are read here (decision record 023).
 */
const CIPHER = "aes-256-cbc";
const KEY_BYTES = 32;

/** A Laravel `APP_KEY`: `base64:<32 bytes>`, or 32 raw characters; throws otherwise. */
export function parseAppKey(appKey: string): Buffer {
  const key = appKey.startsWith("base64:")
    ? Buffer.from(appKey.slice("base64:".length), "base64")
    : Buffer.from(appKey, "utf8");
  if (key.length !== KEY_BYTES)
    throw new Error(
      `must be "base64:" followed by ${KEY_BYTES} bytes in base64 (php artisan key:generate)`,
    );
  return key;
}

/** PHP's `serialize()` of a string. */
function phpSerializeString(value: string): string {
  return `s:${Buffer.byteLength(value, "utf8")}:"${value}";`;
}

/** The string inside PHP's `serialize()` of a string; the value itself when it is not one. */
function phpUnserializeString(value: string): string {
  const match = /^s:(\d+):"([\s\S]*)";$/.exec(value);
  if (!match || Buffer.byteLength(match[2] ?? "", "utf8") !== Number(match[1]))
    return value;
  return match[2] ?? "";
}

function mac(key: Buffer, iv: string, value: string): string {
  return createHmac("sha256", key)
    .update(iv + value)
    .digest("hex");
}

/** Laravel's `encrypt($value)` (serialized, as Fortify writes its columns) or `encryptString()`. */
export function laravelEncrypt(
  key: Buffer,
  plain: string,
  options: { serialize: boolean } = { serialize: true },
): string {
  const iv = randomBytes(16);
  const cipher = createCipheriv(CIPHER, key, iv);
  const input = options.serialize ? phpSerializeString(plain) : plain;
  const value = Buffer.concat([
    cipher.update(input, "utf8"),
    cipher.final(),
  ]).toString("base64");
  const ivText = iv.toString("base64");
  // PHP's json_encode with JSON_UNESCAPED_SLASHES, as Laravel calls it.
  const payload = JSON.stringify({
    iv: ivText,
    value,
    mac: mac(key, ivText, value),
    tag: "",
  });
  return Buffer.from(payload, "utf8").toString("base64");
}

/**
 * Laravel's `decrypt()`: checks the MAC in constant time before decrypting, and unserializes a
 * serialized string. Throws on another key, an altered payload or anything else.
 */
export function laravelDecrypt(key: Buffer, payload: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
  } catch {
    throw new Error("The payload is invalid.");
  }
  const { iv, value, mac: given } = (parsed ?? {}) as Record<string, unknown>;
  if (
    typeof iv !== "string" ||
    typeof value !== "string" ||
    typeof given !== "string"
  )
    throw new Error("The payload is invalid.");
  const ivBytes = Buffer.from(iv, "base64");
  if (ivBytes.length !== 16) throw new Error("The payload is invalid.");
  const expected = Buffer.from(mac(key, iv, value), "utf8");
  const actual = Buffer.from(given, "utf8");
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual))
    throw new Error("The MAC is invalid.");
  const decipher = createDecipheriv(CIPHER, key, ivBytes);
  const plain = Buffer.concat([
    decipher.update(Buffer.from(value, "base64")),
    decipher.final(),
  ]).toString("utf8");
  return phpUnserializeString(plain);
}
