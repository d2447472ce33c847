import {
  ACTION_NAMES,
  AUTH_ACTIONS,
  type AuthAction,
} from "@/lib/contract/auth-actions";
import { AUTH_DEFAULTS } from "@/lib/config/auth-defaults";

/**
 * Paths where a GET shows a screen of the front end while other methods reach the API (docs/contract.md
 * §4): the actions the table marks `page`, at their default path, where the screens of app/auth
 * live whatever the configuration says (test/unit/auth-actions.test.ts checks the folders).
 */
const PAGE_PATHS = new Set(
  ACTION_NAMES.filter(
    (action) => (AUTH_ACTIONS[action] as AuthAction).page,
  ).map(
    (action) => `/${AUTH_DEFAULTS.routes.prefix}/${AUTH_ACTIONS[action].uri}`,
  ),
);

/** The reset screen the emailed link opens (`frontend.reset-password`'s default: app/auth/reset-password/[token]/[email]). */
const RESET_PAGE = new RegExp(
  `^/${AUTH_DEFAULTS.frontend["reset-password"].replace(/\{[a-z]+\}/g, "[^/]+")}$`,
);

/**
 * The page a sign-in link opens (app/auth/passwordless/[token]), under the passwordless request's
 * path: it holds the verify route's path too (`passwordless/verify`), so a POST there must reach
 * the dispatcher, not the page (decision record 111).
 */
const SIGN_IN_LINK_PAGE = new RegExp(
  `^/${AUTH_DEFAULTS.routes.prefix}/${AUTH_ACTIONS["passwordless-request"].uri}/[^/]+$`,
);

/** Whether a page of `app/auth` owns this path (for a GET), so the API route there cannot. */
export function isPagePath(path: string): boolean {
  const trimmed = path.replace(/\/$/, "");
  return (
    PAGE_PATHS.has(trimmed) ||
    RESET_PAGE.test(trimmed) ||
    SIGN_IN_LINK_PAGE.test(trimmed)
  );
}

/** Whether the path itself holds a secret (the reset screen's or a sign-in link's token): its screen sends no Referer. */
export function hasSecretInPath(path: string): boolean {
  const trimmed = path.replace(/\/$/, "");
  return RESET_PAGE.test(trimmed) || SIGN_IN_LINK_PAGE.test(trimmed);
}
