import "server-only";
import { AUTH_ACTIONS } from "@/lib/contract/auth-actions";
import { endpointOf, type RowAnswer } from "@/lib/server/row-endpoint";
import { resolveAuth } from "@/lib/auth/guard";
import { appView } from "@/lib/auth/app-view";
import { getHooks } from "@/lib/server/hooks";
import { isVerified } from "@/lib/policies/verified";
import { isAdmin } from "@/lib/policies/admin";
import { presentUser } from "@/lib/users/users";
import { withPendingEmail } from "@/lib/users/pending-email";
import { hasTwoFactor } from "@/lib/auth/two-factor/account";
import { mustEnrol } from "@/lib/auth/two-factor/policy";
import { teamFields } from "@/lib/teams/current-team";

/**
 * contract §2 Get-auth response: one round trip (session row joined with its user, or the token's).
 * Decision record 023 adds `two_factor_enabled` (beside the contract's fields and on `user`, as Jetstream
 * appends it to the model) and `two_factor_required`: the user must enrol before anything else.
 * A third-party app's token sees the user by its OpenID scopes (decision record 082).
 */
const ROW = AUTH_ACTIONS["get-auth"];

export const getAuth = endpointOf(ROW, {
  async run(ctx) {
    const auth = await resolveAuth(ctx);
    const { user, via, pendingEmail } = auth;
    const custom = getHooks().getAuth;
    // The application's hook replaces the whole answer (lib/server/hooks.ts): its shape is its own.
    if (custom) return (await custom(user, ctx)) as RowAnswer<typeof ROW>;
    const data = via === "session" ? await ctx.session.data() : null;
    const twoFactorEnabled = user ? hasTwoFactor(user) : false;
    const shown = user
      ? {
          ...withPendingEmail(presentUser(user), pendingEmail ?? null),
          two_factor_enabled: twoFactorEnabled,
          ...(await teamFields(ctx, user)),
        }
      : null;
    const state = {
      authenticated: user !== null,
      is_admin: user ? isAdmin(user, ctx.config) : false,
      verified: user ? isVerified(ctx, user) : false,
      impersonating: Boolean(data?.impersonate_token),
      two_factor_enabled: twoFactorEnabled,
      two_factor_required: user ? mustEnrol(user, ctx.config) : false,
    };
    if (shown && auth.oauthToken?.app)
      return { user: appView(auth, shown), ...state };
    return { user: shown, ...state };
  },
});
