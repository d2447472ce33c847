import { type RouteAbility } from "@/lib/contract/token-abilities";
import type { CredentialClass } from "@/lib/contract/credential-classes";
import type { ChallengeWhen } from "@/lib/contract/auth/challenge";
import type { HttpMethod, RouteContract } from "@/lib/contract/route-contract";
import { CONTRACT_ACTIONS } from "@/lib/contract/auth-actions-contract";
import { FORTIFY_ACTIONS } from "@/lib/contract/auth-actions-fortify";
import { PASSKEY_ACTIONS } from "@/lib/contract/auth-actions-passkeys";
import { PASSWORDLESS_ACTIONS } from "@/lib/contract/auth-actions-passwordless";
import { PASSKEY_FIRST_ACTIONS } from "@/lib/contract/auth-actions-passkey-first";

export type { HttpMethod };

/**
 * One auth action: its method, default URI (under `routes.prefix`), default name (after
 * `routes.as`), default middleware, what a bearer token needs to call it (decision record 011),
 * the redirect after it for a request that is not JSON (contract §1), what it does to the ways into
 * the account (its credential class: the step-up, session-only, impersonation and notice rules the
 * pipeline applies; decision record 028), and whether a screen of the front end shares its default
 * path (a GET there shows the page; decision record 001). Its `input` and `output` are the wire
 * shapes the OpenAPI description, the typed client (lib/client/api.ts) and the http tests read
 * (decision record 062); `openBeforeEnrolment` keeps it reachable by a user who must still set up
 * a second factor (decision record 023).
 */
export type AuthAction = RouteContract & {
  method: HttpMethod;
  uri: string;
  name: string;
  middleware: readonly string[];
  ability: RouteAbility;
  /** The scopes through which an app's token reaches it when `ability` is null (decision record 082). */
  appScopes?: readonly string[];
  credential: CredentialClass;
  /** When it asks for a solved proof-of-work challenge, while they are on (decision record 108). */
  challenge?: ChallengeWhen;
  redirect: string;
  page?: true;
  openBeforeEnrolment?: true;
};

/**
 * The route table of the auth actions (decision record 017): the eighteen of contract §4 in its
 * order, then Laravel Fortify's second factor, password confirmation and browser sessions, then
 * laravel/passkeys-server's passkeys, then sign-in by an emailed link or code, then passkey-first accounts. URIs, names, middleware and redirects are only defaults:
 * the configuration (`routes.*`, lib/config/auth-defaults.ts) may change them; method and ability
 * are fixed, so overriding a route's middleware never drops its ability. Which endpoint serves
 * each action is bound at the composition root (`ACTION_ENDPOINTS`, lib/runtime/routes.ts). A
 * fixed URI comes before a template that would match it.
 */
export const AUTH_ACTIONS = {
  ...CONTRACT_ACTIONS,
  ...FORTIFY_ACTIONS,
  ...PASSKEY_ACTIONS,
  ...PASSWORDLESS_ACTIONS,
  ...PASSKEY_FIRST_ACTIONS,
} as const satisfies Record<string, AuthAction>;

export type ActionName = keyof typeof AUTH_ACTIONS;

export type ActionMap<T> = Record<ActionName, T>;

export const ACTION_NAMES = Object.keys(AUTH_ACTIONS) as ActionName[];

/** One column of the table, keyed by action: the configuration's defaults are read this way. */
export function actionColumn<K extends keyof AuthAction>(
  column: K,
): ActionMap<AuthAction[K]> {
  return Object.fromEntries(
    ACTION_NAMES.map((action) => [
      action,
      (AUTH_ACTIONS[action] as AuthAction)[column],
    ]),
  ) as ActionMap<AuthAction[K]>;
}
