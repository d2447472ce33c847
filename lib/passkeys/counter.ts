import "server-only";
import type { Passkey, User } from "@/db/schema";
import { recordActivity } from "@/lib/audit/activity";
import type { Context } from "@/lib/server/context";
import { emit } from "@/lib/server/events";
import { mailQueueKey } from "@/lib/crypto/secrets";
import { invalid } from "@/lib/http/errors";
import { enqueueMail } from "@/lib/mail/queue";
import { passkeyRefusedMail } from "@/lib/mail/templates/passkey-refused";
import { PROFILE_PATH } from "@/lib/users/email-change";

export const COUNTER_REFUSED =
  "This passkey was refused: its signature counter went backwards, a sign of a copied authenticator.";

/**
 * WebAuthn §6.1.1: a counter that is not above the stored one, when either is non-zero, means
 * two authenticators share the key. Authenticators that keep no counter always send 0.
 */
export function isCounterBehind(stored: number, received: number): boolean {
  return (stored > 0 || received > 0) && received <= stored;
}

/**
 * Refuses a passkey whose counter went backwards (decision record 026): the attempt goes to
 * the activity log and to its owner's mailbox, and the request ends in a 422 on `credential`.
 * Only reached after the signature verified, so nobody can mail an owner with a forged response.
 */
export async function refuseClonedPasskey(
  ctx: Context,
  owner: User,
  passkey: Passkey,
  received: number,
): Promise<never> {
  await ctx.db.transaction(async (tx) => {
    await recordActivity(
      tx,
      {
        event: "passkey-refused",
        subjectId: owner.id,
        ip: ctx.ip,
        properties: {
          passkey_id: passkey.id,
          reason: "counter",
          stored: passkey.credential.counter,
          received,
        },
      },
      ctx.now,
    );
    const notice = {
      to: owner.email,
      passkeyName: passkey.name,
      at: ctx.now,
      ip: ctx.ip,
      profileUrl: `${ctx.env.APP_URL}${PROFILE_PATH}`,
    };
    await enqueueMail(
      tx,
      passkeyRefusedMail(ctx.locale, notice),
      ctx.now,
      mailQueueKey(ctx.env.SESSION_SECRET),
    );
  });
  await emit("PasskeyRefused", { user: owner, passkey, reason: "counter" });
  throw invalid("credential", COUNTER_REFUSED);
}
