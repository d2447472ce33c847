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
import { socialiteCallback } from "@/lib/auth/endpoints/socialite-callback";
import { socialiteRedirect } from "@/lib/auth/endpoints/socialite-redirect";
import { tokens } from "@/lib/auth/endpoints/tokens";
import { updatePassword } from "@/lib/auth/endpoints/update-password";
import { verificationVerify } from "@/lib/auth/endpoints/verification-verify";
import { destroyOtherSessions, destroyOwnSession, listOwnSessions } from "@/lib/sessions/endpoints";
import { twoFactorChallenge } from "@/lib/auth/two-factor/endpoints/challenge";
import { twoFactorQrCode, twoFactorRecoveryCodes, twoFactorRegenerateRecoveryCodes, twoFactorSecretKey } from "@/lib/auth/two-factor/endpoints/codes";
import { twoFactorConfirm, twoFactorDisable, twoFactorEnable } from "@/lib/auth/two-factor/endpoints/enrolment";
import { confirmedPasswordStatus, confirmPassword } from "@/lib/auth/two-factor/endpoints/step-up";
import { passkeyConfirm, passkeyConfirmOptions } from "@/lib/passkeys/endpoints/confirm";
import { passkeyLogin, passkeyLoginOptions } from "@/lib/passkeys/endpoints/login";
import {
  destroyPasskey,
  listOwnPasskeys,
  passkeyRegistrationOptions,
  storePasskey,
  updatePasskey,
} from "@/lib/passkeys/endpoints/manage";

/** The route table's other half: which endpoint serves each action of SPEC.md §4 and of decision records 023–025. */
export const ENDPOINTS: ActionMap<Endpoint> = {
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
