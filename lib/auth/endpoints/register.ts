import "server-only";
import { firstFactorMethods } from "@/lib/auth/authentication-methods";
import { z } from "zod";
import { users } from "@/db/schema";
import { recordActivity } from "@/lib/audit/activity";
import { emit } from "@/lib/server/events";
import { getHooks } from "@/lib/server/hooks";
import { hashPassword } from "@/lib/auth/passwords";
import { AUTH_ACTIONS } from "@/lib/config/auth-actions";
import { endpointOf } from "@/lib/server/row-endpoint";
import { queueVerificationMail } from "@/lib/auth/verification";
import { forbidden, invalid, type Message } from "@/lib/http/errors";
import {
  findUserByEmail,
  isUniqueViolation,
  presentUser,
} from "@/lib/users/users";
import {
  booleanish,
  confirmedPassword,
  email,
  newPasswordRules,
} from "@/lib/validation/rules";
import type { AuthConfig } from "@/lib/config/auth";
import { payloadInput } from "@/lib/users/payload";
import { createPersonalTeam } from "@/lib/teams/personal-team";
import { uncompromisedRule } from "@/lib/auth/breached-passwords";
import { attemptStatement } from "@/lib/authentication-log/record";

const TAKEN = "The :attribute has already been taken.";
// contract §4 rule 1: never stored, whatever the fillable list says.
const NEVER_STORED = new Set([
  "password_confirmation",
  "_token",
  "remember",
  "redirect",
]);

export const register = endpointOf(AUTH_ACTIONS.register, {
  // contract §1: closed registration is a 403 whatever was sent, so it is decided before validation.
  refuse: (config) => {
    if (!config["allow-registration"])
      throw forbidden("Registration is closed.");
  },
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
    const address = email().safeParse(input.email);
    const taken =
      address.success && (await findUserByEmail(ctx.db, address.data));
    return {
      ...(taken && { email: [{ key: TAKEN }] }),
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
    const password = await hashPassword(
      input.password,
      ctx.config.hashing.rounds,
    ); // hashed once
    let user;
    try {
      user = await ctx.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({
            name: String(values.name ?? ""),
            email: input.email,
            password,
            payload:
              (values.payload as Record<string, unknown> | undefined) ?? null,
            createdAt: ctx.now,
            updatedAt: ctx.now,
          })
          .returning();
        if (!created) throw new Error("user insert returned no row");
        const withTeam = await createPersonalTeam(
          tx,
          ctx.config,
          created,
          ctx.now,
        );
        if (ctx.config["must-verify-email"])
          await queueVerificationMail(ctx, created, tx);
        await recordActivity(
          tx,
          { event: "registered", subjectId: created.id, ip: ctx.ip },
          ctx.now,
        );
        return withTeam;
      });
    } catch (error) {
      // A concurrent registration of the same email won the race (unique index on lower(email)).
      if (isUniqueViolation(error)) throw invalid("email", TAKEN);
      throw error;
    }
    ctx.services.wakeMailWorker();
    await emit("Registered", { user });
    await ctx.session.login(user, {
      remember: input.remember === true,
      method: "registration",
      amr: firstFactorMethods("password"),
      // The account's first sign-in: its device is known from now on (decision record 095).
      alongside: [attemptStatement(ctx, user, true)],
    });
    return { success: true, user: presentUser(user) };
  },
});
