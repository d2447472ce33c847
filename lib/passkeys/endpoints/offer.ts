import "server-only";
import { eq } from "drizzle-orm";
import { users } from "@/db/schema";
import { hasUsablePassword } from "@/lib/auth/passwords";
import { AUTH_ACTIONS } from "@/lib/contract/auth-actions";
import { endpointOf } from "@/lib/server/row-endpoint";
import { listPasskeys } from "@/lib/passkeys/store";
import { usedProviders } from "@/lib/auth/social/used-providers";

/**
 * `GET user/sign-in-methods` (decision record 107): whether the account has a password (the
 * Security screen's "Change" or "Set a password"), and whether to offer a passkey — this session
 * proved a password (its `amr` has `pwd`), the account has no passkey, and its owner never
 * dismissed the offer; and whether it has a passkey. The step-up dialog reads the two ways it
 * can confirm with, `password` and `passkey` (decision record 111); the Security screen's
 * "Set a password" card reads `providers` to name how an account without either signs in.
 */
export const signInMethods = endpointOf(AUTH_ACTIONS["sign-in-methods"], {
  async run(ctx) {
    const user = ctx.requireUser();
    const password = hasUsablePassword(user.password);
    const proved = (await ctx.session.data())?.amr ?? [];
    const passkey = (await listPasskeys(ctx.db, user.id)).length > 0;
    const offer =
      password &&
      !passkey &&
      proved.includes("pwd") &&
      user.passkeyOfferDismissedAt === null;
    const providers = await usedProviders(ctx.db, ctx.services, user.id);
    return { password, passkey_offer: offer, passkey, providers };
  },
});

/** `DELETE user/passkey-offer`: the offer is dismissed for the account, on every browser. */
export const dismissPasskeyOffer = endpointOf(
  AUTH_ACTIONS["passkey-offer-dismiss"],
  {
    async run(ctx) {
      await ctx.db
        .update(users)
        .set({ passkeyOfferDismissedAt: ctx.now })
        .where(eq(users.id, ctx.requireUser().id));
      return new Response(null, { status: 204 });
    },
  },
);
