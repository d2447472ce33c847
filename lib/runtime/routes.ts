import "server-only";
import type { ActionMap } from "@/lib/config/auth-actions";
import type { Endpoint } from "@/lib/server/endpoint";
import { createToken } from "@/lib/auth/endpoints/create-token";
import { emailVerificationNotification } from "@/lib/auth/endpoints/email-verification-notification";
import { flushTokens } from "@/lib/auth/endpoints/flush-tokens";
import { forgotPassword } from "@/lib/auth/endpoints/forgot-password";
import { getAuth } from "@/lib/auth/endpoints/get-auth";
import { impersonate } from "@/lib/auth/endpoints/impersonate";
import { impersonateToken } from "@/lib/auth/endpoints/impersonate-token";
import { login } from "@/lib/auth/endpoints/login";
import { logout } from "@/lib/auth/endpoints/logout";
import { register } from "@/lib/auth/endpoints/register";
import { resetPasswordEndpoint } from "@/lib/auth/endpoints/reset-password";
import { revertImpersonate } from "@/lib/auth/endpoints/revert-impersonate";
import { revokeToken } from "@/lib/auth/endpoints/revoke-token";
import { rollToken } from "@/lib/auth/endpoints/roll-token";
import { socialiteCallback } from "@/lib/auth/endpoints/socialite-callback";
import { socialiteRedirect } from "@/lib/auth/endpoints/socialite-redirect";
import { tokens } from "@/lib/auth/endpoints/tokens";
import { updatePassword } from "@/lib/auth/endpoints/update-password";
import { verificationVerify } from "@/lib/auth/endpoints/verification-verify";
import {
  destroyOtherSessions,
  destroyOwnSession,
  listOwnSessions,
} from "@/lib/sessions/endpoints";
import { twoFactorChallenge } from "@/lib/auth/two-factor/endpoints/challenge";
import {
  twoFactorQrCode,
  twoFactorRecoveryCodes,
  twoFactorRegenerateRecoveryCodes,
  twoFactorSecretKey,
} from "@/lib/auth/two-factor/endpoints/codes";
import {
  twoFactorConfirm,
  twoFactorDisable,
  twoFactorEnable,
} from "@/lib/auth/two-factor/endpoints/enrolment";
import {
  confirmedPasswordStatus,
  confirmPassword,
} from "@/lib/auth/two-factor/endpoints/step-up";
import {
  passkeyConfirm,
  passkeyConfirmOptions,
} from "@/lib/passkeys/endpoints/confirm";
import {
  passkeyLogin,
  passkeyLoginOptions,
} from "@/lib/passkeys/endpoints/login";
import {
  destroyPasskey,
  listOwnPasskeys,
  passkeyRegistrationOptions,
  storePasskey,
  updatePasskey,
} from "@/lib/passkeys/endpoints/manage";

import {
  USER_DATA_EXPORT_ROUTE,
  USER_DELETE_ROUTE,
} from "@/lib/account/routes";
import {
  ADMIN_ACTIVITY_ROUTE,
  ADMIN_USER_DELETE_ROUTE,
  ADMIN_USER_RESTORE_ROUTE,
  ADMIN_USER_SESSION_DELETE_ROUTE,
  ADMIN_USER_SESSIONS_ROUTE,
  ADMIN_USER_TWO_FACTOR_RESET_ROUTE,
  ADMIN_USERS_EXPORT_ROUTE,
  ADMIN_USERS_ROUTE,
} from "@/lib/admin/routes";
import { ADMIN_USER_TOKENS_ROUTE } from "@/lib/admin/user-tokens";
import { RETRY_MAIL, SHOW_MAIL } from "@/lib/operations/mail";
import { OAUTH_ROUTES } from "@/lib/oauth/routes";
import type { HostRoute } from "@/lib/server/pipeline";
import {
  REVERT_SETTING,
  SHOW_SETTINGS,
  UPDATE_SETTING,
} from "@/lib/settings/routes";
import { UPLOAD_FILE_ROUTE, UPLOAD_SHOW_ROUTE } from "@/lib/uploads/routes";
import {
  EMAIL_CHANGE_CANCEL_ROUTE,
  EMAIL_CHANGE_CONFIRM_ROUTE,
  EMAIL_CHANGE_RESEND_ROUTE,
  USER_UPDATE_ROUTE,
} from "@/lib/users/routes";
import {
  CREATE_WEBHOOK,
  DELETE_WEBHOOK,
  LIST_WEBHOOKS,
  TEST_WEBHOOK,
  WEBHOOK_DELIVERIES,
} from "@/lib/webhooks/routes";

/**
 * Every route of the host application, at its fixed path. route() and the front end's manifest
 * read their paths here, the tests their list (each must have its route file under app/ at its
 * path, handing its requests to routeHandlers(ROUTE): test/support/host-routes.ts checks it).
 * The auth actions, whose URIs are configuration, are the other half: their table
 * (lib/config/auth-actions.ts) and the endpoint of each (ACTION_ENDPOINTS, below).
 */
export const HOST_ROUTES: readonly HostRoute[] = [
  USER_UPDATE_ROUTE,
  EMAIL_CHANGE_CONFIRM_ROUTE,
  EMAIL_CHANGE_RESEND_ROUTE,
  EMAIL_CHANGE_CANCEL_ROUTE,
  UPLOAD_FILE_ROUTE,
  UPLOAD_SHOW_ROUTE,
  ADMIN_USERS_ROUTE,
  ADMIN_USER_DELETE_ROUTE,
  ADMIN_USER_RESTORE_ROUTE,
  ADMIN_USERS_EXPORT_ROUTE,
  ADMIN_ACTIVITY_ROUTE,
  ADMIN_USER_SESSIONS_ROUTE,
  ADMIN_USER_SESSION_DELETE_ROUTE,
  ADMIN_USER_TWO_FACTOR_RESET_ROUTE,
  ADMIN_USER_TOKENS_ROUTE,
  SHOW_SETTINGS,
  UPDATE_SETTING,
  REVERT_SETTING,
  SHOW_MAIL,
  RETRY_MAIL,
  USER_DATA_EXPORT_ROUTE,
  USER_DELETE_ROUTE,
  LIST_WEBHOOKS,
  CREATE_WEBHOOK,
  DELETE_WEBHOOK,
  TEST_WEBHOOK,
  WEBHOOK_DELIVERIES,
  ...OAUTH_ROUTES,
];

/** Which endpoint serves each auth action of the table (lib/config/auth-actions.ts, decision record 017). */
export const ACTION_ENDPOINTS: ActionMap<Endpoint> = {
  login,
  register: register as Endpoint,
  logout,
  "get-auth": getAuth,
  "forgot-password": forgotPassword,
  "reset-password": resetPasswordEndpoint,
  "update-password": updatePassword,
  "email-verification-notification": emailVerificationNotification,
  "verification-verify": verificationVerify,
  "create-token": createToken as Endpoint,
  tokens,
  "revoke-token": revokeToken,
  "flush-tokens": flushTokens,
  "roll-token": rollToken,
  "socialite-redirect": socialiteRedirect,
  "socialite-callback": socialiteCallback,
  impersonate: impersonate as Endpoint,
  "impersonate-token": impersonateToken,
  "revert-impersonate": revertImpersonate,
  "two-factor-challenge": twoFactorChallenge,
  "two-factor-enable": twoFactorEnable,
  "two-factor-confirm": twoFactorConfirm,
  "two-factor-disable": twoFactorDisable,
  "two-factor-qr-code": twoFactorQrCode,
  "two-factor-secret-key": twoFactorSecretKey,
  "two-factor-recovery-codes": twoFactorRecoveryCodes,
  "two-factor-regenerate-recovery-codes": twoFactorRegenerateRecoveryCodes,
  "confirm-password": confirmPassword,
  "confirmed-password-status": confirmedPasswordStatus,
  sessions: listOwnSessions,
  "session-destroy": destroyOwnSession,
  "other-browser-sessions": destroyOtherSessions,
  "passkey-login-options": passkeyLoginOptions,
  "passkey-login": passkeyLogin as Endpoint,
  "passkey-confirm-options": passkeyConfirmOptions,
  "passkey-confirm": passkeyConfirm as Endpoint,
  "passkey-registration-options": passkeyRegistrationOptions,
  passkeys: listOwnPasskeys,
  "passkey-store": storePasskey as Endpoint,
  "passkey-update": updatePasskey as Endpoint,
  "passkey-destroy": destroyPasskey,
};
