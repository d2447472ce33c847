import "server-only";
import { and, asc, count, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { type Team, teamInvitations, teams, teamUser } from "@/db/schema";
import type { TeamStanding } from "@/lib/policies/teams";
import { notFound } from "@/lib/http/errors";
import type { PresentedTeam } from "@/lib/contract/teams/team";

// The team tables' reads (decision record 087). `team_user` is always read by its named columns:
// Jetstream's first releases made it without `id`, and such databases keep working.

type Reader = Pick<Db, "select">;

export const MEMBERSHIP_COLUMNS = {
  teamId: teamUser.teamId,
  userId: teamUser.userId,
  role: teamUser.role,
  createdAt: teamUser.createdAt,
  updatedAt: teamUser.updatedAt,
};

export type Membership = {
  teamId: number;
  userId: number;
  role: string | null;
  createdAt: Date | null;
  updatedAt: Date | null;
};

/** A route's `{team}` or `{invitation}` key: a positive integer, else 404 as Laravel's findOrFail. */
export function routeKey(value: string | undefined): number {
  if (!value || !/^[1-9][0-9]{0,17}$/.test(value)) throw notFound();
  return Number(value);
}

/** `Team::findOrFail`, optionally locking the row for the transaction. */
export async function findTeam(
  db: Reader,
  id: number,
  lock = false,
): Promise<Team> {
  const query = db.select().from(teams).where(eq(teams.id, id));
  const [team] = lock ? await query.for("update") : await query;
  if (!team) throw notFound();
  return team;
}

export async function membershipOf(
  db: Reader,
  teamId: number,
  userId: number,
): Promise<Membership | null> {
  const [row] = await db
    .select(MEMBERSHIP_COLUMNS)
    .from(teamUser)
    .where(and(eq(teamUser.teamId, teamId), eq(teamUser.userId, userId)));
  return row ?? null;
}

/** Where `userId` stands in `team`: its owner, a member with a role, or neither. */
export async function standingIn(
  db: Reader,
  team: Team,
  userId: number,
): Promise<TeamStanding> {
  if (team.userId === userId) return { kind: "owner" };
  const membership = await membershipOf(db, team.id, userId);
  return membership
    ? { kind: "member", role: membership.role }
    : { kind: "none" };
}

const stamp = (date: Date | null) => date?.toISOString() ?? null;

export function presentMembership(row: Membership) {
  return {
    team_id: row.teamId,
    user_id: row.userId,
    role: row.role,
    created_at: stamp(row.createdAt),
    updated_at: stamp(row.updatedAt),
  };
}

export function presentTeam(
  team: Team,
  membership: Membership | null = null,
): PresentedTeam {
  return {
    id: team.id,
    user_id: team.userId,
    name: team.name,
    personal_team: team.personalTeam,
    created_at: stamp(team.createdAt),
    updated_at: stamp(team.updatedAt),
    ...(membership ? { membership: presentMembership(membership) } : {}),
  };
}

/** `HasTeams::allTeams`: the owned teams and the ones held through membership, by name. */
export async function allTeams(
  db: Reader,
  userId: number,
): Promise<PresentedTeam[]> {
  const [owned, joined] = await Promise.all([
    db.select().from(teams).where(eq(teams.userId, userId)),
    db
      .select({ team: teams, membership: MEMBERSHIP_COLUMNS })
      .from(teamUser)
      .innerJoin(teams, eq(teams.id, teamUser.teamId))
      .where(eq(teamUser.userId, userId))
      .orderBy(asc(teams.id)),
  ]);
  return [
    ...owned.map((team) => presentTeam(team)),
    ...joined.map((row) => presentTeam(row.team, row.membership)),
  ].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

/** Members (the owner not counted, as Jetstream's `users()`) and pending invitations of a team. */
export async function teamCounts(
  db: Reader,
  teamId: number,
): Promise<{ members: number; invitations: number }> {
  const [[members], [invitations]] = await Promise.all([
    db.select({ n: count() }).from(teamUser).where(eq(teamUser.teamId, teamId)),
    db
      .select({ n: count() })
      .from(teamInvitations)
      .where(eq(teamInvitations.teamId, teamId)),
  ]);
  return { members: members?.n ?? 0, invitations: invitations?.n ?? 0 };
}
