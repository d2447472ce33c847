// Who may do what in a team, as Laravel Jetstream decides it (decision record 087): pure rules,
// shared with the client. The owner is `teams.user_id` and has no `team_user` row; a member's
// role is a key of the configured roles (`Jetstream::role`), and an unknown key grants nothing.

/** One role as `Jetstream::role(key, name, permissions)->description(…)` declares it. */
export type TeamRole = {
  key: string;
  name: string;
  permissions: readonly string[];
  description: string;
};

/** Where a user stands in one team: the owner, a member with a role, or neither. */
export type TeamStanding =
  | { kind: "owner" }
  | { kind: "member"; role: string | null }
  | { kind: "none" };

export const belongsToTeam = (standing: TeamStanding): boolean =>
  standing.kind !== "none";

export const ownsTeam = (standing: TeamStanding): boolean =>
  standing.kind === "owner";

/** What a role grants: all the permission rules read of it. */
type RoleGrants = Pick<TeamRole, "key" | "permissions">;

/** `Jetstream::findRole`: the declared role of a key, or null. */
export function findRole<R extends RoleGrants>(
  roles: readonly R[],
  key: string | null,
): R | null {
  return roles.find((role) => role.key === key) ?? null;
}

/** `HasTeams::teamPermissions`: `*` for the owner, the role's for a member, none otherwise. */
export function teamPermissions(
  standing: TeamStanding,
  roles: readonly RoleGrants[],
): readonly string[] {
  if (standing.kind === "owner") return ["*"];
  if (standing.kind === "none") return [];
  return findRole(roles, standing.role)?.permissions ?? [];
}

/**
 * `HasTeams::hasTeamPermission`: the owner may do anything; a member what the role grants, with
 * Jetstream's `*`, `*:create` and `*:update` wildcards; and a request made with an API token only
 * what the token may too (`tokenCan`; null when the request came from a session).
 */
export function hasTeamPermission(
  standing: TeamStanding,
  roles: readonly RoleGrants[],
  permission: string,
  tokenCan: ((ability: string) => boolean) | null = null,
): boolean {
  if (standing.kind === "owner") return true;
  if (standing.kind === "none") return false;
  if (tokenCan && !tokenCan(permission)) return false;
  const granted = teamPermissions(standing, roles);
  return (
    granted.includes(permission) ||
    granted.includes("*") ||
    (permission.endsWith(":create") && granted.includes("*:create")) ||
    (permission.endsWith(":update") && granted.includes("*:update"))
  );
}

/**
 * Jetstream's `TeamPolicy` stub: any member sees the team; only its owner renames it, deletes
 * it, and adds, changes or removes members and invitations. A member may always remove
 * themself (leave), which `RemoveTeamMember` checks beside this policy.
 */
export const TEAM_POLICY = {
  view: belongsToTeam,
  update: ownsTeam,
  addTeamMember: ownsTeam,
  updateTeamMember: ownsTeam,
  removeTeamMember: ownsTeam,
  delete: ownsTeam,
} as const satisfies Record<string, (standing: TeamStanding) => boolean>;

/**
 * The ability that makes a Sanctum token a team's (decision record 106): the application reads it
 * with `tokenCan("team:3")`. A team's token never carries `*`, which would answer for every team.
 */
export const teamAbility = (teamId: number): string => `team:${teamId}`;

/**
 * The owner morph type of a client a team owns (Passport 13's `oauth_clients.owner_type`), the
 * class of Jetstream's Team model (decision record 110).
 */
export const TEAM_OWNER_TYPE = "App\\Models\\Team";

/** The permission of a member's role that lets them make a token for the team (record 106). */
export const TEAM_TOKEN_PERMISSION = "create";

/** The permission of a member's role for each thing done to a team's OAuth clients (record 110). */
export const TEAM_CLIENT_PERMISSIONS = {
  list: "read",
  create: "create",
  update: "update",
  delete: "delete",
} as const;
