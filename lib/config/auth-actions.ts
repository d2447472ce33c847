// Over 300 lines: one row per action, each row the whole of its action's facts (decision record 062).
import { type RouteAbility, SESSION_ONLY } from "@/lib/config/token-abilities";
import type { CredentialClass } from "@/lib/config/credential-classes";
import {
  type HttpMethod,
  noBody,
  type RouteContract,
} from "@/lib/config/route-contract";
import {
  doneSchema,
  signedInSchema,
  successSchema,
} from "@/lib/users/schemas/user";
import {
  forgotPasswordInput,
  impersonateInput,
  impersonateOutput,
  loginInput,
  registerInput,
  resetPasswordInput,
  revertOutput,
  sessionSchema,
  signInOutput,
  updatePasswordInput,
  verificationNotificationOutput,
  verifiedOutput,
} from "@/lib/auth/schemas/sign-in";
import {
  createTokenInput,
  createTokenOutput,
  revokeTokenInput,
  revokeTokenOutput,
  rollTokenInput,
  rollTokenOutput,
  tokensOutput,
} from "@/lib/auth/schemas/tokens";
import {
  confirmedPasswordStatusSchema,
  confirmPasswordInput,
  recoveryCodesSchema,
  twoFactorChallengeInput,
  twoFactorConfirmInput,
  twoFactorEnableInput,
  twoFactorQrCodeSchema,
  twoFactorSecretKeySchema,
} from "@/lib/auth/schemas/two-factor";
import { browserSessionsSchema } from "@/lib/sessions/schemas/browser-sessions";
import {
  creationOptionsOutput,
  passkeyConfirmInput,
  passkeyConfirmOutput,
  passkeyDestroyOutput,
  passkeyLoginInput,
  passkeyLoginOutput,
  passkeyOutput,
  passkeysOutput,
  passkeyStoreInput,
  passkeyStoreOutput,
  passkeyUpdateInput,
  requestOptionsOutput,
} from "@/lib/passkeys/schemas/passkeys";

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
  credential: CredentialClass;
  redirect: string;
  page?: true;
  openBeforeEnrolment?: true;
};

/**
 * The route table of the auth actions (decision record 017): the eighteen of contract §4 in its
 * order, then Laravel Fortify's second factor, password confirmation and browser sessions, then
 * laravel/passkeys-server's passkeys. URIs, names, middleware and redirects are only defaults:
 * the configuration (`routes.*`, lib/config/auth-defaults.ts) may change them; method and ability
 * are fixed, so overriding a route's middleware never drops its ability. Which endpoint serves
 * each action is bound at the composition root (`ACTION_ENDPOINTS`, lib/runtime/routes.ts). A
 * fixed URI comes before a template that would match it.
 */
export const AUTH_ACTIONS = {
  // contract §4, in its order. `page`: a screen of app/auth answers a GET at the default path.
  login: {
    method: "POST",
    uri: "login",
    name: "login",
    middleware: ["guest", "throttle:login"],
    ability: null,
    credential: "none",
    redirect: "/admin",
    page: true,
    input: loginInput,
    output: signInOutput,
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
    input: registerInput,
    output: signInOutput,
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
    output: successSchema,
    openBeforeEnrolment: true,
  },
  "get-auth": {
    method: "GET",
    uri: "get-auth",
    name: "get.auth",
    middleware: [],
    ability: null,
    credential: "none",
    redirect: "/",
    output: sessionSchema,
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
    input: forgotPasswordInput,
    output: doneSchema,
  },
  "reset-password": {
    method: "POST",
    uri: "reset-password",
    name: "reset.password",
    middleware: ["guest"],
    ability: null,
    credential: "recovers",
    redirect: "/auth/login",
    input: resetPasswordInput,
    output: doneSchema,
  },
  "update-password": {
    method: "POST",
    uri: "update-password",
    name: "update.password",
    middleware: ["auth:sanctum", "throttle:password"],
    ability: SESSION_ONLY,
    credential: "changes-with-password",
    redirect: "/admin",
    input: updatePasswordInput,
    output: doneSchema,
  },
  "email-verification-notification": {
    method: "POST",
    uri: "email-verification-notification",
    name: "email.verification.notification",
    middleware: ["auth:sanctum", "throttle:6,1"],
    ability: "user:write",
    credential: "none",
    redirect: "/admin",
    output: verificationNotificationOutput,
  },
  // contract §4 rule 5: the signed link needs a session (its guard is `auth:web`).
  "verification-verify": {
    method: "GET",
    uri: "email/verify/{id}/{hash}",
    name: "verification.verify",
    middleware: ["auth:web", "signed", "throttle:6,1"],
    ability: SESSION_ONLY,
    credential: "none",
    redirect: "/admin",
    output: verifiedOutput,
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
    input: createTokenInput,
    output: createTokenOutput,
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
    output: tokensOutput,
  },
  "revoke-token": {
    method: "POST",
    uri: "revoke-token",
    name: "revoke.token",
    middleware: ["auth:sanctum"],
    ability: "tokens:write",
    credential: "revokes-tokens",
    redirect: "/",
    input: revokeTokenInput,
    output: revokeTokenOutput,
  },
  "flush-tokens": {
    method: "POST",
    uri: "flush-tokens",
    name: "flush.tokens",
    middleware: ["auth:sanctum"],
    ability: "tokens:write",
    credential: "revokes-tokens",
    redirect: "/",
    output: doneSchema,
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
    input: rollTokenInput,
    output: rollTokenOutput,
  },
  "socialite-redirect": {
    method: "GET",
    uri: "social/{provider}/redirect",
    name: "socialite.redirect",
    middleware: ["guest"],
    ability: null,
    credential: "none",
    redirect: "/",
    output: "redirect",
  },
  "socialite-callback": {
    method: "GET",
    uri: "social/{provider}/callback",
    name: "socialite.callback",
    middleware: ["guest"],
    ability: null,
    credential: "none",
    redirect: "/admin",
    output: "redirect",
  },
  // contract §5 rule 5: impersonation needs a session.
  impersonate: {
    method: "POST",
    uri: "impersonate",
    name: "impersonate",
    middleware: ["auth:sanctum"],
    ability: SESSION_ONLY,
    credential: "administers",
    redirect: "/",
    input: impersonateInput,
    output: impersonateOutput,
  },
  "impersonate-token": {
    method: "GET",
    uri: "impersonate/{token}",
    name: "impersonate.token",
    middleware: ["auth:sanctum"],
    ability: SESSION_ONLY,
    credential: "administers",
    redirect: "/admin",
    output: signedInSchema,
  },
  // contract §9: since 6.1 only POST; a GET answers 405.
  "revert-impersonate": {
    method: "POST",
    uri: "revert-impersonate",
    name: "revert.impersonate",
    middleware: ["auth:sanctum"],
    ability: SESSION_ONLY,
    credential: "none",
    redirect: "/admin",
    output: revertOutput,
    openBeforeEnrolment: true,
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
    input: twoFactorChallengeInput,
    output: noBody(204),
  },
  "two-factor-enable": {
    method: "POST",
    uri: "user/two-factor-authentication",
    name: "two-factor.enable",
    middleware: ["auth:sanctum"],
    ability: SESSION_ONLY,
    credential: "adds",
    redirect: "/admin/profile",
    input: twoFactorEnableInput,
    output: noBody(200),
    openBeforeEnrolment: true,
  },
  "two-factor-confirm": {
    method: "POST",
    uri: "user/confirmed-two-factor-authentication",
    name: "two-factor.confirm",
    middleware: ["auth:sanctum", "throttle:password"],
    ability: SESSION_ONLY,
    credential: "adds",
    redirect: "/admin/profile",
    input: twoFactorConfirmInput,
    output: noBody(200),
    openBeforeEnrolment: true,
  },
  "two-factor-disable": {
    method: "DELETE",
    uri: "user/two-factor-authentication",
    name: "two-factor.disable",
    middleware: ["auth:sanctum"],
    ability: SESSION_ONLY,
    credential: "removes",
    redirect: "/admin/profile",
    output: noBody(200),
  },
  "two-factor-qr-code": {
    method: "GET",
    uri: "user/two-factor-qr-code",
    name: "two-factor.qr-code",
    middleware: ["auth:sanctum"],
    ability: SESSION_ONLY,
    credential: "reveals",
    redirect: "/admin/profile",
    output: twoFactorQrCodeSchema,
    openBeforeEnrolment: true,
  },
  "two-factor-secret-key": {
    method: "GET",
    uri: "user/two-factor-secret-key",
    name: "two-factor.secret-key",
    middleware: ["auth:sanctum"],
    ability: SESSION_ONLY,
    credential: "reveals",
    redirect: "/admin/profile",
    output: twoFactorSecretKeySchema,
    openBeforeEnrolment: true,
  },
  "two-factor-recovery-codes": {
    method: "GET",
    uri: "user/two-factor-recovery-codes",
    name: "two-factor.recovery-codes",
    middleware: ["auth:sanctum"],
    ability: SESSION_ONLY,
    credential: "reveals",
    redirect: "/admin/profile",
    output: recoveryCodesSchema,
    openBeforeEnrolment: true,
  },
  "two-factor-regenerate-recovery-codes": {
    method: "POST",
    uri: "user/two-factor-recovery-codes",
    name: "two-factor.regenerate-recovery-codes",
    middleware: ["auth:sanctum"],
    ability: SESSION_ONLY,
    credential: "adds",
    redirect: "/admin/profile",
    output: noBody(200),
    openBeforeEnrolment: true,
  },
  "confirm-password": {
    method: "POST",
    uri: "user/confirm-password",
    name: "password.confirm",
    middleware: ["auth:sanctum", "throttle:password"],
    ability: SESSION_ONLY,
    credential: "none",
    redirect: "/admin/profile",
    input: confirmPasswordInput,
    output: noBody(201),
    openBeforeEnrolment: true,
  },
  "confirmed-password-status": {
    method: "GET",
    uri: "user/confirmed-password-status",
    name: "password.confirmation",
    middleware: ["auth:sanctum"],
    ability: null,
    credential: "none",
    redirect: "/admin/profile",
    output: confirmedPasswordStatusSchema,
    openBeforeEnrolment: true,
  },
  sessions: {
    method: "GET",
    uri: "user/sessions",
    name: "sessions.index",
    middleware: ["auth:sanctum"],
    ability: null,
    credential: "none",
    redirect: "/admin/profile",
    output: browserSessionsSchema,
  },
  "session-destroy": {
    method: "DELETE",
    uri: "user/sessions/{id}",
    name: "sessions.destroy",
    middleware: ["auth:sanctum"],
    ability: SESSION_ONLY,
    credential: "removes",
    redirect: "/admin/profile",
    output: noBody(204),
  },
  "other-browser-sessions": {
    method: "DELETE",
    uri: "user/other-browser-sessions",
    name: "sessions.destroy-others",
    middleware: ["auth:sanctum"],
    ability: SESSION_ONLY,
    credential: "removes",
    redirect: "/admin/profile",
    output: noBody(204),
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
    output: requestOptionsOutput,
  },
  "passkey-login": {
    method: "POST",
    uri: "passkeys/login",
    name: "passkey.login",
    middleware: ["guest", "throttle:6,1"],
    ability: null,
    credential: "none",
    redirect: "/admin",
    input: passkeyLoginInput,
    output: passkeyLoginOutput,
  },
  "passkey-confirm-options": {
    method: "GET",
    uri: "passkeys/confirm/options",
    name: "passkey.confirm-options",
    middleware: ["auth:sanctum", "throttle:6,1"],
    ability: SESSION_ONLY,
    credential: "none",
    redirect: "/",
    output: requestOptionsOutput,
    openBeforeEnrolment: true,
  },
  "passkey-confirm": {
    method: "POST",
    uri: "passkeys/confirm",
    name: "passkey.confirm",
    middleware: ["auth:sanctum", "throttle:6,1"],
    ability: SESSION_ONLY,
    credential: "none",
    redirect: "/admin",
    input: passkeyConfirmInput,
    output: passkeyConfirmOutput,
    openBeforeEnrolment: true,
  },
  "passkey-registration-options": {
    method: "GET",
    uri: "user/passkeys/options",
    name: "passkey.registration-options",
    middleware: ["auth:sanctum", "throttle:6,1"],
    ability: SESSION_ONLY,
    credential: "adds",
    redirect: "/",
    output: creationOptionsOutput,
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
    output: passkeysOutput,
  },
  "passkey-store": {
    method: "POST",
    uri: "user/passkeys",
    name: "passkey.store",
    middleware: ["auth:sanctum", "throttle:6,1"],
    ability: SESSION_ONLY,
    credential: "adds",
    redirect: "/admin/profile",
    input: passkeyStoreInput,
    output: passkeyStoreOutput,
  },
  "passkey-update": {
    method: "PUT",
    uri: "user/passkeys/{passkey}",
    name: "passkey.update",
    middleware: ["auth:sanctum", "throttle:6,1"],
    ability: SESSION_ONLY,
    credential: "none",
    redirect: "/admin/profile",
    input: passkeyUpdateInput,
    output: passkeyOutput,
  },
  "passkey-destroy": {
    method: "DELETE",
    uri: "user/passkeys/{passkey}",
    name: "passkey.destroy",
    middleware: ["auth:sanctum", "throttle:6,1"],
    ability: SESSION_ONLY,
    credential: "removes",
    redirect: "/admin/profile",
    output: passkeyDestroyOutput,
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
