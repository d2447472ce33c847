import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { accountDeletions, type User, users } from "@/db/schema";
import { recordActivity } from "@/lib/audit/activity";
import type { Context } from "@/lib/server/context";
import {
  endCredentials,
  requestEventDeps,
} from "@/lib/server/credential-ledger";
import { verifyPassword } from "@/lib/auth/passwords";
import { defineEndpoint } from "@/lib/server/endpoint";
import { mailQueueKey } from "@/lib/crypto/secrets";
import { forbidden, invalid } from "@/lib/http/errors";
import { enqueueMail } from "@/lib/mail/queue";
import { accountDeletedMail } from "@/lib/mail/templates/account-deleted";
import { IGNORED_FIELDS } from "@/lib/validation/rules";

const DAY_MS = 86_400_000;

/** When an account its owner deleted at `deletedAt` is purged (`retention.deleted-accounts-days`). */
const purgeDate = (deletedAt: Date, graceDays: number) =>
  new Date(deletedAt.getTime() + graceDays * DAY_MS);

/**
 * The step-up before deleting an account: the current password, sent with the request (Laravel
 * Jetstream's DeleteUser). A recent password confirmation (a middleware of the second factor's
 * work, decision record 023) would be accepted here instead; until then the password is required.
 */
async function confirmStepUp(user: User, password: string): Promise<void> {
  if (!(await verifyPassword(password, user.password)))
    throw invalid("password", "The password is incorrect.");
}

/**
 * Deletes the caller's own account: soft-deleted at once, and in the same transaction the
 * credential ledger ends what a deletion ends (decision record 082: every session, this one too,
 * every token and app grant, the address's pending change), the owner mailed, the activity log
 * told. The data is purged after the grace period unless an administrator restores
 * the account first (decision record 021).
 */
export async function deleteOwnAccount(
  ctx: Context,
  user: User,
): Promise<Date> {
  const purgeAt = purgeDate(
    ctx.now,
    ctx.config.retention["deleted-accounts-days"],
  );
  await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx
      .update(users)
      .set({ deletedAt: ctx.now, updatedAt: ctx.now })
      .where(and(eq(users.id, user.id), isNull(users.deletedAt)))
      .returning({ id: users.id });
    // Deleted meanwhile (another request): the guard refuses this one's session from now on.
    if (!deleted) throw forbidden();
    const ended = await endCredentials(
      tx,
      requestEventDeps(ctx),
      "account-deleted",
      user,
    );
    await tx
      .insert(accountDeletions)
      .values({ userId: user.id, requestedAt: ctx.now })
      .onConflictDoUpdate({
        target: accountDeletions.userId,
        set: { requestedAt: ctx.now },
      });
    await recordActivity(
      tx,
      {
        event: "account-deleted",
        subjectId: user.id,
        ip: ctx.ip,
        properties: { purge_at: purgeAt.toISOString(), ended },
      },
      ctx.now,
    );
    const notice = {
      to: user.email,
      deletedAt: ctx.now,
      purgeAt,
      ip: ctx.ip,
      appUrl: ctx.env.APP_URL,
    };
    await enqueueMail(
      tx,
      accountDeletedMail(ctx.locale, notice),
      ctx.now,
      mailQueueKey(ctx.env.SESSION_SECRET),
    );
  });
  return purgeAt;
}

/**
 * DELETE /api/app/user {password} (Laravel Jetstream's `DELETE /user`): 422 on `password` when it
 * is wrong; 403 while impersonating (the administrator holds the user's session, not their consent).
 */
export const deleteAccountEndpoint = defineEndpoint({
  input: () =>
    z.strictObject({ password: z.string().max(255), ...IGNORED_FIELDS }),
  async run(ctx, input) {
    const user = ctx.requireUser();
    if ((await ctx.session.data())?.impersonate_token)
      throw forbidden("An account cannot be deleted while impersonating.");
    await confirmStepUp(user, input.password);
    const purgeAt = await deleteOwnAccount(ctx, user);
    // The row is gone already; this starts a fresh guest session with a new CSRF token.
    await ctx.session.logout();
    ctx.services.wakeMailWorker();
    return {
      success: true,
      message: ctx.t("Your account has been deleted."),
      purge_at: purgeAt.toISOString(),
    };
  },
});
