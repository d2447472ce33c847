import "server-only";
import { sealData, unsealData } from "iron-session";

// iron-session seals as iron's `Fe26.2*<password id>*<salt>*<iv>*<data>*<expiry>*<salt>*<hmac>`
// plus its own `~2` format suffix. The HMAC authenticates everything before it, but the suffix is
// read with parseInt (`~2A`, `~2~2`, `~02` open like `~2`): a value is accepted here only in the
// exact shape we issue it (decision record 002). With a string password iron's id is always "1".
const SALT = "[0-9a-f]{64}"; // 256 random bits, hex
const IV = "[A-Za-z0-9_-]{22}"; // 128 bits, base64url
const DATA = "[A-Za-z0-9_-]+";
const HMAC = "[A-Za-z0-9_-]{43}"; // SHA-256, base64url
const sealShape = (expiry: string) =>
  new RegExp(
    `^Fe26\\.2\\*1\\*${SALT}\\*${IV}\\*${DATA}\\*${expiry}\\*${SALT}\\*${HMAC}~2$`,
  );
const SEAL_SHAPE = {
  expiring: sealShape("[1-9][0-9]{0,15}"),
  lasting: sealShape(""),
};

/** Seals `data` under `password`; `ttlSeconds` 0 means no expiry inside the seal (the caller checks time itself). */
export function sealValue(
  data: object,
  password: string,
  ttlSeconds = 0,
): Promise<string> {
  return sealData(data as Record<string, unknown>, {
    password,
    ttl: ttlSeconds,
  });
}

/**
 * Opens a value sealed by `sealValue` with the same password and ttl; null for anything that is
 * not byte for byte such a value (another shape, a changed suffix, a bad HMAC, expired).
 */
export async function unsealValue(
  sealed: string,
  password: string,
  ttlSeconds = 0,
): Promise<unknown> {
  if (!(ttlSeconds > 0 ? SEAL_SHAPE.expiring : SEAL_SHAPE.lasting).test(sealed))
    return null;
  // iron-session answers {} instead of throwing for a bad HMAC or an expired seal.
  const data = await unsealData<Record<string, unknown>>(sealed, {
    password,
    ttl: ttlSeconds,
  }).catch(() => null);
  return data && Object.keys(data).length > 0 ? data : null;
}
