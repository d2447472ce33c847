import "server-only";
import { z } from "zod";
import { recordActivity } from "@/lib/audit/activity";
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
    const user = await attemptLogin(ctx, input.email, input.password);
    await ctx.session.login(user, { remember: input.remember === true });
    await recordActivity(ctx.db, { event: "login", subjectId: user.id, ip: ctx.ip }, ctx.now);
    return { success: true, user: presentUser(user) };
  },
});
