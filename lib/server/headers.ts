/** Header the proxy sets to the path the client asked for (any client-sent copy is overwritten). */
export const ORIGINAL_PATH_HEADER = "x-auth-original-path";

/**
 * Header the proxy sets to the internal route a request goes to (`dispatch` or `not-found`, any
 * client-sent copy removed); next.config.ts's rewrites act on it (decision record 001).
 */
export const REWRITE_HEADER = "x-auth-rewrite";
