import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { type User, users } from "@/db/schema";
import { recordActivity } from "@/lib/audit/activity";
import type { Context } from "@/lib/server/context";
import { emit } from "@/lib/server/events";
import { unusablePasswordHash } from "@/lib/auth/passwords";
import { mailQueueKey } from "@/lib/crypto/secrets";
import {
  endCredentials,
  requestEventDeps,
} from "@/lib/server/credential-ledger";
import {
  takenBack as takenBackFrom,
  withoutSecondFactor,
} from "@/lib/auth/takeover";
import { enqueueMail } from "@/lib/mail/queue";
import { accountClaimedMail } from "@/lib/mail/templates/account-claimed";

/** The screen where the owner asks for a reset link (app/auth/forgot-password). */
const SET_PASSWORD_PATH = "/auth/forgot-password";

/**
 * A provider vouches for the address of an account whose own address was never proven
 * (decision record 007): the account is the provider user's, but whoever registered it may
 * hold its password. In one transaction: the address becomes verified, the password is replaced
 * by one nobody knows, and the credential ledger's `address-claimed` ends every way in the
 * squatter could have added — sessions, tokens, apps, passkeys, the second factor, a pending
 * address change (decision records 028, 082) —, the activity log says so, and the owner is mailed. Guarded on the address still being unverified, so two concurrent
 * callbacks claim once; returns null when it was not (the caller reads the account again).
 */
export async function claimUnprovenAccount(
  ctx: Context,
  provider: string,
  account: User,
): Promise<User | null> {
  const password = await unusablePasswordHash(ctx.config.hashing.rounds);
  const claimed = await ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({
        password,
        emailVerifiedAt: ctx.now,
        updatedAt: ctx.now,
      })
      .where(
        and(
          eq(users.id, account.id),
          isNull(users.emailVerifiedAt),
          isNull(users.deletedAt),
        ),
      )
      .returning();
    if (!user) return null;
    const ended = await endCredentials(
      tx,
      requestEventDeps(ctx),
      "address-claimed",
      user,
    );
    const takenBack = takenBackFrom(ended);
    await recordActivity(
      tx,
      {
        event: "account-claimed",
        subjectId: user.id,
        ip: ctx.ip,
        properties: {
          provider,
          tokens: takenBack.tokens,
          ended,
          taken_back: takenBack,
        },
      },
      ctx.now,
    );
    const notice = {
      to: user.email,
      provider,
      at: ctx.now,
      ip: ctx.ip,
      setPasswordUrl: `${ctx.env.APP_URL}${SET_PASSWORD_PATH}`,
    };
    await enqueueMail(
      tx,
      accountClaimedMail(ctx.locale, notice),
      ctx.now,
      mailQueueKey(ctx.env.SESSION_SECRET),
    );
    // The owner signs in next: with the squatter's second factor gone, no challenge holds them.
    return takenBack.two_factor ? withoutSecondFactor(user) : user;
  });
  if (!claimed) return null;
  ctx.services.wakeMailWorker();
  await emit("Verified", { user: claimed });
  return claimed;
}
