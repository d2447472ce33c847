import "server-only";
import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { authenticationLog } from "@/db/schema";
import { isDevice, rowsOf } from "@/lib/authentication-log/record";
import type { AuthEvents } from "@/lib/server/events";

type SessionsEnded = AuthEvents["OtherDeviceLogout"];

/**
 * `OtherDeviceLogout` in the sign-in history, as rappasoft's OtherDeviceLogoutListener writes it:
 * every successful sign-in of the account but the caller's device's latest is `cleared_by_user`
 * with its `logout_at`. One session ended from the list marks only its device's latest open
 * sign-in. A `logout_at` already written is kept, where the package overwrites it: the time a
 * browser signed itself out stays true (decision record 111).
 */
export async function markSessionsEnded({
  user,
  request,
  device,
}: SessionsEnded): Promise<void> {
  const { db, config, now } = request;
  const account = rowsOf(config["user-class"], user.id);
  const signedIn = and(account, eq(authenticationLog.loginSuccessful, true));
  const latestFrom = (ip: string | null, userAgent: string | null) =>
    db
      .select({ id: authenticationLog.id })
      .from(authenticationLog)
      .where(
        and(
          signedIn,
          isDevice(ip, userAgent),
          device && isNull(authenticationLog.logoutAt),
        ),
      )
      .orderBy(desc(authenticationLog.loginAt), desc(authenticationLog.id))
      .limit(1);
  const cleared = {
    clearedByUser: true,
    logoutAt: sql`coalesce(${authenticationLog.logoutAt}, ${now.toISOString()}::timestamp)`,
  };
  if (device) {
    const [ended] = await latestFrom(device.ipAddress, device.userAgent);
    if (ended)
      await db
        .update(authenticationLog)
        .set(cleared)
        .where(eq(authenticationLog.id, ended.id));
    return;
  }
  const [kept] = await latestFrom(request.ip, request.userAgent);
  await db
    .update(authenticationLog)
    .set(cleared)
    .where(and(signedIn, kept && ne(authenticationLog.id, kept.id)));
}
