import "server-only";
import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { passwordlessLinks } from "@/db/schema";
import type { Context } from "@/lib/server/context";
import type { AuthConfig } from "@/lib/config/auth";
import type { Env } from "@/lib/env";
import {
  deriveKey,
  hmacHex,
  mailQueueKey,
  randomToken,
  sha256Hex,
} from "@/lib/crypto/secrets";
import { LOCALES } from "@/lib/i18n/catalog";
import { enqueueCompose, enqueueMail } from "@/lib/mail/queue";
import type { Composer } from "@/lib/mail/worker";
import { passwordlessLinkMail } from "@/lib/mail/templates/passwordless-link";
import { findUserByEmail } from "@/lib/users/users";

export const SIGN_IN_LINK_COMPOSER = "passwordless-link";

/** The screen a link opens (app/auth/passwordless/[token]/page.tsx): it signs in only on a click. */
export const CONFIRM_PAGE = "/auth/passwordless";

const signInLinkJobSchema = z.object({
  email: z.string(),
  locale: z.enum(LOCALES),
  requestedAt: z.int(),
  browser: z.string(),
  remember: z.boolean(),
});

type SignInLinkDeps = {
  db: Db;
  config: AuthConfig;
  env: Env;
  wakeMailWorker: () => void;
};

/** The stored form of a code: six digits are a million guesses, so keyed, never a bare hash. */
export const codeHash = (secret: string, linkId: string, code: string) =>
  hmacHex(deriveKey(secret, "passwordless-code"), `${linkId}:${code}`);

/**
 * The request's whole work, as forgot-password's (lib/auth/password-reset.ts): one queued job, the
 * same statement whether or not an account has this address, so neither the answer nor its timing
 * tells. The job carries this browser's binding key: from it, the link signs in this browser alone
 * without the code.
 */
export async function requestSignInLink(
  ctx: Context,
  email: string,
  remember: boolean,
): Promise<void> {
  await enqueueCompose(
    ctx.db,
    {
      type: "compose",
      composer: SIGN_IN_LINK_COMPOSER,
      data: {
        email,
        locale: ctx.locale,
        requestedAt: ctx.now.getTime(),
        browser: ctx.session.bindingKey(),
        remember,
      },
    },
    ctx.now,
  );
  ctx.services.wakeMailWorker();
}

/**
 * The worker's half: for an active account, replaces its link in flight by a new one (the newest
 * alone works) and queues the mail, in one transaction. Nothing for an unknown address.
 */
export function composeSignInLink(deps: SignInLinkDeps): Composer {
  return async (data) => {
    const job = signInLinkJobSchema.parse(data);
    const user = await findUserByEmail(deps.db, job.email);
    if (!user) return;
    const now = new Date(job.requestedAt);
    const token = randomToken(32);
    const id = sha256Hex(token);
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    const minutes = deps.config.passwordless.expire;
    await deps.db.transaction(async (tx) => {
      await tx
        .delete(passwordlessLinks)
        .where(eq(passwordlessLinks.userId, user.id));
      await tx.insert(passwordlessLinks).values({
        id,
        userId: user.id,
        codeHash: codeHash(deps.env.SESSION_SECRET, id, code),
        browserHash: job.browser,
        remember: job.remember,
        createdAt: now,
        expiresAt: new Date(now.getTime() + minutes * 60_000),
      });
      const url = `${deps.env.APP_URL}${CONFIRM_PAGE}/${token}`;
      await enqueueMail(
        tx,
        passwordlessLinkMail(job.locale, user.email, url, code, minutes),
        now,
        mailQueueKey(deps.env.SESSION_SECRET),
      );
    });
    deps.wakeMailWorker();
  };
}
