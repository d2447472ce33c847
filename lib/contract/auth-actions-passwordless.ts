import { doneSchema } from "@/lib/contract/users/user";
import {
  passwordlessRequestInput,
  passwordlessVerifyInput,
} from "@/lib/contract/auth/passwordless";
import { signInOutput } from "@/lib/contract/auth/sign-in";
import { challenged } from "@/lib/contract/auth/challenge";
import type { AuthAction } from "@/lib/contract/auth-actions";

/**
 * Sign-in by an emailed link or six-digit code (decision record 088): rows of AUTH_ACTIONS,
 * answering 404 unless `features.passwordless` is on. Asking mails (its answer and timing never
 * tell whether the account exists); verifying signs in, or holds for the second factor as
 * login does. Neither touches a way into the account: `none`, as login.
 */
export const PASSWORDLESS_ACTIONS = {
  "passwordless-request": {
    method: "POST",
    uri: "passwordless",
    name: "passwordless.request",
    middleware: ["guest", "throttle:passwordless"],
    ability: null,
    credential: "none",
    redirect: "/auth/passwordless",
    page: true,
    ...challenged("always", passwordlessRequestInput),
    output: doneSchema,
  },
  "passwordless-verify": {
    method: "POST",
    uri: "passwordless/verify",
    name: "passwordless.verify",
    middleware: ["guest", "throttle:passwordless-verify"],
    ability: null,
    credential: "none",
    redirect: "/admin",
    input: passwordlessVerifyInput,
    output: signInOutput,
  },
} as const satisfies Record<string, AuthAction>;
