import "server-only";

/** The claims the bearer guard reads after a token's signature was verified. */
export type VerifiedClaims = {
  jti: unknown;
  aud: unknown;
  /** Seconds since the epoch, as in the token. */
  exp?: number;
  nbf?: number;
};

/**
 * Enough for every token in use on one instance at a time; past it the oldest entry goes.
 * An access token is at most a few kilobytes: the cache stays within a few tens of megabytes.
 */
const MAX_ENTRIES = 10_000;

const byKey = new WeakMap<object, Map<string, VerifiedClaims>>();

/**
 * Access tokens whose RS256 signature this process already verified under `keys`, with
 * their claims (decision record 077): a token is the same bytes on every request, so its
 * signature, the most costly step of the bearer guard, is checked once. Its time window is
 * checked on every request (`isCurrent`), and the row (revoked or not) is always read.
 */
export function verifiedSignatures(keys: object): Map<string, VerifiedClaims> {
  let cache = byKey.get(keys);
  if (!cache) {
    cache = new Map();
    byKey.set(keys, cache);
  }
  return cache;
}

export function remember(
  cache: Map<string, VerifiedClaims>,
  jwt: string,
  claims: VerifiedClaims,
): void {
  if (cache.size >= MAX_ENTRIES) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  cache.set(jwt, claims);
}

/** jose's rule for `exp` and `nbf`, with no clock tolerance: valid from `nbf`, until before `exp`. */
export function isCurrent(claims: VerifiedClaims, now: Date): boolean {
  const seconds = Math.floor(now.getTime() / 1000);
  if (typeof claims.exp === "number" && claims.exp <= seconds) return false;
  if (typeof claims.nbf === "number" && claims.nbf > seconds) return false;
  return true;
}
