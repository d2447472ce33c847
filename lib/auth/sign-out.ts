import "server-only";
import type { User } from "@/db/schema";
import { recordActivity } from "@/lib/audit/activity";
import { endedEntry } from "@/lib/audit/impersonation-end";
import { recordSignOut } from "@/lib/authentication-log/record";
import type { Context } from "@/lib/server/context";

/**
 * Ends the browser's session and writes it in the activity log: the logout action's and the
 * OpenID Connect logout's (lib/oauth/end-session.ts) one way out. Signing out while impersonating
 * ends the impersonation too, and the audit trail says so; the account's own sign-out goes in its
 * sign-in history (decision record 095), an impersonation's does not.
 */
export async function signOutSession(ctx: Context, user: User): Promise<void> {
  const impersonation = (await ctx.session.data())?.impersonate_token;
  const { id: requester } = await ctx.session.impersonator();
  await ctx.session.logout();
  if (impersonation)
    await recordActivity(
      ctx.db,
      endedEntry(ctx.ip, user.id, requester, "logout"),
      ctx.now,
    );
  else await recordSignOut(ctx, user);
  await recordActivity(
    ctx.db,
    { event: "logout", subjectId: user.id, ip: ctx.ip },
    ctx.now,
  );
}
