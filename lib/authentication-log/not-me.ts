import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { authenticationLog, sessions, users } from "@/db/schema";
import { recordActivity } from "@/lib/audit/activity";
import { NOT_ME_PAGE } from "@/lib/authentication-log/new-device";
import { rowsOf } from "@/lib/authentication-log/record";
import { NOT_ME } from "@/lib/contract/authentication-log/routes";
import { hasValidSignature } from "@/lib/crypto/signed-urls";
import { forbidden } from "@/lib/http/errors";
import { defineEndpoint } from "@/lib/server/endpoint";
import { sessionHandle } from "@/lib/sessions/list";

/**
 * POST /api/app/authentication-log/not-me: the new-device mail's link, sent on by its page's
 * button (a mail scanner fetching the link signs no one out). The signature and its expiry are the
 * link's; the session it names is ended if it still lives, and the log row marked cleared by the
 * user. Idempotent: a second press ends nothing more and answers the same. The answer names the
 * account's address, for the page to open the password reset with it (decision record 095).
 */
export const notMe = defineEndpoint({
  input: () => NOT_ME.input,
  async run(ctx, input) {
    const link = new URL(NOT_ME_PAGE, ctx.url);
    for (const key of ["log", "session", "expires", "signature"] as const)
      link.searchParams.set(key, input[key]);
    if (!hasValidSignature(ctx.env.SESSION_SECRET, link, ctx.now))
      throw forbidden("Invalid signature.");
    const [entry] = await ctx.db
      .select({ userId: users.id, email: users.email })
      .from(authenticationLog)
      .innerJoin(
        users,
        and(
          eq(users.id, authenticationLog.authenticatableId),
          eq(authenticationLog.authenticatableType, ctx.config["user-class"]),
          sql`${users.deletedAt} is null`,
        ),
      )
      .where(eq(authenticationLog.id, Number(input.log)))
      .limit(1);
    if (!entry) throw forbidden("Invalid signature.");
    const owned = await ctx.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, entry.userId));
    const ended = owned.filter(
      ({ id }) => sessionHandle(ctx, id) === input.session,
    );
    for (const { id } of ended)
      await ctx.db.delete(sessions).where(eq(sessions.id, id));
    await ctx.db
      .update(authenticationLog)
      .set({
        clearedByUser: true,
        logoutAt: sql`coalesce(${authenticationLog.logoutAt}, ${ctx.now.toISOString()}::timestamp)`,
      })
      .where(
        and(
          eq(authenticationLog.id, Number(input.log)),
          rowsOf(ctx.config["user-class"], entry.userId),
        ),
      );
    if (ended.length > 0)
      await recordActivity(
        ctx.db,
        {
          event: "sessions-ended",
          subjectId: entry.userId,
          ip: ctx.ip,
          properties: { count: ended.length, reason: "not-me" },
        },
        ctx.now,
      );
    return { success: true, email: entry.email };
  },
});
