import "server-only";
import type { SQLWrapper } from "drizzle-orm";
import { authenticationLog, type User } from "@/db/schema";
import {
  attemptStatement,
  type DeviceHistory,
  readDeviceHistory,
} from "@/lib/authentication-log/record";
import { mailQueueKey } from "@/lib/crypto/secrets";
import { signPath } from "@/lib/crypto/signed-urls";
import { enqueueMail } from "@/lib/mail/queue";
import { newDeviceMail } from "@/lib/mail/templates/new-device";
import type { Context } from "@/lib/server/context";
import { describeDevice, sessionHandle } from "@/lib/sessions/list";

/** The page the "this was not me" link opens: it signs the device out only when its button is pressed. */
export const NOT_ME_PAGE = "/not-me";

/**
 * The signed link of the new-device mail: the log row and an opaque handle of the session that
 * signed in (lib/sessions/list.ts), never the session's id. It lets no one in: it only ends that
 * session and leads to the password reset (decision record 095).
 */
export function notMePath(
  ctx: Pick<Context, "env" | "config" | "now">,
  logId: number,
  sessionRowId: string,
): string {
  const minutes = ctx.config["authentication-log"]["not-me-expire"];
  const query = new URLSearchParams({
    log: String(logId),
    session: sessionHandle(ctx, sessionRowId),
  });
  return signPath(
    ctx.env.SESSION_SECRET,
    `${NOT_ME_PAGE}?${query.toString()}`,
    new Date(ctx.now.getTime() + minutes * 60_000),
  );
}

/**
 * After a sign-in from a device the account had not signed in from, with a history to compare
 * against (decision record 095: an account's first recorded sign-in mails nothing): the owner is
 * mailed the time, the device and the address, with the "this was not me" link.
 */
export async function tellOfNewDevice(
  ctx: Context,
  user: Pick<User, "email">,
  logId: number,
): Promise<void> {
  const sessionRowId = ctx.session.id;
  if (!sessionRowId) return;
  const message = newDeviceMail(ctx.locale, {
    to: user.email,
    at: ctx.now,
    ip: ctx.ip,
    device: describeDevice(ctx),
    notMeUrl: `${ctx.env.APP_URL}${notMePath(ctx, logId, sessionRowId)}`,
    minutes: ctx.config["authentication-log"]["not-me-expire"],
  });
  await enqueueMail(
    ctx.db,
    message,
    ctx.now,
    mailQueueKey(ctx.env.SESSION_SECRET),
  );
  ctx.services.wakeMailWorker();
}

/**
 * The sign-in's row of the log (decision record 095): from a known device, a statement for the
 * caller to fold into the session's write (`alongside`); from a new one, written once the session
 * is (`after`), for its id goes in the link of the mail that follows. `known`: the device's history
 * when the caller read it in its own lookup.
 */
export async function logSignIn(
  ctx: Context,
  user: Pick<User, "id" | "email">,
  known?: DeviceHistory,
): Promise<{ alongside: SQLWrapper[]; after: () => Promise<void> }> {
  const { hasHistory, isKnown } = known ?? (await readDeviceHistory(ctx, user));
  const tells =
    !isKnown &&
    hasHistory &&
    ctx.config["authentication-log"]["new-device-mail"];
  if (!tells)
    return {
      alongside: [attemptStatement(ctx, user, true)],
      after: async () => {},
    };
  return {
    alongside: [],
    after: async () => {
      const [row] = await attemptStatement(ctx, user, true).returning({
        id: authenticationLog.id,
      });
      if (row) await tellOfNewDevice(ctx, user, row.id);
    },
  };
}
