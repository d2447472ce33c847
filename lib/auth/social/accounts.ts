import "server-only";
import { users, type User } from "@/db/schema";
import { recordActivity } from "@/lib/audit/activity";
import type { Context } from "@/lib/server/context";
import { emit } from "@/lib/server/events";
import { getHooks } from "@/lib/server/hooks";
import { unusablePasswordHash } from "@/lib/auth/passwords";
import { claimUnprovenAccount } from "@/lib/auth/social/claim";
import { socialFailure, socialForbidden } from "@/lib/auth/social/failure";
import type { ProviderUser } from "@/lib/server/provider-user";
import { queueVerificationMail } from "@/lib/auth/verification";
import { findUserByEmail, isUniqueViolation } from "@/lib/users/users";

export type SocialAccount = { user: User; created: boolean };

/** A name for the account: the provider's, else the email's local part. */
function accountName(providerUser: ProviderUser, email: string): string {
  const name = providerUser.name?.trim() || (email.split("@")[0] ?? email);
  return name.slice(0, 255);
}

/** The default social register: a new account with a random password nobody knows (reset it to get one). */
async function createAccount(
  ctx: Context,
  provider: string,
  providerUser: ProviderUser,
  email: string,
): Promise<User> {
  const password = await unusablePasswordHash(ctx.config.hashing.rounds);
  const verified = providerUser.emailVerified;
  const mustVerify = !verified && ctx.config["must-verify-email"];
  const user = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        name: accountName(providerUser, email),
        email,
        password,
        emailVerifiedAt: verified ? ctx.now : null,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning();
    if (!created) throw new Error("user insert returned no row");
    // As register does (contract §1 rule 4): an address the provider did not vouch for gets the link.
    if (mustVerify) await queueVerificationMail(ctx, created, tx);
    await recordActivity(
      tx,
      {
        event: "registered",
        subjectId: created.id,
        ip: ctx.ip,
        properties: { provider },
      },
      ctx.now,
    );
    return created;
  });
  if (mustVerify) ctx.services.wakeMailWorker();
  return user;
}

/**
 * contract §4 rule 6: the account with the provider's email (case-insensitively), or a new one
 * (through the custom social register callback when there is one). Registered fires on creation.
 */
export async function findOrCreateAccount(
  ctx: Context,
  provider: string,
  providerUser: ProviderUser,
): Promise<SocialAccount> {
  const email = providerUser.email;
  if (!email)
    throw socialFailure(
      ctx,
      "email",
      "The provider did not share an email address.",
    );
  const existing = await findUserByEmail(ctx.db, email);
  if (existing) {
    // Otherwise anyone able to put this address on a provider account (unverified) could take it over.
    if (!providerUser.emailVerified)
      throw socialFailure(
        ctx,
        "email",
        "The provider has not verified this email address. Sign in with your password instead.",
      );
    if (existing.emailVerifiedAt) return { user: existing, created: false };
    // contract §4 rule 6 enters it; whoever registered the address may hold its password, so the
    // provider's proof claims the account first (decision record 007).
    const claimed = await claimUnprovenAccount(ctx, provider, existing);
    if (claimed) return { user: claimed, created: false };
    // A concurrent callback claimed it (or the owner verified it) meanwhile.
    const current = await findUserByEmail(ctx.db, email);
    if (current?.emailVerifiedAt) return { user: current, created: false };
    throw socialFailure(
      ctx,
      "email",
      "The sign-in with the provider failed. Please try again.",
    );
  }
  // Closed registration closes every way in, not only the form.
  if (!ctx.config["allow-registration"])
    throw socialForbidden(ctx, "Registration is closed.");
  const register = getHooks().socialRegister;
  let user: User;
  try {
    user = register
      ? await register(providerUser, provider, ctx)
      : await createAccount(ctx, provider, providerUser, email);
  } catch (error) {
    // The address belongs to a deleted account, or a concurrent callback created it first.
    if (isUniqueViolation(error))
      throw socialFailure(
        ctx,
        "email",
        "The :attribute has already been taken.",
      );
    throw error;
  }
  await emit("Registered", { user });
  return { user, created: true };
}
