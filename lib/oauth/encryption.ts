import "server-only";
import { parseAppKey } from "@/lib/auth/two-factor/laravel-encrypter";
import { deriveEncryptionKey } from "@/lib/crypto/secrets";
import type { Env } from "@/lib/env";
import { decryptWithPassword, encryptWithPassword } from "@/lib/oauth/defuse";
import { phpJsonEncode } from "@/lib/oauth/php-json";

/**
 * The password of refresh tokens and authorization codes: APP_KEY's 32 raw bytes, which Passport
 * hands league as its encryption key (`app('encrypter')->getKey()`), so a Passport app's refresh
 * tokens stay redeemable; without APP_KEY, a key derived from SESSION_SECRET.
 */
export function encryptionPassword(
  env: Pick<Env, "APP_KEY" | "SESSION_SECRET">,
): Buffer {
  return env.APP_KEY
    ? parseAppKey(env.APP_KEY)
    : deriveEncryptionKey(env.SESSION_SECRET, "oauth-payloads");
}

/** league's CryptTrait::encrypt of a payload, written as PHP's json_encode writes it. */
export function encryptPayload(
  env: Pick<Env, "APP_KEY" | "SESSION_SECRET">,
  payload: Record<string, unknown>,
): Promise<string> {
  return encryptWithPassword(phpJsonEncode(payload), encryptionPassword(env));
}

/** The JSON object inside a refresh token or code; null for anything that does not decrypt to one. */
export async function decryptPayload(
  env: Pick<Env, "APP_KEY" | "SESSION_SECRET">,
  value: unknown,
): Promise<Record<string, unknown> | null> {
  if (typeof value !== "string" || value.length > 8192) return null;
  const plain = await decryptWithPassword(value, encryptionPassword(env));
  if (plain === null) return null;
  try {
    const parsed: unknown = JSON.parse(plain);
    return typeof parsed === "object" &&
      parsed !== null &&
      !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
