/**
 * contract §4 "User policy of the host": one policy for every route that touches users. Pure
 * functions of plain user data, so the admin table can hide a button the server would refuse.
 */

/** Whoever a policy or ability is asked about: plain data plus the administrator flag (isAdmin()). */
export type PolicyUser = {
  id: number;
  isAdmin: boolean;
  name?: string;
  email?: string;
  payload?: unknown;
};

type Target = Pick<PolicyUser, "id">;
type Account = Pick<PolicyUser, "id" | "isAdmin">;

const isSelf = (actor: PolicyUser, target: Target) => actor.id === target.id;

/**
 * Whether an administrator may act on another account: contract §2 Ability keeps an administrator
 * from impersonating another one, and decision record 014 extends that to every per-account action
 * (change name, address, password or photo, delete, restore, end sessions, reset a second factor).
 * One's own account is changed through one's own profile, never through this.
 */
export function canManageAccount(actor: PolicyUser, target: Account): boolean {
  return actor.isAdmin && !isSelf(actor, target) && !target.isAdmin;
}

export const userPolicy = {
  viewAny: (actor: PolicyUser) => actor.isAdmin,
  index: (actor: PolicyUser) => actor.isAdmin,
  create: (actor: PolicyUser) => actor.isAdmin,
  export: (actor: PolicyUser) => actor.isAdmin,
  view: (actor: PolicyUser, target: Target) =>
    actor.isAdmin || isSelf(actor, target),
  update: (actor: PolicyUser, target: Account) =>
    isSelf(actor, target) || canManageAccount(actor, target),
  // Never one's own account (nobody would be left to restore it), nor another administrator's.
  delete: (actor: PolicyUser, target: Account) =>
    canManageAccount(actor, target),
  restore: (actor: PolicyUser, target: Account) =>
    canManageAccount(actor, target),
  /** Any other per-account administrator action (sessions, second factor): the same rule. */
  manage: (actor: PolicyUser, target: Account) =>
    canManageAccount(actor, target),
  // contract §5 rule 8: an admin passes everything except forceDelete; records are only soft-deleted.
  forceDelete: (): boolean => false,
} as const;
