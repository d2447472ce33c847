import "server-only";
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * AES-256-GCM for what the queue keeps at rest (decision record 004): `v1.<iv>.<ciphertext>.<tag>`
 * in base64url. `context` (the job's uuid) is authenticated with it, so a sealed body cannot be
 * moved to another job. The 32-byte key comes from the caller (derived from SESSION_SECRET).
 */
const VERSION = "v1";

export function seal(key: Buffer, plain: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv, body, cipher.getAuthTag()]
    .map((part) =>
      typeof part === "string" ? part : part.toString("base64url"),
    )
    .join(".");
}

/** The plain text; throws on another key, another context or any alteration. */
export function unseal(key: Buffer, sealed: string, context: string): string {
  const [version, iv, body, tag] = sealed.split(".");
  if (
    version !== VERSION ||
    iv === undefined ||
    body === undefined ||
    tag === undefined
  )
    throw new Error("not a sealed payload");
  const decipher = createDecipheriv(
    "aes-256-gcm",
    key,
    Buffer.from(iv, "base64url"),
  );
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([
    decipher.update(Buffer.from(body, "base64url")),
    decipher.final(),
  ]).toString("utf8");
}
