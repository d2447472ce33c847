import "server-only";
import { firstFactorMethods } from "@/lib/auth/authentication-methods";
import { z } from "zod";
import { AUTH_ACTIONS } from "@/lib/contract/auth-actions";
import { endpointOf } from "@/lib/server/row-endpoint";
import { redeemSignInLink } from "@/lib/auth/passwordless/verify";
import { notFound } from "@/lib/http/errors";
import { presentUser } from "@/lib/users/users";
import { email } from "@/lib/validation/rules";
import {
  completeSignIn,
  holdForChallenge,
} from "@/lib/auth/two-factor/sign-in";

const REQUIRED = "The :attribute field is required.";

/**
 * Signs in with an emailed link or code (decision record 088), a POST so that a mail scanner
 * fetching the link signs nobody in. A first factor, like a password: an account with a second
 * factor is held for the challenge exactly as login holds it.
 */
export const passwordlessVerify = endpointOf(
  AUTH_ACTIONS["passwordless-verify"],
  {
    rules: (config) => {
      if (!config.features.passwordless) throw notFound();
      return {
        token: z.string().max(255).nullish(),
        email: email().nullish(),
        code: z
          .string()
          .regex(/^\d{6}$/, { error: "The :attribute field must be 6 digits." })
          .nullish(),
      };
    },
    // A link's token alone, or the address with its code.
    refine: (schema) =>
      schema.superRefine((value, ctx) => {
        if (value.token) return;
        if (!value.email)
          ctx.addIssue({ code: "custom", path: ["email"], message: REQUIRED });
        if (!value.code)
          ctx.addIssue({ code: "custom", path: ["code"], message: REQUIRED });
      }),
    async run(ctx, input) {
      const { user, remember } = await redeemSignInLink(ctx, input);
      const held = await holdForChallenge(ctx, user, {
        remember,
        method: "email-link",
      });
      if (held) return held;
      await completeSignIn(ctx, user, {
        remember,
        method: "email-link",
        amr: firstFactorMethods("email-link"),
      });
      return { success: true, user: presentUser(user) };
    },
  },
);
