import "server-only";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import {
  passwordResetTokens,
  type PendingUserEmail,
  type User,
  users,
} from "@/db/schema";
import { recordActivity } from "@/lib/audit/activity";
import type { AuthConfig } from "@/lib/config/auth";
import type { Context } from "@/lib/server/context";
import { fillPath } from "@/lib/server/url";
import {
  mailQueueKey,
  randomToken,
  safeEqual,
  sha256Hex,
} from "@/lib/crypto/secrets";
import { signPath } from "@/lib/crypto/signed-urls";
import type { Env } from "@/lib/env";
import { forbidden, invalid } from "@/lib/http/errors";
import { LOCALES } from "@/lib/i18n/catalog";
import type { Mailer } from "@/lib/server/mailer";
import { enqueueCompose, enqueueMail } from "@/lib/mail/queue";
import { confirmNewEmailMail } from "@/lib/mail/templates/confirm-new-email";
import { emailChangeNoticeMail } from "@/lib/mail/templates/email-change-notice";
import type { Composer } from "@/lib/mail/worker";
import {
  attachLinkToken,
  deletePendingEmail,
  findPendingEmail,
  renewPendingEmail,
  storePendingEmail,
} from "@/lib/users/pending-email";
import { isUniqueViolation } from "@/lib/users/users";

/**
 * A new email address counts only once confirmed from its mailbox (decision record 012): the
 * profile update stores it as pending and mails a link to it and a notice to the address in
 * force; the link swaps the addresses. The link's secret exists only in the message: the worker
 * makes it while sending, and the database keeps its sha256.
 */

export const TAKEN = "The :attribute has already been taken.";
export const INVALID_LINK = "This email change link is invalid or has expired.";
/** Where a browser lands after confirming, and where the notice points the old address. */
// The Profile section itself, not /admin/profile (which redirects there): a redirect in between
// is a client-side navigation during which the shell's get-auth ages the flashed outcome away.
export const PROFILE_PATH = "/admin/account/profile";

/** The signed link's route (api.app.user.email.confirm). */
export const CONFIRM_PATH = "/api/app/user/email/confirm/{token}";
export const CONFIRM_LINK_COMPOSER = "email-change-link";

type Executor = Pick<Db, "select" | "insert" | "update" | "delete">;

/** Whether another account (soft-deleted ones too: they may be restored) uses the email. */
export async function isEmailTaken(
  db: Pick<Db, "select">,
  email: string,
  exceptId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, exceptId)),
    )
    .limit(1);
  return row !== undefined;
}

/** The worker composes the link for this request (the row's marker token names it). */
async function queueConfirmationLink(
  db: Executor,
  ctx: Context,
  pending: PendingUserEmail,
): Promise<void> {
  const data = {
    pendingId: pending.id,
    marker: pending.token,
    locale: ctx.locale,
    requestedAt: ctx.now.getTime(),
  };
  await enqueueCompose(
    db,
    { type: "compose", composer: CONFIRM_LINK_COMPOSER, data },
    ctx.now,
  );
}

/**
 * Inside the profile update's transaction: `email` becomes the user's pending address (replacing
 * any earlier one), the link goes to it and a notice to the address in force.
 */
export async function requestEmailChange(
  tx: Executor,
  ctx: Context,
  actor: User,
  user: User,
  email: string,
): Promise<string> {
  const pending = await storePendingEmail(tx, ctx, user, email);
  await queueConfirmationLink(tx, ctx, pending);
  const profileUrl = `${ctx.env.APP_URL}${PROFILE_PATH}`;
  await enqueueMail(
    tx,
    emailChangeNoticeMail(ctx.locale, {
      to: user.email,
      newEmail: email,
      requestedAt: ctx.now,
      ip: ctx.ip,
      profileUrl,
    }),
    ctx.now,
    mailQueueKey(ctx.env.SESSION_SECRET),
  );
  await recordActivity(
    tx,
    {
      event: "email-change-requested",
      subjectId: user.id,
      causerId: causer(actor, user),
      ip: ctx.ip,
      properties: { email },
    },
    ctx.now,
  );
  return pending.email;
}

const causer = (actor: User, user: User) =>
  actor.id === user.id ? null : actor.id;

/** A fresh link to the pending address (the previous one stops working); null when nothing is pending. */
export async function resendEmailChange(
  ctx: Context,
  user: User,
): Promise<string | null> {
  const email = await ctx.db.transaction(async (tx) => {
    const pending = await renewPendingEmail(tx, ctx, user.id);
    if (pending) await queueConfirmationLink(tx, ctx, pending);
    return pending?.email ?? null;
  });
  if (email) ctx.services.wakeMailWorker();
  return email;
}

/** Withdraws the pending address: its link stops working. False when nothing was pending. */
export async function cancelEmailChange(
  ctx: Context,
  actor: User,
  user: User,
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const email = await deletePendingEmail(
      tx,
      ctx.config["user-class"],
      user.id,
    );
    if (email === null) return false;
    await recordActivity(
      tx,
      {
        event: "email-change-cancelled",
        subjectId: user.id,
        causerId: causer(actor, user),
        ip: ctx.ip,
        properties: { email },
      },
      ctx.now,
    );
    return true;
  });
}

/**
 * The link, used by the signed-in owner: the pending address becomes the address in force,
 * verified now; the row is deleted, so the link works once. 403 for a link that is not theirs,
 * was replaced, withdrawn or used, or has expired; 422 on `email` when another account took the
 * address meanwhile (the unique index on lower(email) decides between concurrent confirmations).
 */
export async function confirmEmailChange(
  ctx: Context,
  user: User,
  token: string,
): Promise<User> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const pending = await findPendingEmail(
        tx,
        ctx.config["user-class"],
        user.id,
        { lock: true },
      );
      if (
        !pending ||
        !safeEqual(pending.token, sha256Hex(token)) ||
        isExpired(ctx, pending)
      )
        throw forbidden(INVALID_LINK);
      if (await isEmailTaken(tx, pending.email, user.id))
        throw invalid("email", TAKEN);
      const [updated] = await tx
        .update(users)
        .set({
          email: pending.email,
          emailVerifiedAt: ctx.now,
          updatedAt: ctx.now,
        })
        .where(and(eq(users.id, user.id), isNull(users.deletedAt)))
        .returning();
      if (!updated) throw forbidden(INVALID_LINK);
      await deletePendingEmail(tx, ctx.config["user-class"], user.id);
      // A reset link mailed to the old address must not outlive it (the address may be registered again).
      await tx
        .delete(passwordResetTokens)
        .where(eq(passwordResetTokens.email, user.email));
      await recordActivity(
        tx,
        {
          event: "email-change-confirmed",
          subjectId: user.id,
          ip: ctx.ip,
          properties: { old: user.email, new: pending.email },
        },
        ctx.now,
      );
      return updated;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid("email", TAKEN);
    throw error;
  }
}

/** The link lives as long as a verification link (`verification.expire`), counted from the latest request or resend. */
function isExpired(ctx: Context, pending: PendingUserEmail): boolean {
  const from = (pending.updatedAt ?? pending.createdAt)?.getTime() ?? 0;
  return from + ctx.config.verification.expire * 60_000 <= ctx.now.getTime();
}

/** The absolute, temporary signed link (Laravel's URL::temporarySignedRoute). */
export function confirmationUrl(
  deps: { config: AuthConfig; env: Env },
  token: string,
  requestedAt: Date,
): string {
  const expiresAt = new Date(
    requestedAt.getTime() + deps.config.verification.expire * 60_000,
  );
  const path = fillPath(CONFIRM_PATH, "api.app.user.email.confirm", { token });
  return `${deps.env.APP_URL}${signPath(deps.env.SESSION_SECRET, path, expiresAt)}`;
}

const linkJobSchema = z.object({
  pendingId: z.int(),
  marker: z.string(),
  locale: z.enum(LOCALES),
  requestedAt: z.int(),
});

/**
 * The worker's half: makes the link's secret, stores its hash in place of the request's marker,
 * and sends the message itself, so the link is never written to `jobs` or `failed_jobs`. A
 * request replaced, resent or withdrawn meanwhile no longer holds the marker: nothing is sent.
 * The swap and the send share a transaction: a failed send keeps the marker, and the retry makes
 * a new secret.
 */
export function composeConfirmationLink(deps: {
  db: Db;
  config: AuthConfig;
  env: Env;
  mailer: Mailer;
}): Composer {
  return async (data) => {
    const { pendingId, marker, locale, requestedAt } =
      linkJobSchema.parse(data);
    await deps.db.transaction(async (tx) => {
      const token = randomToken(32);
      const email = await attachLinkToken(
        tx,
        { id: pendingId, token: marker },
        sha256Hex(token),
      );
      if (email === null) return;
      const url = confirmationUrl(deps, token, new Date(requestedAt));
      await deps.mailer.send(
        confirmNewEmailMail(
          locale,
          email,
          url,
          deps.config.verification.expire,
        ),
      );
    });
  };
}
