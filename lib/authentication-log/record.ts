import "server-only";
import { and, desc, eq, isNull, type SQLWrapper, sql } from "drizzle-orm";
import { authenticationLog, type User, users } from "@/db/schema";
import type { Context } from "@/lib/server/context";

type Ctx = Pick<Context, "db" | "config" | "ip" | "userAgent" | "now">;

/** The rows of one account: rappasoft's morph keys, with this server's `user-class`. */
export const rowsOf = (userClass: string, userId: number) =>
  and(
    eq(authenticationLog.authenticatableType, userClass),
    eq(authenticationLog.authenticatableId, userId),
  );

/** A device as the package keys it: the address and the user agent, exactly. */
export const isDevice = (ip: string | null, userAgent: string | null) =>
  and(
    sql`${authenticationLog.ipAddress} is not distinct from ${ip?.slice(0, 45) ?? null}`,
    sql`${authenticationLog.userAgent} is not distinct from ${userAgent || null}`,
  );

/** The request's device. */
const sameDevice = (ctx: Ctx) => isDevice(ctx.ip, ctx.userAgent);

/** Whose row, and from which device: the account's morph keys, the address and the user agent. */
const deviceRow = (ctx: Ctx, user: Pick<User, "id">) => ({
  authenticatableType: ctx.config["user-class"],
  authenticatableId: user.id,
  ipAddress: ctx.ip.slice(0, 45),
  userAgent: ctx.userAgent || null,
});

/**
 * The row of a sign-in (`successful`) or of a failed password for an existing account, from the
 * request's address and user agent (rappasoft's LoginListener and FailedLoginListener). As a
 * statement, for the caller to fold into the write it already makes. `location` stays null: this
 * server looks up no addresses.
 */
export function attemptStatement(
  ctx: Ctx,
  user: Pick<User, "id">,
  successful: boolean,
) {
  return ctx.db.insert(authenticationLog).values({
    ...deviceRow(ctx, user),
    loginAt: ctx.now,
    loginSuccessful: successful,
  });
}

export type DeviceHistory = { hasHistory: boolean; isKnown: boolean };

/**
 * What the account's past sign-ins say of the request's device, as two columns for a caller's
 * own lookup (login folds them into its one read, decision record 010): how many times it signed
 * in, and how many from this address and user agent. Failed rows do not count: a guess of the
 * password from a device must not make that device known (decision record 095).
 */
export function deviceHistoryColumns(ctx: Ctx, userId: SQLWrapper | number) {
  const signIns = and(
    eq(authenticationLog.authenticatableType, ctx.config["user-class"]),
    sql`${authenticationLog.authenticatableId} = ${userId}`,
    eq(authenticationLog.loginSuccessful, true),
  );
  return {
    signIns: sql<number>`(select count(*)::int from ${authenticationLog} where ${signIns})`,
    fromHere: sql<number>`(select count(*)::int from ${authenticationLog} where ${signIns} and ${sameDevice(ctx)})`,
  };
}

/** The two counts of `deviceHistoryColumns`, read. */
export const deviceHistoryOf = (counts: {
  signIns: number | null;
  fromHere: number | null;
}): DeviceHistory => ({
  hasHistory: (counts.signIns ?? 0) > 0,
  isKnown: (counts.fromHere ?? 0) > 0,
});

/** The device history of a sign-in path that has no lookup of its own to fold it into. */
export async function readDeviceHistory(
  ctx: Ctx,
  user: Pick<User, "id">,
): Promise<DeviceHistory> {
  const [row] = await ctx.db
    .select(deviceHistoryColumns(ctx, users.id))
    .from(users)
    .where(eq(users.id, user.id));
  return deviceHistoryOf(row ?? { signIns: 0, fromHere: 0 });
}

/**
 * A sign-out: the logout time on the latest sign-in of this device that has none (rappasoft's
 * LogoutListener matches address and user agent the same way); a row of its own when there is
 * none, as the package saves one.
 */
export async function recordSignOut(
  ctx: Ctx,
  user: Pick<User, "id">,
): Promise<void> {
  const [latest] = await ctx.db
    .select({ id: authenticationLog.id })
    .from(authenticationLog)
    .where(
      and(
        rowsOf(ctx.config["user-class"], user.id),
        sameDevice(ctx),
        eq(authenticationLog.loginSuccessful, true),
        isNull(authenticationLog.logoutAt),
      ),
    )
    .orderBy(desc(authenticationLog.loginAt), desc(authenticationLog.id))
    .limit(1);
  if (latest) {
    await ctx.db
      .update(authenticationLog)
      .set({ logoutAt: ctx.now })
      .where(eq(authenticationLog.id, latest.id));
    return;
  }
  await ctx.db
    .insert(authenticationLog)
    .values({ ...deviceRow(ctx, user), logoutAt: ctx.now });
}
