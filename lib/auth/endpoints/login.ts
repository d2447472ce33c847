import "server-only";
import { z } from "zod";
import { activityStatement } from "@/lib/audit/activity";
import { attemptLogin } from "@/lib/auth/login";
import { defineEndpoint } from "@/lib/auth/routes/endpoint";
import { presentUser } from "@/lib/users/users";
import { booleanish, IGNORED_FIELDS } from "@/lib/validation/rules";

export const login = defineEndpoint({
  input: () =>
    z.strictObject({
      email: z.string().max(255).pipe(z.email()),
      password: z.string().max(255),
      remember: booleanish().nullish(),
      ...IGNORED_FIELDS,
    }),
  async run(ctx, input) {
    const { user, writes } = await attemptLogin(ctx, input.email, input.password);
    // Issue 8: the session row, the lockout reset, a rehash and the audit entry in one statement.
    const audit = activityStatement(ctx.db, { event: "login", subjectId: user.id, ip: ctx.ip }, ctx.now);
    await ctx.session.login(user, { remember: input.remember === true, alongside: [...writes, audit] });
    return { success: true, user: presentUser(user) };
  },
});
