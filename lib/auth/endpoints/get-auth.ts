import "server-only";
import { defineEndpoint } from "@/lib/auth/routes/endpoint";
import { resolveAuth } from "@/lib/auth/guard";
import { getHooks } from "@/lib/auth/hooks";
import { isVerified } from "@/lib/auth/verification";
import { isAdmin } from "@/lib/policies/admin";
import { presentUser } from "@/lib/users/users";
import { withPendingEmail } from "@/lib/users/pending-email";

/** SPEC.md §2 Get-auth response: one round trip (session row joined with its user, or the token's). */
export const getAuth = defineEndpoint({
  async run(ctx) {
    const { user, via, pendingEmail } = await resolveAuth(ctx);
    const custom = getHooks().getAuth;
    if (custom) return custom(user, ctx);
    const data = via === "session" ? await ctx.session.data() : null;
    return {
      user: user ? withPendingEmail(presentUser(user), pendingEmail ?? null) : null,
      authenticated: user !== null,
      is_admin: user ? isAdmin(user, ctx.config) : false,
      verified: user ? isVerified(ctx, user) : false,
      impersonating: Boolean(data?.impersonate_token),
    };
  },
});
