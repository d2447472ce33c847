import {
  createCipheriv,
  createHash,
  createHmac,
  hkdfSync,
  pbkdf2,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";
import { promisify } from "node:util";

/**
 * defuse/php-encryption v2's password mode (`Crypto::encryptWithPassword`), which league's
 * CryptTrait uses for Passport's refresh tokens and authorization codes when the encryption key
 * is a string — Passport passes APP_KEY's 32 raw bytes. Layout of the hex-encoded value:
 * header DE F5 02 00 | salt 32 | IV 16 | AES-256-CTR body | HMAC-SHA256 32 over all before it.
 * Keys: PBKDF2-SHA256(SHA256(password), salt, 100 000, 32), then HKDF-SHA256 with that salt for
 * the authentication and the encryption key (defuse's `KeyOrPassword::deriveKeys`).
 */
const HEADER = Buffer.from([0xde, 0xf5, 0x02, 0x00]);
const SALT_BYTES = 32;
const IV_BYTES = 16;
const MAC_BYTES = 32;
const MINIMUM_BYTES = HEADER.length + SALT_BYTES + IV_BYTES + MAC_BYTES;
const PBKDF2_ITERATIONS = 100_000;

const pbkdf2Async = promisify(pbkdf2);

async function deriveKeys(
  password: Uint8Array,
  salt: Buffer,
): Promise<{ akey: Buffer; ekey: Buffer }> {
  const prehash = createHash("sha256").update(password).digest();
  const prekey = await pbkdf2Async(
    prehash,
    salt,
    PBKDF2_ITERATIONS,
    32,
    "sha256",
  );
  const hkdf = (info: string) =>
    Buffer.from(hkdfSync("sha256", prekey, salt, info, 32));
  return {
    akey: hkdf("DefusePHP|V2|KeyForAuthentication"),
    ekey: hkdf("DefusePHP|V2|KeyForEncryption"),
  };
}

/** `Crypto::encryptWithPassword($plaintext, $password)`: lowercase hex, starting `def50200`. */
export async function encryptWithPassword(
  plaintext: string,
  password: Uint8Array,
): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const iv = randomBytes(IV_BYTES);
  const { akey, ekey } = await deriveKeys(password, salt);
  const cipher = createCipheriv("aes-256-ctr", ekey, iv);
  const body = Buffer.concat([
    cipher.update(Buffer.from(plaintext, "utf8")),
    cipher.final(),
  ]);
  const signed = Buffer.concat([HEADER, salt, iv, body]);
  const mac = createHmac("sha256", akey).update(signed).digest();
  return Buffer.concat([signed, mac]).toString("hex");
}

/**
 * `Crypto::decryptWithPassword`: the plaintext, or null for anything that is not a ciphertext
 * of this key (bad hex, header, length or HMAC) — defuse's WrongKeyOrModifiedCiphertextException.
 */
export async function decryptWithPassword(
  ciphertext: string,
  password: Uint8Array,
): Promise<string | null> {
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(ciphertext)) return null;
  const bytes = Buffer.from(ciphertext, "hex");
  if (bytes.length < MINIMUM_BYTES) return null;
  if (!bytes.subarray(0, HEADER.length).equals(HEADER)) return null;
  const salt = bytes.subarray(HEADER.length, HEADER.length + SALT_BYTES);
  const ivEnd = HEADER.length + SALT_BYTES + IV_BYTES;
  const iv = bytes.subarray(HEADER.length + SALT_BYTES, ivEnd);
  const body = bytes.subarray(ivEnd, bytes.length - MAC_BYTES);
  const mac = bytes.subarray(bytes.length - MAC_BYTES);
  const { akey, ekey } = await deriveKeys(password, salt);
  const expected = createHmac("sha256", akey)
    .update(bytes.subarray(0, bytes.length - MAC_BYTES))
    .digest();
  if (!timingSafeEqual(expected, mac)) return null;
  const decipher = createCipheriv("aes-256-ctr", ekey, iv);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString(
    "utf8",
  );
}
