import "server-only";
import { z } from "zod";
import { recordActivity } from "@/lib/audit/activity";
import { emit } from "@/lib/server/events";
import { AUTH_ACTIONS } from "@/lib/contract/auth-actions";
import { endpointOf } from "@/lib/server/row-endpoint";
import { type Endpoint } from "@/lib/server/endpoint";
import { forbidden, invalid } from "@/lib/http/errors";
import { booleanish } from "@/lib/validation/rules";
import {
  claimStep,
  clearTwoFactor,
  hasTwoFactor,
  readSecret,
  storeNewSecret,
} from "@/lib/auth/two-factor/account";
import { INVALID_CODE } from "@/lib/auth/two-factor/challenge";
import { emptyReply } from "@/lib/auth/two-factor/endpoints/reply";
import { isTwoFactorRequired } from "@/lib/auth/two-factor/policy";
import { matchTotp, newTotpSecret } from "@/lib/auth/two-factor/totp";

const REQUIRED_CANNOT_DISABLE =
  "Two-factor authentication is required for your account and cannot be turned off.";

/**
 * POST user/two-factor-authentication: a new secret and recovery codes, unconfirmed until a code
 * proves the app has it. Like Fortify, an existing secret is kept unless `force` is true; a new one
 * must be confirmed again.
 */
export const twoFactorEnable: Endpoint = endpointOf(
  AUTH_ACTIONS["two-factor-enable"],
  {
    rules: () => ({ force: booleanish().nullish() }),
    async run(ctx, input) {
      const user = ctx.requireUser();
      if (user.twoFactorSecret === null || input.force === true) {
        await storeNewSecret(ctx, user, newTotpSecret());
        await emit("TwoFactorAuthenticationEnabled", { user });
      }
      return emptyReply(ctx, twoFactorEnable, 200);
    },
  },
);

/** POST user/confirmed-two-factor-authentication with `code`: the second factor is on from now (422 on `code`). */
export const twoFactorConfirm: Endpoint = endpointOf(
  AUTH_ACTIONS["two-factor-confirm"],
  {
    rules: () => ({ code: z.string().max(64) }),
    async run(ctx, input) {
      const user = ctx.requireUser();
      const secret = readSecret(ctx, user);
      const step =
        secret === null
          ? null
          : matchTotp(
              secret,
              input.code.trim(),
              ctx.now,
              user.twoFactorLastStep,
            );
      // The step is recorded as used: the code that confirmed cannot sign in a second time.
      if (
        step === null ||
        !(await claimStep(ctx.db, user, step, ctx.now, { confirm: true }))
      )
        throw invalid("code", INVALID_CODE);
      await recordActivity(
        ctx.db,
        { event: "two-factor-enabled", subjectId: user.id, ip: ctx.ip },
        ctx.now,
      );
      await emit("TwoFactorAuthenticationConfirmed", { user });
      return emptyReply(ctx, twoFactorConfirm, 200);
    },
  },
);

/** DELETE user/two-factor-authentication: off, unless `two-factor.required` applies to the user (403). */
export const twoFactorDisable: Endpoint = endpointOf(
  AUTH_ACTIONS["two-factor-disable"],
  {
    async run(ctx) {
      const user = ctx.requireUser();
      if (isTwoFactorRequired(user, ctx.config) && hasTwoFactor(user))
        throw forbidden(REQUIRED_CANNOT_DISABLE);
      if (user.twoFactorSecret !== null) {
        await clearTwoFactor(ctx.db, user.id, ctx.now);
        await recordActivity(
          ctx.db,
          { event: "two-factor-disabled", subjectId: user.id, ip: ctx.ip },
          ctx.now,
        );
        await emit("TwoFactorAuthenticationDisabled", { user });
      }
      return emptyReply(ctx, twoFactorDisable, 200);
    },
  },
);
