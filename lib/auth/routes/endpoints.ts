import "server-only";
import type { ActionMap } from "@/lib/auth/actions";
import type { Endpoint } from "@/lib/auth/routes/endpoint";
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

/** The route table's other half: which endpoint serves each action of SPEC.md §4. */
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
};
