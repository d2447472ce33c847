import "server-only";
import { type User, users } from "@/db/schema";
import type { Db } from "@/db/client";
import { recordActivity } from "@/lib/audit/activity";
import { firstFactorMethods } from "@/lib/auth/authentication-methods";
import { queueVerificationMail } from "@/lib/auth/verification";
import { attemptStatement } from "@/lib/authentication-log/record";
import type { AuthConfig } from "@/lib/config/auth";
import { forbidden, invalid, type Message } from "@/lib/http/errors";
import type { Context } from "@/lib/server/context";
import { emit } from "@/lib/server/events";
import { createPersonalTeam } from "@/lib/teams/personal-team";
import { findUserByEmail, isUniqueViolation } from "@/lib/users/users";
import { email } from "@/lib/validation/rules";

/**
 * What every way of opening an account shares (register, and a passkey-first registration:
 * decision record 107), so both answer a closed registration and a taken address alike.
 */
const TAKEN = "The :attribute has already been taken.";

/** contract §1: closed registration is a 403 whatever was sent, so it is decided before validation. */
export function refuseClosedRegistration(config: AuthConfig): void {
  if (!config["allow-registration"]) throw forbidden("Registration is closed.");
}

/**
 * Laravel's `unique:users` among the email's rules: checked even when other fields fail, so the
 * 422 names a taken address together with the other fields' (decision record 069).
 */
export async function emailTakenRule(
  ctx: Context,
  value: unknown,
): Promise<Record<string, Message[]>> {
  const address = email().safeParse(value);
  const taken =
    address.success && (await findUserByEmail(ctx.db, address.data));
  return taken ? { email: [{ key: TAKEN }] } : {};
}

type NewAccount = {
  name: string;
  email: string;
  /** A bcrypt hash: the chosen password's, or `unusablePasswordHash` for an account without one. */
  password: string;
  payload: Record<string, unknown> | null;
};

/**
 * Creates the account in one transaction with its personal team, its verification mail and its
 * activity entry, and `within` (what the new account is given at birth: its passkey), then signs
 * it in. A concurrent registration of the same address is the taken address's 422 (the unique
 * index on lower(email)), and nothing of it is kept.
 */
export async function openAccount(
  ctx: Context,
  account: NewAccount,
  signIn: { remember: boolean; amr: string[] | null },
  within?: (tx: Db, user: User) => Promise<void>,
): Promise<User> {
  let user: User;
  try {
    user = await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({ ...account, createdAt: ctx.now, updatedAt: ctx.now })
        .returning();
      if (!created) throw new Error("user insert returned no row");
      const withTeam = await createPersonalTeam(
        tx,
        ctx.config,
        created,
        ctx.now,
      );
      if (ctx.config["must-verify-email"])
        await queueVerificationMail(ctx, created, tx);
      await recordActivity(
        tx,
        { event: "registered", subjectId: created.id, ip: ctx.ip },
        ctx.now,
      );
      await within?.(tx, withTeam);
      return withTeam;
    });
  } catch (error) {
    if (isUniqueViolation(error) && !within) throw invalid("email", TAKEN);
    if (isUniqueViolation(error)) {
      // Either unique index: the address (taken meanwhile) or the credential (already registered).
      const taken = await findUserByEmail(ctx.db, account.email);
      throw taken
        ? invalid("email", TAKEN)
        : invalid("credential", "This passkey is already registered.");
    }
    throw error;
  }
  ctx.services.wakeMailWorker();
  await emit("Registered", { user });
  await ctx.session.login(user, {
    remember: signIn.remember,
    method: "registration",
    amr: signIn.amr ?? firstFactorMethods("password"),
    // The account's first sign-in: its device is known from now on (decision record 095).
    alongside: [attemptStatement(ctx, user, true)],
  });
  return user;
}
