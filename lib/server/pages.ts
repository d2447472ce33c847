/** Paths where a GET shows a screen of the front end while other methods reach the API (SPEC.md §4). */
const PAGE_PATHS = new Set(["/auth/login", "/auth/register", "/auth/forgot-password", "/auth/two-factor-challenge"]);

/** The reset screen the emailed link opens (`app/auth/reset-password/[token]/[email]`). */
const RESET_PAGE = /^\/auth\/reset-password\/[^/]+\/[^/]+$/;

/** Whether a page of `app/auth` owns this path (for a GET), so the API route there cannot. */
export function isPagePath(path: string): boolean {
  const trimmed = path.replace(/\/$/, "");
  return PAGE_PATHS.has(trimmed) || RESET_PAGE.test(trimmed);
}

/** Whether the path itself holds a secret (the reset screen's token): its screen sends no Referer. */
export function hasSecretInPath(path: string): boolean {
  return RESET_PAGE.test(path.replace(/\/$/, ""));
}
