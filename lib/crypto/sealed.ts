import "server-only";
import { randomBytes } from "node:crypto";
import * as Iron from "iron-webcrypto";
import { ironKeysCrypto } from "@/lib/crypto/iron-keys";

// iron-session seals as iron's `Fe26.2*<password id>*<salt>*<iv>*<data>*<expiry>*<salt>*<hmac>`
// plus its own `~2` format suffix. The HMAC authenticates everything before it, but the suffix is
// read with parseInt (`~2A`, `~2~2`, `~02` open like `~2`): a value is accepted here only in the
// exact shape we issue it (decision record 002). With a string password iron's id is always "1".
const SUFFIX = "~2";
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

// One random salt per process for each of iron's two keys, where iron-session draws new ones for
// every seal. A seal still has its own random IV; the keys it is made under are derived once
// (lib/crypto/iron-keys.ts) instead of four Web Crypto derivations a seal, which were most of
// the CPU of every answer that sets a session cookie (decision record 076). The seal is iron's
// and iron-session's format as before, salts included: `unsealValue`, any instance and
// iron-session itself open it.
// iron's key derivation reads `salt` from these options (its GenerateKeyOptions) before `saltBits`.
const WITH_SALTS = {
  encryption: {
    ...Iron.defaults.encryption,
    salt: randomBytes(32).toString("hex"),
  },
  integrity: {
    ...Iron.defaults.integrity,
    salt: randomBytes(32).toString("hex"),
  },
};

/** Seals `data` under `password`; `ttlSeconds` 0 means no expiry inside the seal (the caller checks time itself). */
export async function sealValue(
  data: object,
  password: string,
  ttlSeconds = 0,
): Promise<string> {
  // As iron-session's sealData: password id "1", iron's defaults, its "~2" version suffix.
  const seal = await Iron.seal(
    ironKeysCrypto,
    data,
    { id: "1", secret: password },
    {
      ...Iron.defaults,
      ...WITH_SALTS,
      ttl: ttlSeconds * 1000,
    },
  );
  return `${seal}${SUFFIX}`;
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
  // As iron-session's unsealData for a "~2" seal: iron's unseal of what precedes the suffix,
  // password id "1", iron's defaults. Through the remembered keys, a seal made under this
  // process's salts opens without a derivation or a Web Crypto job; another instance's salts are
  // derived once (decision record 076). A bad HMAC, an expired seal, anything iron refuses: null.
  const data: unknown = await Iron.unseal(
    ironKeysCrypto,
    sealed.slice(0, -SUFFIX.length),
    { "1": password },
    { ...Iron.defaults, ttl: ttlSeconds * 1000 },
  ).catch(() => null);
  return data && typeof data === "object" && Object.keys(data).length > 0
    ? data
    : null;
}
