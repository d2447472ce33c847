import { randomBytes } from "node:crypto";
import * as Iron from "iron-webcrypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ironKeysCrypto } from "@/lib/crypto/iron-keys";

const PASSWORD = "a-session-secret-that-is-at-least-32-characters";
// Node's Web Crypto, typed as iron's crypto parameter (its types want ArrayBuffer-backed views).
const webCrypto = globalThis.crypto as unknown as typeof ironKeysCrypto;

/** iron's options for one key, with a fixed salt (and IV) so two runs are comparable. */
const encryption = (iv: Uint8Array) => ({
  ...Iron.defaults.encryption,
  salt: "ab".repeat(32),
  iv,
});
const integrity = { ...Iron.defaults.integrity, salt: "cd".repeat(32) };

describe("iron's crypto with remembered keys (lib/crypto/iron-keys.ts)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("encrypts, decrypts and signs byte for byte as Web Crypto does", async () => {
    for (const size of [0, 1, 15, 16, 17, 1000]) {
      const text = randomBytes(size).toString("base64").slice(0, size);
      const iv = new Uint8Array(randomBytes(16));
      const ours = await Iron.encrypt(
        ironKeysCrypto,
        PASSWORD,
        encryption(iv),
        text,
      );
      const theirs = await Iron.encrypt(
        webCrypto,
        PASSWORD,
        encryption(iv),
        text,
      );
      expect(Buffer.from(ours.encrypted)).toEqual(
        Buffer.from(theirs.encrypted),
      );
      expect(
        await Iron.decrypt(
          ironKeysCrypto,
          PASSWORD,
          encryption(iv),
          theirs.encrypted,
        ),
      ).toBe(text);
      expect(
        await Iron.hmacWithPassword(ironKeysCrypto, PASSWORD, integrity, text),
      ).toEqual(
        await Iron.hmacWithPassword(webCrypto, PASSWORD, integrity, text),
      );
    }
  });

  it("seals without a Web Crypto job once the keys are known, and Web Crypto opens the seal", async () => {
    const options = {
      ...Iron.defaults,
      encryption: encryption(new Uint8Array(16)),
      integrity,
    };
    const password = { id: "1", secret: PASSWORD };
    delete (options.encryption as { iv?: Uint8Array }).iv;
    await Iron.seal(ironKeysCrypto, { warm: true }, password, options);
    const encrypt = vi.spyOn(webCrypto.subtle, "encrypt");
    const sign = vi.spyOn(webCrypto.subtle, "sign");
    const sealed = await Iron.seal(
      ironKeysCrypto,
      { csrf: "token" },
      password,
      options,
    );
    expect(encrypt).not.toHaveBeenCalled();
    expect(sign).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    expect(
      await Iron.unseal(webCrypto, sealed, { "1": PASSWORD }, Iron.defaults),
    ).toEqual({ csrf: "token" });
  });

  it("rejects a ciphertext that does not decrypt, as Web Crypto does", async () => {
    const iv = new Uint8Array(randomBytes(16));
    // Not a whole number of AES blocks: no key decrypts it.
    const garbage = new Uint8Array(randomBytes(33));
    // Warm the key, then both refuse the same bytes.
    await Iron.encrypt(ironKeysCrypto, PASSWORD, encryption(iv), "x");
    await expect(
      Iron.decrypt(webCrypto, PASSWORD, encryption(iv), garbage),
    ).rejects.toThrow();
    await expect(
      Iron.decrypt(ironKeysCrypto, PASSWORD, encryption(iv), garbage),
    ).rejects.toThrow();
  });
});
