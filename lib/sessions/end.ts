import "server-only";
import { eq } from "drizzle-orm";
import { sessions, type User } from "@/db/schema";
import { recordActivity } from "@/lib/audit/activity";
import type { Context } from "@/lib/server/context";
import { emit } from "@/lib/server/events";
import { notFound } from "@/lib/http/errors";
import { listSessions } from "@/lib/sessions/list";
import {
  endCredentials,
  requestEventDeps,
} from "@/lib/server/credential-ledger";

/**
 * Ends the user's session with this opaque handle (404 when none): its row is deleted, so every
 * copy of its cookie is signed out on its next request. `causer` is the administrator who did it.
 * Returns whether it was the caller's own session.
 */
export async function endSession(
  ctx: Context,
  user: User,
  handle: string,
  causer?: User,
): Promise<boolean> {
  const currentId = causer ? undefined : ctx.session.id;
  const entry = (await listSessions(ctx, user, currentId)).find(
    (candidate) => candidate.id === handle,
  );
  if (!entry) throw notFound();
  if (entry.current) await ctx.session.logout();
  else await ctx.db.delete(sessions).where(eq(sessions.id, entry.rowId));
  await recordActivity(
    ctx.db,
    {
      event: "sessions-ended",
      subjectId: user.id,
      causerId: causer?.id,
      ip: ctx.ip,
      properties: { count: 1 },
    },
    ctx.now,
  );
  await emit("OtherDeviceLogout", {
    user,
    sessions: 1,
    request: ctx,
    device: { ipAddress: entry.ip_address, userAgent: entry.userAgent },
  });
  return entry.current;
}

/**
 * Ends every session of the user but the caller's (Laravel's `logoutOtherDevices`): the ledger's
 * `signed-out-everywhere` (decision record 082), so the sign-ins waiting for a second factor and
 * the impersonations the user started end with them; returns how many sessions ended.
 */
export async function endOtherSessions(
  ctx: Context,
  user: User,
): Promise<number> {
  const ended = await ctx.db.transaction(async (tx) => {
    const kinds = await endCredentials(
      tx,
      requestEventDeps(ctx),
      "signed-out-everywhere",
      user,
      ctx.session.id ?? undefined,
    );
    const count = kinds["browser-sessions"] ?? 0;
    await recordActivity(
      tx,
      {
        event: "sessions-ended",
        subjectId: user.id,
        ip: ctx.ip,
        properties: { count, ended: kinds },
      },
      ctx.now,
    );
    return count;
  });
  await emit("OtherDeviceLogout", { user, sessions: ended, request: ctx });
  return ended;
}
