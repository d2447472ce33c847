import "server-only";
import type { Db } from "@/db/client";
import { hit, hitsSoFar, limiterKey } from "@/lib/auth/rate-limit";
import { DEVICE_INTERVAL_SECONDS } from "@/lib/oauth/device-codes";

/** RFC 8628 §3.5: each `slow_down` adds five seconds to the interval, for good. */
const SLOW_DOWN_SECONDS = 5;

// The slow_downs a device code was answered are counted in `rate_limits`, the database's counters
// that every instance shares, under a key of the code's id: Passport's `oauth_device_codes` has
// no interval column and gains none (decision record 081).
const slowDownsKey = (deviceCodeId: string) =>
  limiterKey("oauth-device-slow-down", deviceCodeId);

/** The seconds a device must now leave between two polls: five, and five more per slow_down. */
export async function pollingIntervalSeconds(
  db: Db,
  deviceCodeId: string,
  now: Date,
): Promise<number> {
  const slowDowns = await hitsSoFar(db, slowDownsKey(deviceCodeId), now);
  return DEVICE_INTERVAL_SECONDS + SLOW_DOWN_SECONDS * slowDowns;
}

/** Counts a `slow_down` for the rest of the device code's life (its window closes when the code expires). */
export async function recordSlowDown(
  db: Db,
  deviceCodeId: string,
  expiresAt: Date,
  now: Date,
): Promise<void> {
  const lifeLeftSeconds = Math.ceil(
    (expiresAt.getTime() - now.getTime()) / 1000,
  );
  await hit(db, slowDownsKey(deviceCodeId), Math.max(1, lifeLeftSeconds), now);
}
