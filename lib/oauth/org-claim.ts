import "server-only";
import type { Db } from "@/db/client";
import type { AuthConfig } from "@/lib/config/auth";
import { eq } from "drizzle-orm";
import { teams, users } from "@/db/schema";
import { standingIn } from "@/lib/teams/store";
import { scopedTeam } from "@/lib/oauth/team-consent";

// The `org` scope (decision record 106): the team the account works in, as Jetstream's
// `currentTeam`, named in the ID token, userinfo and introspection of a token granted `org`.

/** The scope, and the claim it reveals. */
export const ORG_SCOPE = "org";

export type OrgClaim = { id: number; name: string; role: string };

/**
 * `{org: {id, name, role}}` of the user's current team when `scopes` hold `org` (or `*`) and teams
 * are on; `role` is the member's role key, or `owner`. Nothing when the account works in no team
 * or no longer belongs to the one it names (a removal clears it; a Jetstream database may not).
 * A token approved for a team (`team:{id}`, lib/oauth/team-consent.ts) names that team instead.
 */
export async function orgClaim(
  db: Pick<Db, "select">,
  config: AuthConfig,
  user: { id: number; currentTeamId: number | null },
  scopes: readonly string[],
): Promise<{ org?: OrgClaim }> {
  const teamId = scopedTeam(scopes) ?? user.currentTeamId;
  if (!config.teams.enabled || teamId === null) return {};
  if (!scopes.includes(ORG_SCOPE) && !scopes.includes("*")) return {};
  const [team] = await db.select().from(teams).where(eq(teams.id, teamId));
  if (!team) return {};
  const standing = await standingIn(db, team, user.id);
  if (standing.kind === "none") return {};
  return {
    org: {
      id: team.id,
      name: team.name,
      role: standing.kind === "owner" ? "owner" : (standing.role ?? ""),
    },
  };
}

/** `orgClaim` for a user known by id (introspection reads the token, not the user). */
export async function orgClaimOf(
  db: Pick<Db, "select">,
  config: AuthConfig,
  userId: number | null,
  scopes: readonly string[],
): Promise<{ org?: OrgClaim }> {
  if (userId === null || !config.teams.enabled) return {};
  if (!scopes.includes(ORG_SCOPE) && !scopes.includes("*")) return {};
  const [user] = await db
    .select({ id: users.id, currentTeamId: users.currentTeamId })
    .from(users)
    .where(eq(users.id, userId));
  return user ? orgClaim(db, config, user, scopes) : {};
}
