import "server-only";
import { eq, sql } from "drizzle-orm";
import {
  passwordlessLinks,
  passwordResetTokens,
  twoFactorChallenges,
  users,
} from "@/db/schema";
import { endImpersonationsBy } from "@/lib/audit/impersonation-end";
import { flushTokens } from "@/lib/auth/tokens";
import { clearTwoFactor } from "@/lib/auth/two-factor/account";
import { randomToken } from "@/lib/crypto/secrets";
import {
  type AccountEvent,
  type CredentialKind,
  ENDS_WITH_THE_SIGN_INS,
} from "@/lib/server/credential-ledger";

// Sign-in's own ways into an account, in the credential ledger (decision record 082).

/** Sanctum's tokens (their settings and usage rows go with them: `on delete cascade`). */
const sanctumTokens: CredentialKind = {
  name: "sanctum-tokens",
  stores: [
    "personal_access_tokens",
    "personal_access_token_settings",
    "personal_access_token_usage",
  ],
  aliveCheck:
    "the bearer guard joins the token to its user, not deleted, in one statement (lib/auth/tokens.ts findBearerUser)",
  endsOn: {
    "password-reset": "ends",
    "address-claimed": "ends",
    // Sanctum keeps tokens on a change; the setting ends them (decision record 028).
    "password-changed": (config) => config.tokens["revoke-on-password-change"],
    "account-deleted": "ends",
    "admin-deleted": "ends",
    // Only the tokens made for the team (decision record 106).
    "team-membership-ended": "ends",
  },
  end: (tx, target, event) =>
    event === "team-membership-ended" && target.teamId !== undefined
      ? flushTokens(tx, target.userClass, target.userId, target.teamId)
      : flushTokens(tx, target.userClass, target.userId),
};

/** Laravel's remember-me token: a new one disowns every "remember me" cookie made before. */
const rememberToken: CredentialKind = {
  name: "remember-me",
  stores: ["users.remember_token"],
  aliveCheck:
    "read only with the user's row, which the session guard loads alive",
  endsOn: {
    "password-reset": "ends",
    "address-claimed": "ends",
    "signed-out-everywhere": "ends",
  },
  async end(tx, target) {
    await tx
      .update(users)
      .set({ rememberToken: randomToken(45).slice(0, 60) })
      .where(eq(users.id, target.userId));
    return 1;
  },
};

/** Fortify's second factor: whoever registered an address they did not prove may have set it. */
const twoFactor: CredentialKind = {
  name: "two-factor",
  stores: ["users.two_factor_secret", "users.two_factor_recovery_codes"],
  aliveCheck:
    "asked only after a first factor, by a sign-in of an account not deleted (lib/auth/login.ts)",
  endsOn: { "address-claimed": "ends" },
  async end(tx, target) {
    const [row] = await tx
      .select({ secret: users.twoFactorSecret })
      .from(users)
      .where(eq(users.id, target.userId));
    if (!row?.secret) return 0;
    await clearTwoFactor(tx, target.userId, target.now);
    return 1;
  },
};

/** Sign-ins past their first factor, waiting for the second (decision record 023). */
const pendingSignIns: CredentialKind = {
  name: "two-factor-challenges",
  stores: ["two_factor_challenges"],
  aliveCheck:
    "the challenge loads its user alive before it signs in (lib/auth/two-factor/pending.ts)",
  endsOn: ENDS_WITH_THE_SIGN_INS,
  async end(tx, target) {
    const ended = await tx
      .delete(twoFactorChallenges)
      .where(eq(twoFactorChallenges.userId, target.userId))
      .returning({ id: twoFactorChallenges.id });
    return ended.length;
  },
};

/** A reset link in flight: the mailbox's, but not once the account changed hands or closed. */
const resetLinks: CredentialKind = {
  name: "password-reset-links",
  stores: ["password_reset_tokens"],
  aliveCheck:
    "a reset looks its account up alive by the address (lib/auth/endpoints/reset-password.ts)",
  endsOn: {
    "address-claimed": "ends",
    "password-changed": "ends",
    "account-deleted": "ends",
    "admin-deleted": "ends",
  },
  async end(tx, target) {
    const ended = await tx
      .delete(passwordResetTokens)
      .where(sql`lower(${passwordResetTokens.email}) = lower(${target.email})`)
      .returning({ email: passwordResetTokens.email });
    return ended.length;
  },
};

/**
 * Sign-in links and codes in flight (decision record 088): mailed as reset links are, so they end
 * on the events that end reset links.
 */
const signInLinks: CredentialKind = {
  name: "passwordless-links",
  stores: ["passwordless_links"],
  aliveCheck:
    "a link loads its account alive before it signs in (lib/auth/passwordless/verify.ts)",
  endsOn: resetLinks.endsOn,
  async end(tx, target) {
    const ended = await tx
      .delete(passwordlessLinks)
      .where(eq(passwordlessLinks.userId, target.userId))
      .returning({ id: passwordlessLinks.id });
    return ended.length;
  },
};

/** Why an impersonation the user started ends, in its activity entry (lib/audit/impersonation-end.ts). */
const IMPERSONATION_REASON = {
  "password-reset": "password-changed",
  "address-claimed": "password-changed",
  "password-changed": "password-changed",
  "account-deleted": "original-gone",
  "admin-deleted": "original-gone",
  restored: "original-gone",
  "signed-out-everywhere": "logout",
  // Never asked: ENDS_WITH_THE_SIGN_INS leaves a team's membership out; named for the type's sake.
  "team-membership-ended": "logout",
} as const satisfies Record<AccountEvent, string>;

/** The sessions in which this user, an administrator, acts as someone else (decision record 008). */
const impersonations: CredentialKind = {
  name: "impersonations",
  stores: ["sessions.impersonator_id"],
  aliveCheck:
    "the session guard joins the impersonator and ends the session when they are gone (lib/auth/impersonation-watch.ts)",
  endsOn: ENDS_WITH_THE_SIGN_INS,
  end: (tx, target, event) =>
    endImpersonationsBy(tx, target.userId, IMPERSONATION_REASON[event], target),
};

export const AUTH_CREDENTIALS: readonly CredentialKind[] = [
  sanctumTokens,
  rememberToken,
  twoFactor,
  pendingSignIns,
  resetLinks,
  signInLinks,
  impersonations,
];
