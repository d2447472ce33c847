import "server-only";
import { and, eq } from "drizzle-orm";
import { type User, users } from "@/db/schema";
import { recordActivity } from "@/lib/audit/activity";
import { hashPassword } from "@/lib/auth/passwords";
import type { Context } from "@/lib/server/context";
import {
  endCredentials,
  requestEventDeps,
} from "@/lib/server/credential-ledger";
import { emit } from "@/lib/server/events";
import { passwordFingerprint } from "@/lib/server/session-validity";

/**
 * The signed-in owner's new password (update-password, and set-password's first one: decision
 * record 107). Other browsers are signed out, this one stays (contract §3 Session, fixed in
 * 6.0.3), and the impersonations they started end (decision record 008); tokens follow
 * `tokens.revoke-on-password-change` (decision record 028). The ledger says (082). With
 * `onlyOver`, the row changes only while it still holds that hash (of two racing first passwords,
 * one is set); null when it no longer did.
 */
export async function changePassword(
  ctx: Context,
  user: User,
  plain: string,
  onlyOver?: string,
): Promise<User | null> {
  const hash = await hashPassword(plain, ctx.config.hashing.rounds);
  const updated = await ctx.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(users)
      .set({ password: hash, updatedAt: ctx.now })
      .where(
        onlyOver === undefined
          ? eq(users.id, user.id)
          : and(eq(users.id, user.id), eq(users.password, onlyOver)),
      )
      .returning();
    if (!changed && onlyOver !== undefined) return null;
    const ended = await endCredentials(
      tx,
      requestEventDeps(ctx),
      "password-changed",
      user,
      ctx.session.id,
    );
    await recordActivity(
      tx,
      {
        event: "password-changed",
        subjectId: user.id,
        ip: ctx.ip,
        properties: {
          tokens: ended["sanctum-tokens"] ?? 0,
          ended,
          ...(onlyOver !== undefined && { first: true }),
        },
      },
      ctx.now,
    );
    return changed ?? user;
  });
  if (!updated) return null;
  await ctx.session.update({ fingerprint: passwordFingerprint(hash) }, updated);
  await emit("PasswordReset", { user: updated });
  return updated;
}
