import "server-only";
import type { Env } from "@/lib/env";
import { sha256Hex } from "@/lib/crypto/secrets";
import { writeThrottle } from "@/lib/server/write-throttle";
import type { SessionData } from "@/lib/server/session-store";

/** "Remember me": a session lives 30 days from its last activity (Laravel's remember cookie). */
export const REMEMBER_SECONDS = 30 * 24 * 60 * 60;

/**
 * A short digest of the password hash, kept in the session's row: a password change (here or
 * anywhere) ends every session signed in with the old one.
 */
export function passwordFingerprint(passwordHash: string): string {
  return sha256Hex(`fingerprint:${passwordHash}`).slice(0, 32);
}

/** How long a session lives from its last activity: 30 days when remembered, else SESSION_LIFETIME. */
export function lifetimeSeconds(data: SessionData, env: Env): number {
  return data.remember ? REMEMBER_SECONDS : env.SESSION_LIFETIME * 60;
}

/** Whether a session's row still signs its user in: not idle past its lifetime, same password. */
export function isLive(
  record: { data: SessionData; lastActivity: number },
  passwordHash: string,
  env: Env,
  nowSeconds: number,
): boolean {
  return (
    nowSeconds - record.lastActivity <= lifetimeSeconds(record.data, env) &&
    record.data.fingerprint === passwordFingerprint(passwordHash)
  );
}

// last_activity is refreshed at most this often, so reads stay reads; of concurrent requests
// that all see it stale, one writes it (decision record 010).
export const TOUCH_INTERVAL_SECONDS = 60;
const touches = writeThrottle(TOUCH_INTERVAL_SECONDS * 1000);

/** Whether this request is the one to refresh the row's last_activity. */
export function claimTouch(
  id: string,
  lastActivity: number,
  nowSeconds: number,
): boolean {
  return (
    nowSeconds - lastActivity > TOUCH_INTERVAL_SECONDS &&
    touches.claim(id, nowSeconds * 1000)
  );
}
