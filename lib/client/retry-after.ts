import type { Translate } from "@/lib/client/i18n";

/** Seconds from a `Retry-After` header (delta-seconds or an HTTP date); null when absent or unreadable. */
export function parseRetryAfter(
  header: string | null,
  now: Date = new Date(),
): number | null {
  if (!header) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now.getTime()) / 1000));
}

/**
 * What a 429 tells a person: when to try again, in their language; whole minutes from two
 * minutes on (decision record 069).
 */
export function tooManyAttemptsMessage(
  t: Translate,
  retryAfterSeconds: number | null,
): string {
  if (retryAfterSeconds === null || retryAfterSeconds <= 0)
    return t("Too many attempts. Try again later.");
  if (retryAfterSeconds === 1)
    return t("Too many attempts. Try again in 1 second.");
  if (retryAfterSeconds < 120)
    return t("Too many attempts. Try again in :seconds seconds.", {
      seconds: retryAfterSeconds,
    });
  return t("Too many attempts. Try again in :minutes minutes.", {
    minutes: Math.ceil(retryAfterSeconds / 60),
  });
}
