import "server-only";
import { and, desc, eq, gt } from "drizzle-orm";
import {
  type PasswordlessLink,
  passwordlessLinks,
  type User,
} from "@/db/schema";
import type { Context } from "@/lib/server/context";
import { clearStatement, hit, limiterKey } from "@/lib/auth/rate-limit";
import { codeHash } from "@/lib/auth/passwordless/links";
import { signInFailureStatements } from "@/lib/auth/challenge/failures";
import { safeEqual, sha256Hex } from "@/lib/crypto/secrets";
import { invalid } from "@/lib/http/errors";
import { findUserByEmail, findUserById } from "@/lib/users/users";

export const INVALID_LINK = "This sign-in link is invalid or has expired.";
export const INVALID_CODE = "This sign-in code is invalid or has expired.";
export const CODE_NEEDED =
  "Enter the code from the email to sign in on this browser.";
export const LOCKED_OUT =
  "Too many wrong codes. Ask for a new sign-in link in :minutes minutes.";

export type VerifyInput = {
  token?: string | null;
  email?: string | null;
  code?: string | null;
};

const failuresKey = (userId: number) =>
  limiterKey("passwordless-code-failures", userId);

/** A live link by its token (the stored id is the token's SHA-256). */
async function linkByToken(ctx: Context, token: string) {
  const [row] = await ctx.db
    .select()
    .from(passwordlessLinks)
    .where(
      and(
        eq(passwordlessLinks.id, sha256Hex(token)),
        gt(passwordlessLinks.expiresAt, ctx.now),
      ),
    );
  return row ?? null;
}

/** The account's live link, by its address: the code typed where the link was asked for. */
async function linkByEmail(ctx: Context, email: string) {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return null;
  const [row] = await ctx.db
    .select()
    .from(passwordlessLinks)
    .where(
      and(
        eq(passwordlessLinks.userId, user.id),
        gt(passwordlessLinks.expiresAt, ctx.now),
      ),
    )
    .orderBy(desc(passwordlessLinks.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Checks a code against the link with the account's lockout: each check is counted before the
 * code is compared (one atomic upsert, so concurrent guesses cannot pass the limit); past
 * `passwordless.lockout-failures` the link ends and the account takes no code until the window
 * closes. Throws the 422 on `code`.
 */
async function checkCode(ctx: Context, link: PasswordlessLink, code: string) {
  const { "lockout-failures": limit, "lockout-minutes": minutes } =
    ctx.config.passwordless;
  const window = await hit(
    ctx.db,
    failuresKey(link.userId),
    minutes * 60,
    ctx.now,
  );
  if (window.hits > limit) {
    await ctx.db
      .delete(passwordlessLinks)
      .where(eq(passwordlessLinks.userId, link.userId));
    throw invalid("code", LOCKED_OUT, { minutes });
  }
  const expected = codeHash(ctx.env.SESSION_SECRET, link.id, code);
  if (!safeEqual(expected, link.codeHash)) throw invalid("code", INVALID_CODE);
}

/**
 * The account a link or code signs in, the link used up: by the link alone in the browser that
 * asked for it, by the link and its code in another, by the address and the code in any. The
 * row is deleted before the sign-in, so of two concurrent uses one alone gets the account. A
 * refusal is a failed sign-in from the caller's address, as a wrong password is: after
 * `challenge.sign-in-after-failures` of them login asks that address for a proof of work
 * (decision record 108).
 */
export async function redeemSignInLink(
  ctx: Context,
  input: VerifyInput,
): Promise<{ user: User; remember: boolean }> {
  try {
    return await redeem(ctx, input);
  } catch (error) {
    for (const statement of signInFailureStatements(ctx)) await statement;
    throw error;
  }
}

async function redeem(
  ctx: Context,
  input: VerifyInput,
): Promise<{ user: User; remember: boolean }> {
  const link = input.token
    ? await linkByToken(ctx, input.token)
    : await linkByEmail(ctx, input.email ?? "");
  const refused = () =>
    input.token
      ? invalid("token", INVALID_LINK)
      : invalid("code", INVALID_CODE);
  if (!link) throw refused();
  const sameBrowser =
    input.token !== undefined &&
    input.token !== null &&
    safeEqual(link.browserHash, ctx.session.bindingKey());
  if (!sameBrowser) {
    if (!input.code) throw invalid("code", CODE_NEEDED);
    await checkCode(ctx, link, input.code);
  }
  const used = await ctx.db
    .delete(passwordlessLinks)
    .where(eq(passwordlessLinks.id, link.id))
    .returning({ id: passwordlessLinks.id });
  if (used.length === 0) throw refused();
  await clearStatement(ctx.db, failuresKey(link.userId));
  const user = await findUserById(ctx.db, link.userId);
  if (!user) throw refused();
  return { user, remember: link.remember };
}
