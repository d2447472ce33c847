import "server-only";
import { randomInt } from "node:crypto";
import { safeEqual } from "@/lib/crypto/secrets";

/** Fortify's recovery codes: 8 of `Str::random(10)-Str::random(10)` (decision record 023). */
const RECOVERY_CODE_COUNT = 8;
const ALPHABET =
  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

function randomPart(length: number): string {
  let part = "";
  for (let i = 0; i < length; i++) part += ALPHABET[randomInt(ALPHABET.length)];
  return part;
}

function newRecoveryCode(): string {
  return `${randomPart(10)}-${randomPart(10)}`;
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
}

/** The codes as Fortify stores them before encryption: a JSON array. Anything else reads as none. */
export function parseRecoveryCodes(json: string): string[] {
  try {
    const codes: unknown = JSON.parse(json);
    return Array.isArray(codes)
      ? codes.filter((code): code is string => typeof code === "string")
      : [];
  } catch {
    return [];
  }
}

/** The list with `used` replaced by a fresh code (Fortify's `replaceRecoveryCode`), or null when `used` is not in it. */
export function replaceRecoveryCode(
  codes: string[],
  used: string,
): string[] | null {
  let index = -1;
  // Every code is compared, so the time taken says nothing about which one matched.
  codes.forEach((code, i) => {
    if (safeEqual(code, used.trim()) && index === -1) index = i;
  });
  if (index === -1) return null;
  return codes.map((code, i) => (i === index ? newRecoveryCode() : code));
}
