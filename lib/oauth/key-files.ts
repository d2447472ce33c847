import { generateKeyPairSync } from "node:crypto";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  renameSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { KEY_FILES } from "@/lib/oauth/key-file-names";

export { KEY_FILES } from "@/lib/oauth/key-file-names";

/** Passport's `--length` default: `passport:keys` makes 4096-bit RSA keys. */
export const DEFAULT_KEY_BITS = 4096;

export type KeyPair = { privateKey: string; publicKey: string };

/** A new RSA pair in PEM (PKCS#8 and SPKI, which Passport's own `passport:keys` also reads). */
export function makeKeyPair(bits: number = DEFAULT_KEY_BITS): KeyPair {
  return generateKeyPairSync("rsa", {
    modulusLength: bits,
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
}

/**
 * A key file's path. `dir` is known only at run time (DATA_DIR): the comment tells the bundler's
 * file tracing not to follow it, which would otherwise copy the whole project into the
 * standalone build.
 */
export const keyFile = (dir: string, name: keyof typeof KEY_FILES): string =>
  path.join(/* turbopackIgnore: true */ dir, KEY_FILES[name]);

/** Both files of the pair in `dir`, by what `passport:keys` checks: either one exists. */
export function keyFilesExist(dir: string): boolean {
  return (
    existsSync(keyFile(dir, "private")) || existsSync(keyFile(dir, "public"))
  );
}

/**
 * Writes the pair at mode 0600 (the server reads them as its own user; nobody else needs them).
 * `exclusive`: fails when a file exists, so two processes making keys at once keep one pair.
 * `rotate`: the current public key first becomes the previous one, published beside the new
 * key until the tokens it signed have expired (decision record 092).
 */
export function writeKeyFiles(
  dir: string,
  pair: KeyPair,
  options: { exclusive?: boolean; rotate?: boolean } = {},
): void {
  mkdirSync(dir, { recursive: true });
  const file = (name: keyof typeof KEY_FILES) => keyFile(dir, name);
  if (options.rotate && existsSync(file("public")))
    renameSync(file("public"), file("previousPublic"));
  const flag = options.exclusive ? "wx" : "w";
  writeFileSync(file("private"), pair.privateKey, { mode: 0o600, flag });
  writeFileSync(file("public"), pair.publicKey, { mode: 0o600, flag });
  // An overwritten file keeps its old mode: set it whatever was there.
  chmodSync(file("private"), 0o600);
  chmodSync(file("public"), 0o600);
}
