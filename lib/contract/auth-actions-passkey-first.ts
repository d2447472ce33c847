import { SESSION_ONLY } from "@/lib/contract/token-abilities";
import { noBody } from "@/lib/contract/route-contract";
import { setPasswordInput } from "@/lib/contract/auth/sign-in";
import { doneSchema } from "@/lib/contract/users/user";
import {
  creationOptionsOutput,
  passkeySignupInput,
  passkeySignupOptionsInput,
  passkeySignupOutput,
  signInMethodsOutput,
} from "@/lib/contract/passkeys/passkeys";
import type { AuthAction } from "@/lib/contract/auth-actions";

/**
 * Passkey-first accounts (decision record 107): rows of AUTH_ACTIONS. laravel/passkeys-server
 * registers passkeys for signed-in users only, so these paths are this service's own, beside
 * register's and under its guard, limiter and redirect.
 */
export const PASSKEY_FIRST_ACTIONS = {
  // A POST: it keeps a challenge, and the address it reads is no query string's.
  "register-passkey-options": {
    method: "POST",
    uri: "register/passkey/options",
    name: "register.passkey-options",
    middleware: ["guest", "throttle:register"],
    ability: null,
    credential: "none",
    redirect: "/",
    input: passkeySignupOptionsInput,
    output: creationOptionsOutput,
  },
  "register-passkey": {
    method: "POST",
    uri: "register/passkey",
    name: "register.passkey",
    middleware: ["guest", "throttle:register"],
    ability: null,
    credential: "none",
    redirect: "/admin",
    input: passkeySignupInput,
    output: passkeySignupOutput,
  },
  // What the Security screen and the passkey offer need to know of the account's ways in.
  "sign-in-methods": {
    method: "GET",
    uri: "user/sign-in-methods",
    name: "sign-in-methods",
    middleware: ["auth:sanctum"],
    ability: SESSION_ONLY,
    credential: "none",
    redirect: "/",
    output: signInMethodsOutput,
  },
  "passkey-offer-dismiss": {
    method: "DELETE",
    uri: "user/passkey-offer",
    name: "passkey.offer-dismiss",
    middleware: ["auth:sanctum", "throttle:6,1"],
    ability: SESSION_ONLY,
    credential: "none",
    redirect: "/admin",
    output: noBody(204),
  },
  // A first password for an account without one: a new way in, so behind the step-up (a passkey
  // confirms it), never from a token or an impersonation, and told to the owner.
  "set-password": {
    method: "POST",
    uri: "user/set-password",
    name: "password.set",
    middleware: ["auth:sanctum", "throttle:password"],
    ability: SESSION_ONLY,
    credential: "adds",
    redirect: "/admin/profile",
    input: setPasswordInput,
    output: doneSchema,
  },
  // An account without a password or a passkey has nothing to pass the step-up with: the reset
  // link, mailed to its own address, sets the first password (decision record 111).
  "set-password-link": {
    method: "POST",
    uri: "user/set-password/link",
    name: "password.set-link",
    middleware: ["auth:sanctum", "throttle:6,1"],
    ability: SESSION_ONLY,
    credential: "mails-recovery",
    redirect: "/admin/profile",
    output: doneSchema,
  },
} as const satisfies Record<string, AuthAction>;
