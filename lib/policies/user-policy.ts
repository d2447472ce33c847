/**
 * SPEC.md §4 "User policy of the host": one policy for every route that touches users. Pure
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

const isSelf = (actor: PolicyUser, target: Target) => actor.id === target.id;

export const userPolicy = {
  viewAny: (actor: PolicyUser) => actor.isAdmin,
  index: (actor: PolicyUser) => actor.isAdmin,
  create: (actor: PolicyUser) => actor.isAdmin,
  export: (actor: PolicyUser) => actor.isAdmin,
  view: (actor: PolicyUser, target: Target) => actor.isAdmin || isSelf(actor, target),
  update: (actor: PolicyUser, target: Target) => actor.isAdmin || isSelf(actor, target),
  // An administrator cannot delete their own account: nobody would be left to restore it.
  delete: (actor: PolicyUser, target: Target) => actor.isAdmin && !isSelf(actor, target),
  restore: (actor: PolicyUser) => actor.isAdmin,
  // SPEC.md §5 rule 8: an admin passes everything except forceDelete; records are only soft-deleted.
  forceDelete: (): boolean => false,
} as const;

export type UserAbility = keyof typeof userPolicy;
