import "server-only";
import { and, eq, isNull, lte, or } from "drizzle-orm";
import { passwordResetTokens, type User, users } from "@/db/schema";
import type { Context } from "@/lib/server/context";
import { hashPassword, verifyPassword } from "@/lib/auth/passwords";
import {
  mailQueueKey,
  randomToken,
  safeEqual,
  sha256Hex,
} from "@/lib/crypto/secrets";
import { recordActivity } from "@/lib/audit/activity";
import { queueCredentialNotice } from "@/lib/auth/credential-notice";
import { takenBack as takenBackFrom } from "@/lib/auth/takeover";
import {
  endCredentials,
  requestEventDeps,
} from "@/lib/server/credential-ledger";
import { enqueueCompose, enqueueMail } from "@/lib/mail/queue";
import type { Composer } from "@/lib/mail/worker";
import type { AuthConfig } from "@/lib/config/auth";
import type { Env } from "@/lib/env";
import { findUserByEmail } from "@/lib/users/users";
import { LOCALES } from "@/lib/i18n/catalog";
import type { Db } from "@/db/client";
import { z } from "zod";
import { resetPasswordMail } from "@/lib/mail/templates/reset-password";
import { invalid } from "@/lib/http/errors";

/** A second link is not sent within this many seconds of the first (silently: no enumeration). */
const RESEND_THROTTLE_SECONDS = 60;
export const INVALID_TOKEN = "This password reset token is invalid.";

type ResetLinkDeps = {
  db: Db;
  config: AuthConfig;
  env: Env;
  wakeMailWorker: () => void;
};

/** docs/contract.md rule 8: the front end's reset screen, with the token and the URL-encoded email. */
export function resetUrl(
  deps: Pick<ResetLinkDeps, "config" | "env">,
  token: string,
  email: string,
): string {
  const path = deps.config.frontend["reset-password"]
    .replace("{token}", encodeURIComponent(token))
    .replace("{email}", encodeURIComponent(email));
  return `${deps.env.APP_URL}/${path.replace(/^\/+/, "")}`;
}

export const RESET_LINK_COMPOSER = "password-reset-link";
const resetLinkJobSchema = z.object({
  email: z.string(),
  locale: z.enum(LOCALES),
  requestedAt: z.int(),
});

/**
 * forgot-password's whole work on the request path: one queued job, the same statement whether or
 * not an account has this email, so neither the answer nor its timing tells (contract §9). The
 * worker looks the account up and sends the link (composeResetLink).
 */
export async function requestResetLink(
  ctx: Context,
  email: string,
): Promise<void> {
  await enqueueCompose(
    ctx.db,
    {
      type: "compose",
      composer: RESET_LINK_COMPOSER,
      data: { email, locale: ctx.locale, requestedAt: ctx.now.getTime() },
    },
    ctx.now,
  );
  ctx.services.wakeMailWorker();
}

/**
 * The worker's half: stores a fresh token (hashed) and queues the email, in one transaction, when
 * the address names an active account. One upsert decides whether a link may be sent: concurrent
 * requests for one email store one token and send one message.
 */
export function composeResetLink(deps: ResetLinkDeps): Composer {
  return async (data) => {
    const { email, locale, requestedAt } = resetLinkJobSchema.parse(data);
    const user = await findUserByEmail(deps.db, email);
    if (!user) return;
    // The request's time: the link's lifetime and the once-a-minute rule count from it.
    const now = new Date(requestedAt);
    const token = randomToken(32);
    const hash = sha256Hex(token);
    const resendFrom = new Date(now.getTime() - RESEND_THROTTLE_SECONDS * 1000);
    const sent = await deps.db.transaction(async (tx) => {
      const stored = await tx
        .insert(passwordResetTokens)
        .values({ email: user.email, token: hash, createdAt: now })
        .onConflictDoUpdate({
          target: passwordResetTokens.email,
          set: { token: hash, createdAt: now },
          setWhere: or(
            isNull(passwordResetTokens.createdAt),
            lte(passwordResetTokens.createdAt, resendFrom),
          ),
        })
        .returning({ email: passwordResetTokens.email });
      if (stored.length === 0) return false;
      const message = resetPasswordMail(
        locale,
        user.email,
        resetUrl(deps, token, user.email),
        deps.config.passwords.expire,
      );
      await enqueueMail(
        tx,
        message,
        now,
        mailQueueKey(deps.env.SESSION_SECRET),
      );
      return true;
    });
    if (sent) deps.wakeMailWorker();
  };
}

// Rows written by a Laravel application hold a bcrypt hash of the token; ours a sha256.
async function tokenMatches(stored: string, token: string): Promise<boolean> {
  return stored.startsWith("$2")
    ? verifyPassword(token, stored)
    : safeEqual(stored, sha256Hex(token));
}

/**
 * The stored reset row of `email` when `token` is its link's and it has not expired (the
 * `passwords.expire` minutes); null otherwise. Reads only: the reset consumes it.
 */
export async function validResetRow(
  ctx: Context,
  email: string,
  token: string,
): Promise<typeof passwordResetTokens.$inferSelect | null> {
  const [row] = await ctx.db
    .select()
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.email, email));
  const fresh =
    row?.createdAt &&
    ctx.now.getTime() - row.createdAt.getTime() <=
      ctx.config.passwords.expire * 60_000;
  return row && fresh && (await tokenMatches(row.token, token)) ? row : null;
}

/**
 * Sets a new password with a valid reset token: the token is consumed in the same transaction
 * (single use, even under concurrent requests), and the credential ledger ends what a reset ends
 * (decision record 082): every session and token, the impersonations it started: a reset means
 * the account may have been taken. An account whose address was never proven is taken back from
 * whoever registered it (the ledger's `address-claimed`: its passkeys, second factor, apps and
 * pending address change go too; decision record 028). The activity log says what ended, and
 * the owner is mailed.
 */
export async function resetPassword(
  ctx: Context,
  user: User,
  token: string,
  password: string,
): Promise<User> {
  const row = await validResetRow(ctx, user.email, token);
  if (!row) throw invalid("email", INVALID_TOKEN);
  const hash = await hashPassword(password, ctx.config.hashing.rounds);
  const updated = await ctx.db.transaction(async (tx) => {
    const consumed = await tx
      .delete(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.email, row.email),
          eq(passwordResetTokens.token, row.token),
        ),
      )
      .returning({ email: passwordResetTokens.email });
    if (consumed.length === 0) throw invalid("email", INVALID_TOKEN);
    const [changed] = await tx
      .update(users)
      .set({ password: hash, updatedAt: ctx.now })
      .where(eq(users.id, user.id))
      .returning();
    if (!changed) throw invalid("email", INVALID_TOKEN);
    const claimed = changed.emailVerifiedAt === null;
    const ended = await endCredentials(
      tx,
      requestEventDeps(ctx),
      claimed ? "address-claimed" : "password-reset",
      changed,
    );
    const takenBack = claimed ? takenBackFrom(ended) : null;
    await recordActivity(
      tx,
      {
        event: "password-reset",
        subjectId: user.id,
        ip: ctx.ip,
        properties: {
          tokens: ended["sanctum-tokens"] ?? 0,
          ended,
          ...(takenBack && { taken_back: takenBack }),
        },
      },
      ctx.now,
    );
    await queueCredentialNotice(ctx, tx, changed, "changed", [
      ctx.t(
        "Your password was reset with a link sent to this address: every browser and API token of your account was signed out.",
      ),
      ...(takenBack
        ? [
            ctx.t(
              "Your address had not been confirmed yet, so every passkey, second factor and address change added to the account before was removed.",
            ),
          ]
        : []),
    ]);
    return changed;
  });
  ctx.services.wakeMailWorker();
  return updated;
}
