import "server-only";
import { AUTH_ACTIONS } from "@/lib/contract/auth-actions";
import { endpointOf } from "@/lib/server/row-endpoint";
import { requestSignInLink } from "@/lib/auth/passwordless/links";
import { notFound } from "@/lib/http/errors";
import { booleanish, email } from "@/lib/validation/rules";

export const SIGN_IN_LINK_SENT =
  "If an account exists for that email address, we have emailed a sign-in link and code.";

/** Decision record 088: the same answer, in the same time, whether or not the account exists. */
export const passwordlessRequest = endpointOf(
  AUTH_ACTIONS["passwordless-request"],
  {
    nonJson: "back",
    rules: (config) => {
      if (!config.features.passwordless) throw notFound();
      return { email: email(), remember: booleanish().nullish() };
    },
    async run(ctx, input) {
      await requestSignInLink(ctx, input.email, input.remember === true);
      return { success: true, message: ctx.t(SIGN_IN_LINK_SENT) };
    },
  },
);
