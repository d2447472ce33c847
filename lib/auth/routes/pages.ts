/** Paths where a GET shows a screen of the front end while other methods reach the API (SPEC.md §4). */
export const PAGE_PATHS = new Set(["/auth/login", "/auth/register", "/auth/forgot-password"]);
