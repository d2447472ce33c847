import "server-only";
import type { seal } from "iron-webcrypto";

type IronCrypto = Parameters<typeof seal>[0];
type IronSubtle = IronCrypto["subtle"];

/**
 * Web Crypto for iron's seal, remembering the keys it derives. iron derives an AES key and an
 * HMAC key from the password for every seal (an import, a PBKDF2 derivation and a second import
 * each: six of a seal's eight Web Crypto calls). With the salts fixed for the process
 * (lib/crypto/sealed.ts) those six give the same keys every time, so each is done once per
 * password and salt and the promise is kept. Everything else (the IV's random bytes, encryption,
 * the HMAC) is Web Crypto's own call, made every time.
 */
const subtle = globalThis.crypto.subtle;

// The password's PBKDF2 base key, by the password's bytes; and which password a base key is.
const baseKeys = new Map<string, Promise<CryptoKey>>();
const passwordOf = new WeakMap<CryptoKey, string>();
// Derived bits by password, salt, iterations and length; then the key imported from them.
const derived = new Map<string, Promise<ArrayBuffer>>();
const imported = new WeakMap<ArrayBuffer, Map<string, Promise<CryptoKey>>>();

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
  const name = typeof algorithm === "string" ? algorithm : algorithm.name;
  if (format === "raw" && name === "PBKDF2" && !extractable) {
    const password = hex(keyData);
    return remember(baseKeys, password, () =>
      subtle
        .importKey(
          format,
          keyData as BufferSource,
          algorithm,
          extractable,
          usages,
        )
        .then((key) => {
          passwordOf.set(key, password);
          return key;
        }),
    );
  }
  const byAlgorithm =
    keyData instanceof ArrayBuffer ? imported.get(keyData) : undefined;
  if (format === "raw" && byAlgorithm && !extractable)
    return remember(byAlgorithm, JSON.stringify([algorithm, usages]), () =>
      subtle.importKey(
        format,
        keyData as BufferSource,
        algorithm,
        extractable,
        usages,
      ),
    );
  return subtle.importKey(
    format,
    keyData as BufferSource,
    algorithm,
    extractable,
    usages,
  );
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

export const ironKeysCrypto: IronCrypto = {
  getRandomValues: (array) => globalThis.crypto.getRandomValues(array),
  subtle: {
    importKey,
    deriveBits: (algorithm, baseKey, length) =>
      deriveBits(algorithm as Pbkdf2Params, baseKey, length),
    encrypt: (algorithm, key, data) =>
      subtle.encrypt(algorithm, key, data as BufferSource),
    decrypt: (algorithm, key, data) =>
      subtle.decrypt(algorithm, key, data as BufferSource),
    sign: (algorithm, key, data) =>
      subtle.sign(algorithm, key, data as BufferSource),
  },
};
