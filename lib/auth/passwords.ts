import "server-only";
import { bcryptCompare, bcryptHash } from "@/lib/auth/hashing-pool";
import { randomToken } from "@/lib/crypto/secrets";
import { metrics } from "@/lib/observability/metrics";
import { log } from "@/lib/observability/request-scope";
import type { Context } from "@/lib/server/context";

// Laravel writes `$2y$` hashes; bcrypt's `$2b$` is the same algorithm under another name.
const toNative = (hash: string) =>
  hash.startsWith("$2y$") ? `$2b$${hash.slice(4)}` : hash;
const toLaravel = (hash: string) =>
  hash.startsWith("$2b$") ? `$2y$${hash.slice(4)}` : hash;

/**
 * Hashes a password as Laravel does (`$2y$`, cost `rounds`). Native bcrypt runs on worker
 * threads of lower priority (lib/auth/hashing-pool.ts), so the event loop keeps serving other
 * requests meanwhile, and libuv's thread pool stays free for crypto and files.
 */
export async function hashPassword(
  plain: string,
  rounds: number,
): Promise<string> {
  return toLaravel(await bcryptHash(plain, rounds));
}

// A whole bcrypt hash: prefix, cost, then 22 characters of salt and 31 of digest.
const BCRYPT_HASH = /^\$2[aby]\$(\d\d)\$[./A-Za-z0-9]{53}$/;

/** Checks a password against a `$2y$`/`$2b$`/`$2a$` hash; anything else never matches. */
export async function verifyPassword(
  plain: string,
  hash: string,
): Promise<boolean> {
  const cost = BCRYPT_HASH.exec(hash)?.[1];
  if (cost === undefined) return false;
  // Counted by cost: every refusal costs the same bcrypt work (decision records 005, 028).
  metrics().passwordChecks.inc({ cost });
  return bcryptCompare(plain, toNative(hash));
}

const dummyHashes = new Map<number, Promise<string>>();

/**
 * A hash to check against when the account does not exist, so an unknown email costs the same
 * bcrypt work as a wrong password (no timing oracle for account existence).
 */
export function dummyHash(rounds: number): Promise<string> {
  let hash = dummyHashes.get(rounds);
  if (!hash) {
    hash = hashPassword("not-a-real-password", rounds);
    dummyHashes.set(rounds, hash);
  }
  return hash;
}

/** Said once per account and process: an imported row (Laravel's argon, say) that bcrypt cannot read. */
function reportUnreadableHash(
  reported: Set<number>,
  userId: number | undefined,
): void {
  if (userId === undefined || reported.has(userId)) return;
  reported.add(userId);
  log().warn(
    { user_id: userId },
    "stored password hash is not bcrypt: the account cannot sign in until it resets its password (docs/moving-from-laravel.md)",
  );
}

/**
 * Verifies against the user's hash, or burns the same time against a dummy when there is no user
 * or the stored hash is not one bcrypt reads: every refusal costs one bcrypt check, so the time
 * tells nothing of the account (decision record 028).
 */
export async function checkCredentials(
  ctx: Pick<Context, "config" | "services">,
  user: { id?: number; password: string } | null | undefined,
  plain: string,
): Promise<boolean> {
  const rounds = ctx.config.hashing.rounds;
  if (user && !BCRYPT_HASH.test(user.password)) {
    await verifyPassword(plain, await dummyHash(rounds));
    reportUnreadableHash(ctx.services.reportedUnreadableHashes, user.id);
    return false;
  }
  const matches = await verifyPassword(
    plain,
    user?.password ?? (await dummyHash(rounds)),
  );
  return Boolean(user) && matches;
}

// The digest an unusable password carries in place of bcrypt's: a hash whose digest is this is
// recognised as "no password" (decision record 107). bcrypt never gives it back for any password
// (a chance of 2^-184), so the check fails as any wrong password does, at the same cost.
const NO_PASSWORD_DIGEST = "NO.PASSWORD.SET.SEE.RECORD.107.";

/**
 * A password nobody knows, at the configured cost, so signing in with it fails like any wrong
 * password (same time, 422, never a 500, and a Laravel application on the same table refuses it
 * too): a real bcrypt salt with a digest no password yields. The owner sets a real one through
 * forgot-password or the Security screen's "Set a password" (decision record 107).
 */
export async function unusablePasswordHash(rounds: number): Promise<string> {
  const salted = await hashPassword(randomToken(32), rounds);
  return `${salted.slice(0, -NO_PASSWORD_DIGEST.length)}${NO_PASSWORD_DIGEST}`;
}

/** False for an account made without a password (a passkey or a provider), until one is set. */
export function hasUsablePassword(hash: string): boolean {
  return !(BCRYPT_HASH.test(hash) && hash.endsWith(NO_PASSWORD_DIGEST));
}
