import { type RouteAbility, SESSION_ONLY } from "@/lib/config/token-abilities";
import type { CredentialClass } from "@/lib/config/credential-classes";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * One auth action: its method, default URI (under `routes.prefix`), default name (after
 * `routes.as`), default middleware, what a bearer token needs to call it (decision record 011),
 * the redirect after it for a request that is not JSON (SPEC.md §1), what it does to the ways into
 * the account (its credential class: the step-up, session-only, impersonation and notice rules the
 * pipeline applies; decision record 028), and whether a screen of the front end shares its default
 * path (a GET there shows the page; decision record 001).
 */
export type AuthAction = {
  method: HttpMethod;
  uri: string;
  name: string;
  middleware: readonly string[];
  ability: RouteAbility;
  credential: CredentialClass;
  redirect: string;
  page?: true;
};

/**
 * The route table of the auth actions (decision record 017): the eighteen of SPEC.md §4 in its
 * order, then Laravel Fortify's second factor, password confirmation and browser sessions, then
 * laravel/passkeys-server's passkeys. URIs, names, middleware and redirects are only defaults:
 * the configuration (`routes.*`, lib/config/auth-defaults.ts) may change them; method and ability
 * are fixed, so overriding a route's middleware never drops its ability. Which endpoint serves
 * each action is bound at the composition root (`ACTION_ENDPOINTS`, lib/runtime/routes.ts). A
 * fixed URI comes before a template that would match it.
 */
export const AUTH_ACTIONS = {
  // SPEC.md §4, in its order. `page`: a screen of app/auth answers a GET at the default path.
  login: {
    method: "POST",
    uri: "login",
    name: "login",
    middleware: ["guest", "throttle:login"],
    ability: null,
    credential: "none",
    redirect: "/admin",
    page: true,
  },
  register: {
    method: "POST",
    uri: "register",
    name: "register",
    middleware: ["guest", "throttle:register"],
    ability: null,
    credential: "none",
    redirect: "/admin",
    page: true,
  },
  // A bearer token signs out by revoking itself.
  logout: {
    method: "POST",
    uri: "logout",
    name: "logout",
    middleware: ["auth:sanctum"],
    ability: "tokens:write",
    credential: "none",
    redirect: "/",
  },
  "get-auth": {
    method: "GET",
    uri: "get-auth",
    name: "get.auth",
    middleware: [],
    ability: null,
    credential: "none",
    redirect: "/",
  },
  "forgot-password": {
    method: "POST",
    uri: "forgot-password",
    name: "forgot.password",
    middleware: ["guest", "throttle:forgot-password"],
    ability: null,
    credential: "none",
    redirect: "/",
    page: true,
  },
  "reset-password": {
    method: "POST",
    uri: "reset-password",
    name: "reset.password",
    middleware: ["guest"],
    ability: null,
    credential: "recovers",
    redirect: "/auth/login",
  },
  "update-password": {
    method: "POST",
    uri: "update-password",
    name: "update.password",
    middleware: ["auth:sanctum", "throttle:password"],
    ability: SESSION_ONLY,
    credential: "changes-with-password",
    redirect: "/admin",
  },
  "email-verification-notification": {
    method: "POST",
    uri: "email-verification-notification",
    name: "email.verification.notification",
    middleware: ["auth:sanctum", "throttle:6,1"],
    ability: "user:write",
    credential: "none",
    redirect: "/admin",
  },
  // SPEC.md §4 rule 5: the signed link needs a session (its guard is `auth:web`).
  "verification-verify": {
    method: "GET",
    uri: "email/verify/{id}/{hash}",
    name: "verification.verify",
    middleware: ["auth:web", "signed", "throttle:6,1"],
    ability: SESSION_ONLY,
    credential: "none",
    redirect: "/admin",
  },
  // Signs in with email and password, never with the caller's token. The request's password is
  // the proof, from a session too: no step-up besides (decision record 045).
  "create-token": {
    method: "POST",
    uri: "create-token",
    name: "create.token",
    middleware: ["throttle:6,1", "throttle:credentials"],
    ability: null,
    credential: "adds-with-password",
    redirect: "/",
  },
  // Lists the caller's tokens: a read.
  tokens: {
    method: "POST",
    uri: "tokens",
    name: "tokens",
    middleware: ["auth:sanctum"],
    ability: null,
    credential: "none",
    redirect: "/",
  },
  "revoke-token": {
    method: "POST",
    uri: "revoke-token",
    name: "revoke.token",
    middleware: ["auth:sanctum"],
    ability: "tokens:write",
    credential: "revokes-tokens",
    redirect: "/",
  },
  "flush-tokens": {
    method: "POST",
    uri: "flush-tokens",
    name: "flush.tokens",
    middleware: ["auth:sanctum"],
    ability: "tokens:write",
    credential: "revokes-tokens",
    redirect: "/",
  },
  // A new secret for a token, the old one valid for a grace (decision record 045).
  "roll-token": {
    method: "POST",
    uri: "roll-token",
    name: "roll.token",
    middleware: ["auth:sanctum"],
    ability: "tokens:write",
    credential: "rotates",
    redirect: "/",
  },
  "socialite-redirect": {
    method: "GET",
    uri: "social/{provider}/redirect",
    name: "socialite.redirect",
    middleware: ["guest"],
    ability: null,
    credential: "none",
    redirect: "/",
  },
  "socialite-callback": {
    method: "GET",
    uri: "social/{provider}/callback",
    name: "socialite.callback",
    middleware: ["guest"],
    ability: null,
    credential: "none",
    redirect: "/admin",
  },
  // SPEC.md §5 rule 5: impersonation needs a session.
  impersonate: {
    method: "POST",
    uri: "impersonate",
    name: "impersonate",
    middleware: ["auth:sanctum"],
    ability: SESSION_ONLY,
    credential: "administers",
    redirect: "/",
  },
  "impersonate-token": {
    method: "GET",
    uri: "impersonate/{token}",
    name: "impersonate.token",
    middleware: ["auth:sanctum"],
    ability: SESSION_ONLY,
    credential: "administers",
    redirect: "/admin",
  },
  // SPEC.md §9: since 6.1 only POST; a GET answers 405.
  "revert-impersonate": {
    method: "POST",
    uri: "revert-impersonate",
    name: "revert.impersonate",
    middleware: ["auth:sanctum"],
    ability: SESSION_ONLY,
    credential: "none",
    redirect: "/admin",
  },
  // Laravel Fortify's routes (decision records 023–024). The challenge counts its attempts per
  // pending sign-in and per account itself; enrolment is behind a recent password confirmation
  // (Fortify's `confirmPassword` option). A token neither enrols nor confirms a password, and never
  // sees the secret or the recovery codes; any token may read the step-up's status and the sessions.
  "two-factor-challenge": {
    method: "POST",
    uri: "two-factor-challenge",
    name: "two-factor.login",
    middleware: ["guest", "throttle:two-factor"],
    ability: null,
    credential: "none",
    redirect: "/admin",
    page: true,
  },
  "two-factor-enable": {
    method: "POST",
    uri: "user/two-factor-authentication",
    name: "two-factor.enable",
    middleware: ["auth:sanctum"],
    ability: SESSION_ONLY,
    credential: "adds",
    redirect: "/admin/profile",
  },
  "two-factor-confirm": {
    method: "POST",
    uri: "user/confirmed-two-factor-authentication",
    name: "two-factor.confirm",
    middleware: ["auth:sanctum", "throttle:password"],
    ability: SESSION_ONLY,
    credential: "adds",
    redirect: "/admin/profile",
  },
  "two-factor-disable": {
    method: "DELETE",
    uri: "user/two-factor-authentication",
    name: "two-factor.disable",
    middleware: ["auth:sanctum"],
    ability: SESSION_ONLY,
    credential: "removes",
    redirect: "/admin/profile",
  },
  "two-factor-qr-code": {
    method: "GET",
    uri: "user/two-factor-qr-code",
    name: "two-factor.qr-code",
    middleware: ["auth:sanctum"],
    ability: SESSION_ONLY,
    credential: "reveals",
    redirect: "/admin/profile",
  },
  "two-factor-secret-key": {
    method: "GET",
    uri: "user/two-factor-secret-key",
    name: "two-factor.secret-key",
    middleware: ["auth:sanctum"],
    ability: SESSION_ONLY,
    credential: "reveals",
    redirect: "/admin/profile",
  },
  "two-factor-recovery-codes": {
    method: "GET",
    uri: "user/two-factor-recovery-codes",
    name: "two-factor.recovery-codes",
    middleware: ["auth:sanctum"],
    ability: SESSION_ONLY,
    credential: "reveals",
    redirect: "/admin/profile",
  },
  "two-factor-regenerate-recovery-codes": {
    method: "POST",
    uri: "user/two-factor-recovery-codes",
    name: "two-factor.regenerate-recovery-codes",
    middleware: ["auth:sanctum"],
    ability: SESSION_ONLY,
    credential: "adds",
    redirect: "/admin/profile",
  },
  "confirm-password": {
    method: "POST",
    uri: "user/confirm-password",
    name: "password.confirm",
    middleware: ["auth:sanctum", "throttle:password"],
    ability: SESSION_ONLY,
    credential: "none",
    redirect: "/admin/profile",
  },
  "confirmed-password-status": {
    method: "GET",
    uri: "user/confirmed-password-status",
    name: "password.confirmation",
    middleware: ["auth:sanctum"],
    ability: null,
    credential: "none",
    redirect: "/admin/profile",
  },
  sessions: {
    method: "GET",
    uri: "user/sessions",
    name: "sessions.index",
    middleware: ["auth:sanctum"],
    ability: null,
    credential: "none",
    redirect: "/admin/profile",
  },
  "session-destroy": {
    method: "DELETE",
    uri: "user/sessions/{id}",
    name: "sessions.destroy",
    middleware: ["auth:sanctum"],
    ability: SESSION_ONLY,
    credential: "removes",
    redirect: "/admin/profile",
  },
  "other-browser-sessions": {
    method: "DELETE",
    uri: "user/other-browser-sessions",
    name: "sessions.destroy-others",
    middleware: ["auth:sanctum"],
    ability: SESSION_ONLY,
    credential: "removes",
    redirect: "/admin/profile",
  },
  // laravel/passkeys-server's routes (decision record 025), `throttle:6,1` on each. A ceremony's
  // challenge is bound to a session, so no token takes part; any token may read the list.
  "passkey-login-options": {
    method: "GET",
    uri: "passkeys/login/options",
    name: "passkey.login-options",
    middleware: ["guest", "throttle:6,1"],
    ability: null,
    credential: "none",
    redirect: "/",
  },
  "passkey-login": {
    method: "POST",
    uri: "passkeys/login",
    name: "passkey.login",
    middleware: ["guest", "throttle:6,1"],
    ability: null,
    credential: "none",
    redirect: "/admin",
  },
  "passkey-confirm-options": {
    method: "GET",
    uri: "passkeys/confirm/options",
    name: "passkey.confirm-options",
    middleware: ["auth:sanctum", "throttle:6,1"],
    ability: SESSION_ONLY,
    credential: "none",
    redirect: "/",
  },
  "passkey-confirm": {
    method: "POST",
    uri: "passkeys/confirm",
    name: "passkey.confirm",
    middleware: ["auth:sanctum", "throttle:6,1"],
    ability: SESSION_ONLY,
    credential: "none",
    redirect: "/admin",
  },
  "passkey-registration-options": {
    method: "GET",
    uri: "user/passkeys/options",
    name: "passkey.registration-options",
    middleware: ["auth:sanctum", "throttle:6,1"],
    ability: SESSION_ONLY,
    credential: "adds",
    redirect: "/",
  },
  // A read the screens refetch after each change: six a minute would refuse the list mid-journey.
  passkeys: {
    method: "GET",
    uri: "user/passkeys",
    name: "passkey.index",
    middleware: ["auth:sanctum", "throttle:60,1"],
    ability: null,
    credential: "none",
    redirect: "/",
  },
  "passkey-store": {
    method: "POST",
    uri: "user/passkeys",
    name: "passkey.store",
    middleware: ["auth:sanctum", "throttle:6,1"],
    ability: SESSION_ONLY,
    credential: "adds",
    redirect: "/admin/profile",
  },
  "passkey-update": {
    method: "PUT",
    uri: "user/passkeys/{passkey}",
    name: "passkey.update",
    middleware: ["auth:sanctum", "throttle:6,1"],
    ability: SESSION_ONLY,
    credential: "none",
    redirect: "/admin/profile",
  },
  "passkey-destroy": {
    method: "DELETE",
    uri: "user/passkeys/{passkey}",
    name: "passkey.destroy",
    middleware: ["auth:sanctum", "throttle:6,1"],
    ability: SESSION_ONLY,
    credential: "removes",
    redirect: "/admin/profile",
  },
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
