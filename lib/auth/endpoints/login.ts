import "server-only";
import { firstFactorMethods } from "@/lib/auth/authentication-methods";
import { z } from "zod";
import { attemptLogin } from "@/lib/auth/login";
import { AUTH_ACTIONS } from "@/lib/contract/auth-actions";
import { endpointOf } from "@/lib/server/row-endpoint";
import { presentUser } from "@/lib/users/users";
import { email, booleanish } from "@/lib/validation/rules";
import {
  completeSignIn,
  holdForChallenge,
} from "@/lib/auth/two-factor/sign-in";

export const login = endpointOf(AUTH_ACTIONS.login, {
  rules: () => ({
    email: email(),
    password: z.string().max(255),
    remember: booleanish().nullish(),
  }),
  async run(ctx, input) {
    const { user, writes, deviceHistory } = await attemptLogin(
      ctx,
      input.email,
      input.password,
    );
    // The session row (or the pending sign-in), the lockout reset, a rehash and the audit entry in
    // one statement (decision record 010). A second factor answers Fortify's {"two_factor": true}.
    const remember = input.remember === true;
    const held = await holdForChallenge(ctx, user, {
      remember,
      method: "password",
      alongside: writes,
    });
    if (held) return held;
    await completeSignIn(ctx, user, {
      remember,
      method: "password",
      amr: firstFactorMethods("password"),
      alongside: writes,
      deviceHistory,
    });
    return { success: true, user: presentUser(user) };
  },
});
