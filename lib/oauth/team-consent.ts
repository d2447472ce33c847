import "server-only";
import { hasTeamPermission, TEAM_TOKEN_PERMISSION } from "@/lib/policies/teams";
import type { Context } from "@/lib/server/context";
import { allTeams } from "@/lib/teams/store";

// Consent given for a team (decision record 110, amendment): the user approves an app "for" one of
// their teams, and the token carries the team as a Sanctum team token does (record 106) — the
// scope `team:{id}`, which Passport's `tokenCan` reads. The same permission as a team token's,
// `create`: a token for the team is made either way, and a member whose role may make one on the
// tokens screen may make one through an app, and no other. The approval is made as a team token is
// (lib/auth/team-token.ts issueForTeam): the same 422, 403 and shared lock of the team's row.

const TEAM_SCOPE = /^team:([1-9][0-9]{0,17})$/;

/** The teams the consent screen offers `userId`: those where their standing grants `create`. */
export async function consentTeams(
  ctx: Pick<Context, "db" | "config">,
  userId: number,
): Promise<{ id: number; name: string }[]> {
  if (!ctx.config.teams.enabled) return [];
  const teams = await allTeams(ctx.db, userId);
  return teams
    .filter((team) =>
      hasTeamPermission(
        team.user_id === userId
          ? { kind: "owner" }
          : { kind: "member", role: team.membership?.role ?? null },
        ctx.config.teams.roles,
        TEAM_TOKEN_PERMISSION,
      ),
    )
    .map((team) => ({ id: team.id, name: team.name }));
}

/** The team a token's scopes were granted for, or null. */
export function scopedTeam(scopes: readonly string[]): number | null {
  for (const scope of scopes) {
    const match = TEAM_SCOPE.exec(scope);
    if (match) return Number(match[1]);
  }
  return null;
}

/**
 * The scopes a refresh asks for, with the team kept: the client chose neither its team nor its
 * absence (the user did), so narrowing the scopes never drops it.
 */
export function keepingTheTeam(
  original: readonly string[],
  requested: readonly string[],
): string[] {
  if (requested.length === 0) return [...original];
  const team = original.filter((scope) => TEAM_SCOPE.test(scope));
  return [...requested.filter((scope) => !team.includes(scope)), ...team];
}
