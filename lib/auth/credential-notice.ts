import "server-only";
import type { Db } from "@/db/client";
import type { User } from "@/db/schema";
import type { Context } from "@/lib/server/context";
import { mailQueueKey } from "@/lib/crypto/secrets";
import { enqueueMail } from "@/lib/mail/queue";
import { credentialNoticeMail } from "@/lib/mail/templates/credential-notice";
import { log } from "@/lib/observability/request-scope";
import { describeDevice } from "@/lib/sessions/list";
import { PROFILE_PATH } from "@/lib/users/email-change";

type Executor = Pick<Db, "insert">;

/**
 * What the owner is told after each route of a telling credential class (adds, removes, changes;
 * decision record 028), by auth action or host route name. `null`: the route tells nothing itself,
 * with the reason beside it. test/unit/credential-classes.test.ts fails on a telling row missing here.
 */
export const CREDENTIAL_NOTICES: Record<string, string | null> = {
  "create-token": "An API token named “:name” was created.",
  "passport.authorizations.authorize":
    "The app “:name” was allowed to use your account.",
  "passport.device.authorizations.authorize":
    "A device signed in to the app “:name” with your account.",
  "passport.personal.tokens.store":
    "A personal access token named “:name” was created.",
  "passport.clients.store": "The OAuth app “:name” was registered.",
  "passport.clients.update":
    "The OAuth app “:name” was changed (its name or redirect addresses).",
  "passport.clients.destroy":
    "The OAuth app “:name” was deleted, and every access it had ended.",
  "passport.clients.secret":
    "The OAuth client “:name” was given a new secret; the old one stops at the end of its overlap.",
  "roll-token":
    "The API token “:name” was given a new secret; the old one stops at the end of its grace.",
  // A secret still waiting for its first code lets nobody in: two-factor-confirm tells.
  "two-factor-enable": null,
  "two-factor-confirm": "Two-factor authentication was turned on.",
  "two-factor-regenerate-recovery-codes":
    "New recovery codes were made; the old ones no longer work.",
  // Options add nothing yet: passkey-store tells.
  "passkey-registration-options": null,
  "passkey-store": "A passkey named “:name” was added.",
  "two-factor-disable": "Two-factor authentication was turned off.",
  "passkey-destroy": "The passkey “:name” was removed.",
  "session-destroy": "A browser session was signed out.",
  "other-browser-sessions": "Every other browser session was signed out.",
  "update-password":
    "Your password was changed, and your other browsers were signed out.",
  "set-password":
    "A password was set for your account, and your other browsers were signed out.",
  // Deleting the account mails its own notice, with the date it is purged (decision record 021).
  "api.app.user.destroy": null,
};

/** The key of CREDENTIAL_NOTICES for the request's route: the auth action, else the host route's name. */
export const noticeKey = (ctx: Pick<Context, "route" | "routeName">) =>
  ctx.route?.action ?? ctx.routeName ?? "";

/**
 * Queues a notice to `user` about a change to the ways into their account: what happened (already
 * translated), the time, the address and the device of the request. `db` may be a transaction.
 */
export async function queueCredentialNotice(
  ctx: Context,
  db: Executor,
  user: Pick<User, "email">,
  kind: "added" | "removed" | "changed",
  what: string[],
): Promise<void> {
  const message = credentialNoticeMail(ctx.locale, {
    to: user.email,
    kind,
    what,
    at: ctx.now,
    ip: ctx.ip,
    device: describeDevice(ctx),
    securityUrl: `${ctx.env.APP_URL}${PROFILE_PATH}`,
  });
  await enqueueMail(db, message, ctx.now, mailQueueKey(ctx.env.SESSION_SECRET));
}

/**
 * The pipeline's notice after a successful action of a telling class: its sentence, about the
 * signed-in user's account or the one the endpoint named (create-token signs in with credentials).
 */
export async function noticeCredentialChange(
  ctx: Context,
  kind: "added" | "removed" | "changed",
): Promise<void> {
  const sentence = CREDENTIAL_NOTICES[noticeKey(ctx)];
  const user = ctx.credentialChange?.user ?? ctx.auth?.user;
  if (!sentence || !user) {
    if (sentence === undefined)
      log().warn({ route: noticeKey(ctx) }, "no credential notice for route");
    return;
  }
  const what = ctx.t(sentence, { name: ctx.credentialChange?.name ?? "" });
  await queueCredentialNotice(ctx, ctx.db, user, kind, [what]);
  ctx.services.wakeMailWorker();
}
