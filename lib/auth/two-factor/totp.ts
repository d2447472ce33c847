import "server-only";
import { HOTP, Secret, TOTP } from "otpauth";
import { safeEqual } from "@/lib/crypto/secrets";

/** RFC 6238 as every authenticator app reads it (decision record 023): SHA-1, 6 digits, 30 s. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** Steps of clock drift accepted either side of now. */
const DRIFT_STEPS = 1;
/** 160 bits, RFC 4226's recommended length (Fortify's default is 80). */
const SECRET_BYTES = 20;

/** A new shared secret, in base32 (what `GET two-factor-secret-key` shows). */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The time step (RFC 6238 counter) of an instant. */
function timeStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS);
}

/**
 * The time step a code belongs to, among now ± DRIFT_STEPS and after `lastStep` (a step already
 * used is never accepted again), or null. Every candidate is compared in constant time.
 */
export function matchTotp(
  secret: string,
  code: string,
  now: Date,
  lastStep: number | null,
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = Secret.fromBase32(secret);
  const current = timeStep(now);
  let matched: number | null = null;
  for (
    let step = current - DRIFT_STEPS;
    step <= current + DRIFT_STEPS;
    step++
  ) {
    const expected = HOTP.generate({
      secret: key,
      algorithm: "SHA1",
      digits: DIGITS,
      counter: step,
    });
    if (
      safeEqual(expected, code) &&
      matched === null &&
      (lastStep === null || step > lastStep)
    )
      matched = step;
  }
  return matched;
}

/** The `otpauth://` URL an authenticator app scans: issuer and account (the email) in its label. */
export function otpauthUrl(
  secret: string,
  issuer: string,
  account: string,
): string {
  return new TOTP({
    issuer,
    label: account,
    algorithm: "SHA1",
    digits: DIGITS,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  }).toString();
}
