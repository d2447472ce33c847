import "server-only";
import { createCipheriv, createDecipheriv, createHmac } from "node:crypto";
import type { seal } from "iron-webcrypto";

type IronCrypto = Parameters<typeof seal>[0];
type IronSubtle = IronCrypto["subtle"];

/**
 * Web Crypto for iron's seal, remembering the keys it derives. iron derives an AES key and an
 * HMAC key from the password for every seal (an import, a PBKDF2 derivation and a second import
 * each: six of a seal's eight Web Crypto calls). With the salts fixed for the process
 * (lib/crypto/sealed.ts) those six give the same keys every time, so each is done once per
 * password and salt and the promise is kept. The IV's random bytes are drawn every time.
 *
 * Encryption and the HMAC under a remembered key run on Node's synchronous ciphers
 * (AES-256-CBC with PKCS#7 padding, HMAC-SHA-256: byte for byte what Web Crypto computes,
 * `lib/crypto/iron-keys.test.ts`). Web Crypto runs each of them as a job on libuv's thread pool:
 * a seal's two jobs were ten futex calls a request on `/sanctum/csrf-cookie`, more than the rest
 * of the request's system calls together (decision record 076). Keys iron did not derive
 * through here (a key passed as bytes) keep Web Crypto.
 */
const subtle = globalThis.crypto.subtle;

// The password's PBKDF2 base key, by the password's bytes; and which password a base key is.
const baseKeys = new Map<string, Promise<CryptoKey>>();
const passwordOf = new WeakMap<CryptoKey, string>();
// Derived bits by password, salt, iterations and length; then the key imported from them.
const derived = new Map<string, Promise<ArrayBuffer>>();
const imported = new WeakMap<ArrayBuffer, Map<string, Promise<CryptoKey>>>();
// The bytes of each key imported from remembered bits, with the algorithm it was imported for.
const rawOf = new WeakMap<CryptoKey, { bytes: Buffer; algorithm: string }>();

// One entry per password and salt: a handful per process. The bound only guards against misuse.
const MAX_ENTRIES = 64;

const hex = (bytes: ArrayBuffer | ArrayBufferView) =>
  Buffer.from(
    ArrayBuffer.isView(bytes)
      ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
      : new Uint8Array(bytes),
  ).toString("hex");

function remember<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  const known = map.get(key);
  if (known !== undefined) return known;
  if (map.size >= MAX_ENTRIES) map.clear();
  const made = make();
  map.set(key, made);
  return made;
}

const importKey: IronSubtle["importKey"] = (
  format,
  keyData,
  algorithm,
  extractable,
  usages,
) => {
  const importNow = () =>
    subtle.importKey(
      format,
      keyData as BufferSource,
      algorithm,
      extractable,
      usages,
    );
  const name = typeof algorithm === "string" ? algorithm : algorithm.name;
  if (format === "raw" && name === "PBKDF2" && !extractable) {
    const password = hex(keyData);
    return remember(baseKeys, password, () =>
      importNow().then((key) => {
        passwordOf.set(key, password);
        return key;
      }),
    );
  }
  const byAlgorithm =
    keyData instanceof ArrayBuffer ? imported.get(keyData) : undefined;
  if (format === "raw" && byAlgorithm && !extractable)
    return remember(byAlgorithm, JSON.stringify([algorithm, usages]), () =>
      importNow().then((key) => {
        const native = nodeAlgorithm(algorithm, keyData.byteLength);
        if (native)
          rawOf.set(key, {
            bytes: Buffer.from(new Uint8Array(keyData)),
            algorithm: native,
          });
        return key;
      }),
    );
  return importNow();
};

function deriveBits(
  algorithm: Pbkdf2Params,
  baseKey: CryptoKey,
  length: number,
): Promise<ArrayBuffer> {
  const password = passwordOf.get(baseKey);
  if (algorithm.name !== "PBKDF2" || password === undefined)
    return subtle.deriveBits(algorithm, baseKey, length);
  const key = [
    password,
    hex(algorithm.salt as ArrayBuffer | ArrayBufferView),
    algorithm.iterations,
    JSON.stringify(algorithm.hash),
    length,
  ].join("|");
  return remember(derived, key, () =>
    subtle.deriveBits(algorithm, baseKey, length).then((bits) => {
      imported.set(bits, new Map());
      return bits;
    }),
  );
}

/** Node's name for the algorithms iron uses (its `aes-256-cbc` and SHA-256 HMAC), else null. */
function nodeAlgorithm(
  algorithm: Parameters<IronSubtle["importKey"]>[2],
  keyBytes: number,
): string | null {
  if (typeof algorithm === "string") return null;
  if (algorithm.name === "AES-CBC" && keyBytes === 32) return "aes-256-cbc";
  const hash = (algorithm as HmacImportParams).hash;
  const hashName = typeof hash === "string" ? hash : hash?.name;
  if (algorithm.name === "HMAC" && hashName === "SHA-256") return "sha256";
  return null;
}

const bytesOf = (data: ArrayBuffer | ArrayBufferView): Uint8Array =>
  ArrayBuffer.isView(data)
    ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
    : new Uint8Array(data);

/** A Buffer's bytes as the ArrayBuffer Web Crypto resolves with. */
const arrayBufferOf = (bytes: Buffer): ArrayBuffer =>
  bytes.buffer.slice(
    bytes.byteOffset,
    bytes.byteOffset + bytes.byteLength,
  ) as ArrayBuffer;

/** Runs `work` now, as a promise that settles like Web Crypto's: resolved, or rejected with its error. */
function settled<T>(work: () => T): Promise<T> {
  try {
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(error);
  }
}

function cipher(
  mode: "encrypt" | "decrypt",
  algorithm: Parameters<IronSubtle["encrypt"]>[0],
  key: CryptoKey,
  data: ArrayBuffer | ArrayBufferView,
): Promise<ArrayBuffer> {
  const raw = rawOf.get(key);
  const iv =
    typeof algorithm === "object" && algorithm.name === "AES-CBC"
      ? (algorithm as AesCbcParams).iv
      : undefined;
  if (raw?.algorithm !== "aes-256-cbc" || !iv)
    return subtle[mode](algorithm, key, data as BufferSource);
  return settled(() => {
    const run =
      mode === "encrypt"
        ? createCipheriv(raw.algorithm, raw.bytes, bytesOf(iv))
        : createDecipheriv(raw.algorithm, raw.bytes, bytesOf(iv));
    return arrayBufferOf(
      Buffer.concat([run.update(bytesOf(data)), run.final()]),
    );
  });
}

function sign(
  algorithm: Parameters<IronSubtle["sign"]>[0],
  key: CryptoKey,
  data: ArrayBuffer | ArrayBufferView,
): Promise<ArrayBuffer> {
  const raw = rawOf.get(key);
  if (raw?.algorithm !== "sha256")
    return subtle.sign(algorithm, key, data as BufferSource);
  return settled(() =>
    arrayBufferOf(
      createHmac("sha256", raw.bytes).update(bytesOf(data)).digest(),
    ),
  );
}

export const ironKeysCrypto: IronCrypto = {
  getRandomValues: (array) => globalThis.crypto.getRandomValues(array),
  subtle: {
    importKey,
    deriveBits: (algorithm, baseKey, length) =>
      deriveBits(algorithm as Pbkdf2Params, baseKey, length),
    encrypt: (algorithm, key, data) => cipher("encrypt", algorithm, key, data),
    decrypt: (algorithm, key, data) => cipher("decrypt", algorithm, key, data),
    sign,
  },
};
