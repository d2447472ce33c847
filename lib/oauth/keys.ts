import "server-only";
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { exportJWK, type JWK } from "jose";
import type { Env } from "@/lib/env";
import { HttpError } from "@/lib/http/errors";
import { log } from "@/lib/observability/request-scope";

export type OAuthKeys = {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The public key as a JWK with its `kid` (the JWKS document). */
  jwk: JWK & { kid: string };
};

type KeyEnv = Pick<
  Env,
  "PASSPORT_PRIVATE_KEY" | "PASSPORT_PUBLIC_KEY" | "DATA_DIR" | "isProduction"
>;

/** A PEM from the environment: `.env` files often carry it on one line with literal `\n`. */
const pem = (value: string) => value.replace(/\\n/g, "\n");

/** Passport's `passport:keys` file names, in DATA_DIR (its `storage/`). */
export const KEY_FILES = {
  private: "oauth-private.key",
  public: "oauth-public.key",
} as const;

/**
 * A production server without its keys: OAuth's routes answer a precise 503 (never a 500), and
 * the operator reads what to set once in the log; the rest of the application keeps working.
 */
export class OAuthKeysMissing extends HttpError {
  readonly detail = `OAuth needs its keys: set PASSPORT_PRIVATE_KEY and PASSPORT_PUBLIC_KEY, or put ${KEY_FILES.private} and ${KEY_FILES.public} in DATA_DIR (docs/oauth-and-openid-connect.md)`;

  constructor() {
    super(503, "The OAuth server is not configured.");
    this.name = "OAuthKeysMissing";
    log().error({ event: "oauth-keys-missing" }, this.detail);
  }
}

function readPair(env: KeyEnv): { privatePem: string; publicPem: string } {
  if (env.PASSPORT_PRIVATE_KEY && env.PASSPORT_PUBLIC_KEY)
    return {
      privatePem: pem(env.PASSPORT_PRIVATE_KEY),
      publicPem: pem(env.PASSPORT_PUBLIC_KEY),
    };
  const privateFile = path.join(env.DATA_DIR, KEY_FILES.private);
  const publicFile = path.join(env.DATA_DIR, KEY_FILES.public);
  if (existsSync(privateFile) && existsSync(publicFile))
    return {
      privatePem: readFileSync(privateFile, "utf8"),
      publicPem: readFileSync(publicFile, "utf8"),
    };
  if (env.isProduction) throw new OAuthKeysMissing();
  // Development: made once, as `php artisan passport:keys` would (2048 bits, to start fast).
  const pair = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  mkdirSync(env.DATA_DIR, { recursive: true });
  try {
    writeFileSync(privateFile, pair.privateKey, { mode: 0o600, flag: "wx" });
    writeFileSync(publicFile, pair.publicKey, { mode: 0o644, flag: "wx" });
  } catch {
    // Another process wrote them first: use theirs.
    return readPair(env);
  }
  return { privatePem: pair.privateKey, publicPem: pair.publicKey };
}

async function load(env: KeyEnv): Promise<OAuthKeys> {
  const { privatePem, publicPem } = readPair(env);
  const privateKey = createPrivateKey(privatePem);
  const publicKey = createPublicKey(publicPem);
  const exported = await exportJWK(publicKey);
  // RFC 7638-like: a stable id from the modulus, so a rotated key gets a new one.
  const kid = createHash("sha256")
    .update(exported.n ?? "")
    .digest("base64url")
    .slice(0, 16);
  return {
    privateKey,
    publicKey,
    jwk: { ...exported, kid, alg: "RS256", use: "sig" },
  };
}

const loaded = new WeakMap<KeyEnv, Promise<OAuthKeys>>();

/** The signing keys, read once per environment: only OAuth's routes and JWT bearer tokens need them. */
export function oauthKeys(env: KeyEnv): Promise<OAuthKeys> {
  let keys = loaded.get(env);
  if (!keys) {
    keys = load(env);
    loaded.set(env, keys);
    // A failure is not cached: the operator may add the keys without a restart.
    keys.catch(() => loaded.delete(env));
  }
  return keys;
}
