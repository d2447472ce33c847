import "server-only";
import { z } from "zod";
import { defineEndpoint } from "@/lib/server/endpoint";
import { requestSignInLink } from "@/lib/auth/passwordless/links";
import { notFound } from "@/lib/http/errors";
import { booleanish, email, IGNORED_FIELDS } from "@/lib/validation/rules";

export const SIGN_IN_LINK_SENT =
  "If an account exists for that email address, we have emailed a sign-in link and code.";

/** Decision record 088: the same answer, in the same time, whether or not the account exists. */
export const passwordlessRequest = defineEndpoint({
  nonJson: "back",
  input: (config) => {
    if (!config.features.passwordless) throw notFound();
    return z.strictObject({
      email: email(),
      remember: booleanish().nullish(),
      ...IGNORED_FIELDS,
    });
  },
  async run(ctx, input) {
    await requestSignInLink(ctx, input.email, input.remember === true);
    return { success: true, message: ctx.t(SIGN_IN_LINK_SENT) };
  },
});
