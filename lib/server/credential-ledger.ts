import "server-only";
import type { Db } from "@/db/client";
import type { AuthConfig } from "@/lib/config/auth";

/**
 * What happens to an account that changes who holds it (decision record 082). Each event ends,
 * in its own transaction, the kinds of credential the ledger says it ends, and nothing else:
 * - `password-reset`: a new password through the mailbox, on an account whose address was proven;
 * - `address-claimed`: the mailbox's owner takes back an account whose address was never proven
 *   (a reset through it, or a provider vouching for it): everything the registrant added goes;
 * - `password-changed`: the owner changes the password from a signed-in session (that one stays);
 * - `account-deleted`, `admin-deleted`: the owner, or an administrator, deletes the account;
 * - `restored`: an administrator brings it back (it revives nothing the deletion ended);
 * - `signed-out-everywhere`: every browser of the account is signed out (an administrator's or the
 *   owner's "everywhere");
 * - `team-membership-ended`: the account no longer belongs to one team (`teamId`): removed, left,
 *   or the team deleted; what it held for that team ends, and nothing it holds for itself
 *   (decision record 106).
 */
export const ACCOUNT_EVENTS = [
  "password-reset",
  "address-claimed",
  "password-changed",
  "account-deleted",
  "admin-deleted",
  "restored",
  "signed-out-everywhere",
  "team-membership-ended",
] as const;

export type AccountEvent = (typeof ACCOUNT_EVENTS)[number];

/** The transaction an event runs in. */
export type LedgerExecutor = Pick<
  Db,
  "select" | "insert" | "update" | "delete" | "execute"
>;

/** Whose credentials end, and what the ending may need to know. */
export type LedgerTarget = {
  userId: number;
  email: string;
  /** `user-class`: the morph type of Sanctum's and the pending address's rows. */
  userClass: string;
  config: AuthConfig;
  now: Date;
  /** The request's address, for the activity entries an ending writes (impersonations). */
  ip: string;
  /** The session the event comes from, kept when the event keeps it (a password change). */
  keepSessionId?: string;
  /** The team of a `team-membership-ended`: only what the account held for it ends. */
  teamId?: number;
};

/** Whether a kind ends on an event: always, or as a setting says (`tokens.revoke-on-password-change`). */
export type Outcome = "ends" | ((config: AuthConfig) => boolean);

/**
 * What lives only as long as the account's sign-ins (a session, a sign-in waiting for its second
 * factor, a ceremony under way): it ends with every event but a restore.
 */
export const ENDS_WITH_THE_SIGN_INS = {
  "password-reset": "ends",
  "address-claimed": "ends",
  "password-changed": "ends",
  "account-deleted": "ends",
  "admin-deleted": "ends",
  "signed-out-everywhere": "ends",
} as const satisfies { readonly [E in AccountEvent]?: Outcome };

/**
 * One kind of way into an account, declared once by the feature that owns it (its manifest's
 * `credentials`): where it is stored, which events end all of a user's, and how.
 */
export type CredentialKind = {
  /** `oauth-refresh-tokens`: named in the activity log's `ended` counts. */
  name: string;
  /**
   * What it is stored in: a table (`passkeys`) or a column of another (`users.two_factor_secret`).
   * test/ledger/catalogue.test.ts reads the database's catalogue against these.
   */
  stores: readonly string[];
  /** How each use refuses a deleted account (docs/api.md "Sensitive actions"): a sentence, with its file. */
  aliveCheck: string;
  /** The events that end every one of a user's; an event not named here leaves them be. */
  endsOn: { readonly [E in AccountEvent]?: Outcome };
  /** Ends every one of the user's inside `tx`; answers how many ended. */
  end(
    tx: LedgerExecutor,
    target: LedgerTarget,
    event: AccountEvent,
  ): Promise<number>;
  /**
   * For what a team holds rather than a member (decision record 110): ends the team's inside
   * `tx` when the team is deleted; answers how many ended.
   */
  endWithTeam?(tx: LedgerExecutor, teamId: number, now: Date): Promise<number>;
};

/** How many of each kind an event ended (the kinds it ended none of are left out). */
export type Ended = Record<string, number>;

export function endsOn(
  kind: CredentialKind,
  event: AccountEvent,
  config: AuthConfig,
): boolean {
  const outcome = kind.endsOn[event];
  return outcome === "ends" || (outcome !== undefined && outcome(config));
}

/**
 * The ledger: every kind the features declare, in the order of FEATURES. An account event calls
 * `end` and no module ends another kind's credentials by itself.
 */
export type CredentialLedger = {
  kinds: readonly CredentialKind[];
  end(
    tx: LedgerExecutor,
    event: AccountEvent,
    target: LedgerTarget,
  ): Promise<Ended>;
  /** A team deleted: every kind a team holds ends for it. */
  endTeam(tx: LedgerExecutor, teamId: number, now: Date): Promise<Ended>;
};

export function credentialLedger(
  kinds: readonly CredentialKind[],
): CredentialLedger {
  const names = new Set<string>();
  for (const kind of kinds) {
    if (names.has(kind.name))
      throw new Error(`credential kind ${kind.name} is declared twice`);
    names.add(kind.name);
  }
  return {
    kinds,
    async end(tx, event, target) {
      const ended: Ended = {};
      for (const kind of kinds) {
        if (!endsOn(kind, event, target.config)) continue;
        const count = await kind.end(tx, target, event);
        if (count > 0) ended[kind.name] = count;
      }
      return ended;
    },
    async endTeam(tx, teamId, now) {
      const ended: Ended = {};
      for (const kind of kinds) {
        const count = (await kind.endWithTeam?.(tx, teamId, now)) ?? 0;
        if (count > 0) ended[kind.name] = count;
      }
      return ended;
    },
  };
}

/** What an account event needs from its caller: a request's context, or the command line's. */
export type EventDeps = {
  config: AuthConfig;
  now: Date;
  ip: string;
  credentials: CredentialLedger;
};

/** The event's deps from a request's context. */
export const requestEventDeps = (ctx: {
  config: AuthConfig;
  now: Date;
  ip: string;
  services: { application: { credentials: CredentialLedger } };
}): EventDeps => ({
  config: ctx.config,
  now: ctx.now,
  ip: ctx.ip,
  credentials: ctx.services.application.credentials,
});

/** Runs an account event on `user` inside `tx`: every kind it ends, ended (the ledger's `end`). */
export function endCredentials(
  tx: LedgerExecutor,
  deps: EventDeps,
  event: AccountEvent,
  user: { id: number; email: string },
  keepSessionId?: string,
  teamId?: number,
): Promise<Ended> {
  return deps.credentials.end(tx, event, {
    userId: user.id,
    email: user.email,
    userClass: deps.config["user-class"],
    config: deps.config,
    now: deps.now,
    ip: deps.ip,
    keepSessionId,
    teamId,
  });
}

/** `team-membership-ended` of `userId` in `teamId`, inside `tx` (decision record 106). */
export const endTeamCredentials = (
  tx: LedgerExecutor,
  deps: EventDeps,
  userId: number,
  teamId: number,
): Promise<Ended> =>
  endCredentials(
    tx,
    deps,
    "team-membership-ended",
    { id: userId, email: "" },
    undefined,
    teamId,
  );
