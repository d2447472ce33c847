import "server-only";
import { z } from "zod";
import { getHooks } from "@/lib/server/hooks";
import { hashPassword } from "@/lib/auth/passwords";
import { AUTH_ACTIONS } from "@/lib/contract/auth-actions";
import { endpointOf } from "@/lib/server/row-endpoint";
import type { Message } from "@/lib/http/errors";
import { presentUser } from "@/lib/users/users";
import {
  booleanish,
  confirmedPassword,
  email,
  newPasswordRules,
} from "@/lib/validation/rules";
import type { AuthConfig } from "@/lib/config/auth";
import { payloadInput } from "@/lib/users/payload";
import { uncompromisedRule } from "@/lib/auth/breached-passwords";
import {
  emailTakenRule,
  openAccount,
  refuseClosedRegistration,
} from "@/lib/auth/registration";

// contract §4 rule 1: never stored, whatever the fillable list says.
const NEVER_STORED = new Set([
  "password_confirmation",
  "_token",
  "remember",
  "redirect",
]);

export const register = endpointOf(AUTH_ACTIONS.register, {
  // contract §1: closed registration is a 403 whatever was sent, so it is decided before validation.
  refuse: refuseClosedRegistration,
  replacedBy: (config) => getHooks().registrationRules?.(config),
  rules: (config: AuthConfig) => ({
    name: z.string().max(255),
    email: email(),
    ...newPasswordRules(config.password),
    payload: payloadInput().nullish(),
    remember: booleanish().nullish(),
  }),
  refine: confirmedPassword,
  // Laravel's `unique:users` among the email's rules: checked even when other fields fail, so the
  // 422 names a taken address together with a short password (decision record 069); then a
  // password the Pwned Passwords service knows (decision record 089).
  async dataRules(ctx, input): Promise<Record<string, Message[]>> {
    return {
      ...(await emailTakenRule(ctx, input.email)),
      ...(await uncompromisedRule(ctx, input)),
    };
  },
  async run(ctx, input) {
    const fillable = new Set(ctx.config["user-fillable"]);
    const values = Object.fromEntries(
      Object.entries(input).filter(
        ([key]) => fillable.has(key) && !NEVER_STORED.has(key),
      ),
    );
    const user = await openAccount(
      ctx,
      {
        name: String(values.name ?? ""),
        email: input.email,
        password: await hashPassword(input.password, ctx.config.hashing.rounds),
        payload:
          (values.payload as Record<string, unknown> | undefined) ?? null,
      },
      { remember: input.remember === true, amr: null },
    );
    return { success: true, user: presentUser(user) };
  },
});
