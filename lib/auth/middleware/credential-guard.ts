import "server-only";
import type { Context } from "@/lib/server/context";
import type { CredentialRules } from "@/lib/contract/credential-classes";
import { forbidden } from "@/lib/http/errors";
import { isVerified } from "@/lib/policies/verified";
import { resolveAuth } from "@/lib/auth/guard";
import { requirePasswordConfirmation } from "@/lib/sessions/step-up";

export const REFUSED_WHILE_IMPERSONATING =
  "This action is not available while acting as another user.";
export const ADDRESS_NOT_PROVEN =
  "Verify your email address before adding a way to sign in.";

/**
 * The guards of a route's credential class, placed by the pipeline after the token's check
 * (decision record 028): no administrator acting as the account (whatever the route's guard:
 * create-token reads the cookie's session too), no new way in on an address nobody proved, then
 * the step-up (423). Refusals come before the step-up, so nobody is asked for a password in vain.
 */
export async function guardCredentialAction(
  ctx: Context,
  rules: CredentialRules,
): Promise<void> {
  if (
    rules.refusedWhileImpersonating &&
    ctx.session.id !== undefined &&
    (await ctx.session.impersonator()).id !== null
  )
    throw forbidden(REFUSED_WHILE_IMPERSONATING);
  // A route without a guard of its own (the consent screen signs a guest in first) is asked of
  // the caller all the same.
  const user = ctx.auth?.user ?? (await resolveAuth(ctx)).user;
  if (rules.needsProvenAddress && user && !isVerified(ctx, user))
    throw forbidden(ADDRESS_NOT_PROVEN);
  if (rules.stepUp) await requirePasswordConfirmation(ctx);
}
