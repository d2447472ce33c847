import "server-only";
import type { Endpoint } from "@/lib/server/endpoint";
import { defineFeature } from "@/lib/server/feature";
import { noticeCredentialChange } from "@/lib/auth/credential-notice";
import { AUTH_CREDENTIALS } from "@/lib/auth/credentials";
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
import {
  setPassword,
  setPasswordLink,
} from "@/lib/auth/endpoints/set-password";
import { verificationVerify } from "@/lib/auth/endpoints/verification-verify";
import { impersonationWatch } from "@/lib/auth/impersonation-watch";
import { AUTH_MIDDLEWARE } from "@/lib/auth/middleware/built-in";
import {
  composeResetLink,
  RESET_LINK_COMPOSER,
} from "@/lib/auth/password-reset";
import { pruneAuthTables } from "@/lib/auth/prune";
import { CHALLENGE_ROUTE, RESET_LINK_CHECK_ROUTE } from "@/lib/auth/routes";
import { passwordlessRequest } from "@/lib/auth/endpoints/passwordless-request";
import { passwordlessVerify } from "@/lib/auth/endpoints/passwordless-verify";
import {
  composeSignInLink,
  SIGN_IN_LINK_COMPOSER,
} from "@/lib/auth/passwordless/links";
import {
  notifyExpiringTokens,
  revokeUnusedTokens,
} from "@/lib/auth/token-expiry";
import { TWO_FACTOR_ACTIONS } from "@/lib/auth/two-factor/actions";
import { twoFactorReencryptor } from "@/lib/auth/two-factor/reencrypt";

/**
 * Sign-in, registration, passwords, verification, tokens, social login, impersonation and the
 * second factor (decision records 011, 023, 045): the auth actions of Fortify and Sanctum, the
 * middleware every route names, and the owner's notice after a sensitive action (decision record 028).
 */
export const AUTH = defineFeature({
  name: "auth",
  credentials: AUTH_CREDENTIALS,
  actions: {
    login,
    register,
    logout,
    "get-auth": getAuth,
    "forgot-password": forgotPassword,
    "reset-password": resetPasswordEndpoint,
    "update-password": updatePassword,
    "set-password": setPassword,
    "set-password-link": setPasswordLink,
    "email-verification-notification": emailVerificationNotification,
    "verification-verify": verificationVerify,
    "create-token": createToken as Endpoint,
    tokens,
    "revoke-token": revokeToken,
    "flush-tokens": flushTokens,
    "roll-token": rollToken,
    "socialite-redirect": socialiteRedirect,
    "socialite-callback": socialiteCallback,
    impersonate,
    "impersonate-token": impersonateToken,
    "revert-impersonate": revertImpersonate,
    ...TWO_FACTOR_ACTIONS,
    "passwordless-request": passwordlessRequest,
    "passwordless-verify": passwordlessVerify,
  },
  middleware: AUTH_MIDDLEWARE,
  hostRoutes: [RESET_LINK_CHECK_ROUTE, CHALLENGE_ROUTE],
  // Read at run time through `target`: settings change the configuration, and the worker's wake-up is set after start.
  composers: {
    [RESET_LINK_COMPOSER]: (target) => (data) =>
      composeResetLink({
        db: target.database.db,
        config: target.config,
        env: target.env,
        wakeMailWorker: () => target.wakeMailWorker(),
      })(data),
    [SIGN_IN_LINK_COMPOSER]: (target) => (data) =>
      composeSignInLink({
        db: target.database.db,
        config: target.config,
        env: target.env,
        wakeMailWorker: () => target.wakeMailWorker(),
      })(data),
  },
  pruners: {
    auth_tables: (deps) =>
      pruneAuthTables(
        deps.db,
        deps.config,
        deps.env.SESSION_LIFETIME,
        deps.now,
      ),
    // Decision record 045: the week's notice of an expiring token, and tokens left unused.
    token_expiry_notices: (deps) =>
      notifyExpiringTokens(
        deps.db,
        {
          userClass: deps.config["user-class"],
          appUrl: deps.env.APP_URL,
          sessionSecret: deps.env.SESSION_SECRET,
        },
        deps.now,
      ),
    unused_tokens: (deps) =>
      revokeUnusedTokens(
        deps.db,
        deps.config.tokens["revoke-unused-days"],
        deps.now,
      ),
  },
  reencryptors: [twoFactorReencryptor],
  settings: [
    "allow-registration",
    "allow-impersonate",
    "must-verify-email",
    "password",
    "limits",
    "challenge",
    "features.passwordless",
    "routes.redirects",
  ],
  requestHooks: {
    prepareContext: (ctx) =>
      ctx.session.watchImpersonation(impersonationWatch(ctx)),
    noticeCredentialChange,
  },
});
