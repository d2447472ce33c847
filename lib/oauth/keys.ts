import "server-only";
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  type KeyObject,
} from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import {
  decodeProtectedHeader,
  errors as joseErrors,
  exportJWK,
  type JWK,
} from "jose";
import type { Env } from "@/lib/env";
import { HttpError } from "@/lib/http/errors";
import { log } from "@/lib/observability/request-scope";
import {
  KEY_FILES,
  keyFile,
  makeKeyPair,
  writeKeyFiles,
} from "@/lib/oauth/key-files";

export { KEY_FILES } from "@/lib/oauth/key-files";

type PublishedKey = {
  publicKey: KeyObject;
  /** The public key as a JWK with its `kid` (the JWKS document). */
  jwk: JWK & { kid: string };
};

export type OAuthKeys = PublishedKey & {
  privateKey: KeyObject;
  /** The key a rotation replaced, while it is still configured: tokens it signed still verify. */
  previous: PublishedKey | null;
};

type KeyEnv = Pick<
  Env,
  | "PASSPORT_PRIVATE_KEY"
  | "PASSPORT_PUBLIC_KEY"
  | "PASSPORT_PREVIOUS_PUBLIC_KEY"
  | "DATA_DIR"
  | "isProduction"
>;

/** A PEM from the environment: `.env` files often carry it on one line with literal `\n`. */
const pem = (value: string) => value.replace(/\\n/g, "\n");

/**
 * A production server without its keys: OAuth's routes answer a precise 503 (never a 500), and
 * the operator reads what to set once in the log; the rest of the application keeps working.
 */
export class OAuthKeysMissing extends HttpError {
  readonly detail = `OAuth needs its keys: set PASSPORT_PRIVATE_KEY and PASSPORT_PUBLIC_KEY, or run \`npm run auth -- oauth:keys\` to put ${KEY_FILES.private} and ${KEY_FILES.public} in DATA_DIR (docs/oauth-and-openid-connect.md)`;

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
  const privateFile = keyFile(env.DATA_DIR, "private");
  const publicFile = keyFile(env.DATA_DIR, "public");
  if (existsSync(privateFile) && existsSync(publicFile))
    return {
      privatePem: readFileSync(privateFile, "utf8"),
      publicPem: readFileSync(publicFile, "utf8"),
    };
  if (env.isProduction) throw new OAuthKeysMissing();
  // Development: made once, as `php artisan passport:keys` would (2048 bits, to start fast).
  const pair = makeKeyPair(2048);
  try {
    writeKeyFiles(env.DATA_DIR, pair, { exclusive: true });
  } catch {
    // Another process wrote them first: use theirs.
    return readPair(env);
  }
  return { privatePem: pair.privateKey, publicPem: pair.publicKey };
}

/** The replaced public key, from the environment or beside the pair; null when none is kept. */
function readPrevious(env: KeyEnv): string | null {
  if (env.PASSPORT_PREVIOUS_PUBLIC_KEY)
    return pem(env.PASSPORT_PREVIOUS_PUBLIC_KEY);
  if (env.PASSPORT_PRIVATE_KEY) return null;
  const file = keyFile(env.DATA_DIR, "previousPublic");
  return existsSync(file) ? readFileSync(file, "utf8") : null;
}

async function published(publicKey: KeyObject): Promise<PublishedKey> {
  const exported = await exportJWK(publicKey);
  // RFC 7638-like: a stable id from the modulus, so a rotated key gets a new one.
  const kid = createHash("sha256")
    .update(exported.n ?? "")
    .digest("base64url")
    .slice(0, 16);
  return { publicKey, jwk: { ...exported, kid, alg: "RS256", use: "sig" } };
}

async function load(env: KeyEnv): Promise<OAuthKeys> {
  const { privatePem, publicPem } = readPair(env);
  const previousPem = readPrevious(env);
  return {
    privateKey: createPrivateKey(privatePem),
    ...(await published(createPublicKey(publicPem))),
    previous: previousPem
      ? await published(createPublicKey(previousPem))
      : null,
  };
}

/** Every key a token of ours may be signed with, the current first: the JWKS document's keys. */
export function publishedKeys(keys: OAuthKeys): PublishedKey[] {
  return keys.previous ? [keys, keys.previous] : [keys];
}

/**
 * Verifies a JWS of ours with the key its `kid` names, or, for a token with none (Passport's
 * format, and ours outside a rotation), with each published key in turn, the current first.
 * jose's "no matching key" for a `kid` that is not ours.
 */
export async function withOurKey<T>(
  keys: OAuthKeys,
  jws: string,
  verify: (key: KeyObject) => Promise<T>,
): Promise<T> {
  let kid: string | undefined;
  try {
    ({ kid } = decodeProtectedHeader(jws));
  } catch {
    // Not a JWS at all: jose's own error, which callers already treat as "not ours".
    throw new joseErrors.JWSInvalid("not a JWS");
  }
  const candidates = publishedKeys(keys).filter(
    ({ jwk }) => kid === undefined || jwk.kid === kid,
  );
  if (candidates.length === 0) throw new joseErrors.JWKSNoMatchingKey();
  let failure: unknown;
  for (const { publicKey } of candidates) {
    try {
      return await verify(publicKey);
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}

/**
 * The `kid` our tokens carry: none while one key is published, so that they stay Passport's
 * format (`{typ, alg}`), and the signing key's during a rotation, when a verifier holding the
 * JWKS must pick one of two (decision record 092).
 */
export const signingKid = (keys: OAuthKeys) =>
  keys.previous ? { kid: keys.jwk.kid } : {};

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
