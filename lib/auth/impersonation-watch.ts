import "server-only";
import type { User } from "@/db/schema";
import { recordActivity } from "@/lib/audit/activity";
import {
  endedEntry,
  type ImpersonationEnd,
} from "@/lib/audit/impersonation-end";
import type { Context } from "@/lib/server/context";
import { mayUseImpersonation } from "@/lib/auth/impersonation";
import type { ImpersonationWatch } from "@/lib/server/session";
import { passwordFingerprint } from "@/lib/server/session-validity";
import type { SessionRecord } from "@/lib/server/session-store";

/**
 * Decision record 008: why an impersonating session may not go on, or null. Everything it reads
 * came with the session row (the requester is joined to it), so it costs no round trip; only an
 * application's token-use authorizer may do more.
 */
export async function impersonationOver(
  ctx: Context,
  record: SessionRecord & { user: User },
): Promise<ImpersonationEnd | null> {
  const started = record.data.impersonation;
  // A session written before impersonations were recorded this way: nothing to judge it by.
  if (!started || record.impersonatorId === null) return "invalid-token";
  // contract §3: the order of its revert rows, time first.
  if (
    ctx.now.getTime() - started.at >
    ctx.config.limits["impersonation-max-duration"] * 1000
  )
    return "expired";
  const requester = record.requester;
  if (!requester) return "original-gone";
  if (passwordFingerprint(requester.password) !== started.fingerprint)
    return "password-changed";
  if (!ctx.config["allow-impersonate"]) return "impersonation-disabled";
  if (!(await mayUseImpersonation(ctx, requester, record.user)))
    return "not-allowed";
  return null;
}

/**
 * The request's watch over an impersonating session (Session.watchImpersonation): an ended one is
 * deleted and recorded, and the request goes on as a guest's — except revert-impersonate, which
 * answers it as contract §3 says.
 */
export function impersonationWatch(ctx: Context): ImpersonationWatch {
  return {
    over: (record) => impersonationOver(ctx, record),
    answersEnded: () => ctx.route?.action === "revert-impersonate",
    ended: (record, reason) =>
      recordActivity(
        ctx.db,
        endedEntry(
          ctx.ip,
          record.user.id,
          record.impersonatorId,
          reason as ImpersonationEnd,
        ),
        ctx.now,
      ),
  };
}
