/** Where a sign-in goes when no usable `redirect` was given (contract §4 rule 7). */
export const DEFAULT_AFTER_SIGN_IN = "/admin";

/**
 * contract §4 rule 7: only an internal path — starting with `/`, not `//` or `/\` — is followed.
 * Control characters are refused too: browsers drop tabs and newlines, so `/\t/evil` is `//evil`.
 */
export function safeRedirect(
  target: string | null | undefined,
  fallback = DEFAULT_AFTER_SIGN_IN,
): string {
  if (!target || !target.startsWith("/")) return fallback;
  if (target.startsWith("//") || target.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f\u007f]/.test(target)) return fallback;
  return target;
}

/** The login screen that comes back to `path` afterwards. */
export function loginPathFor(path: string): string {
  return `/auth/login?redirect=${encodeURIComponent(path)}`;
}
