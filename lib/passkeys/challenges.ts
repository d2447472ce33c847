import "server-only";
import { and, eq, lt } from "drizzle-orm";
import { passkeyChallenges } from "@/db/schema";
import type { Context } from "@/lib/server/context";
import { sha256Hex } from "@/lib/crypto/secrets";
import { invalid } from "@/lib/http/errors";

export type ChallengePurpose = "login" | "confirm" | "register" | "signup";

/** How long a challenge can be answered: long enough for a browser's autofill to wait on it. */
export const CHALLENGE_TTL_SECONDS = 300;
export const CHALLENGE_EXPIRED =
  "Passkey verification session expired. Please try again.";

/**
 * Keeps a challenge just handed out (decision record 025): only its hash is stored, bound to
 * this session, a purpose and (for a signed-in ceremony) the user.
 */
export async function keepChallenge(
  ctx: Context,
  purpose: ChallengePurpose,
  challenge: string,
  userId: number | null,
): Promise<void> {
  await ctx.db.insert(passkeyChallenges).values({
    id: sha256Hex(challenge),
    sessionKey: ctx.session.bindingKey(),
    purpose,
    userId,
    expiresAt: new Date(ctx.now.getTime() + CHALLENGE_TTL_SECONDS * 1000),
  });
}

/**
 * Uses up the challenge a response answers: deleted by the statement that finds it, so it
 * serves once across every instance. 422 on `credential` when it is unknown, another
 * session's, for another purpose or user, or expired.
 */
export async function consumeChallenge(
  ctx: Context,
  purpose: ChallengePurpose,
  challenge: string,
  userId: number | null,
): Promise<void> {
  const [row] = await ctx.db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.id, sha256Hex(challenge)),
        eq(passkeyChallenges.sessionKey, ctx.session.bindingKey()),
        eq(passkeyChallenges.purpose, purpose),
      ),
    )
    .returning({
      userId: passkeyChallenges.userId,
      expiresAt: passkeyChallenges.expiresAt,
    });
  if (
    !row ||
    row.userId !== userId ||
    row.expiresAt.getTime() <= ctx.now.getTime()
  )
    throw invalid("credential", CHALLENGE_EXPIRED);
}

/** Challenges past their time (the pruning task). */
export function pruneChallenges(db: Context["db"], now: Date) {
  return db
    .delete(passkeyChallenges)
    .where(lt(passkeyChallenges.expiresAt, now))
    .returning({ id: passkeyChallenges.id });
}
