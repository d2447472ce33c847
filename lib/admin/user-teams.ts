import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { teams, teamUser } from "@/db/schema";

/** A user's place in one team, for the administrators' user list: the role key, or `owner`. */
export type UserTeam = { id: number; name: string; role: string };

/**
 * The teams of each of `userIds`, owned and joined, by name (decision record 106): two statements
 * for a whole page of the user list, none while teams are off (the caller asks only then).
 */
export async function teamsOfUsers(
  db: Pick<Db, "select">,
  userIds: readonly number[],
): Promise<Map<number, UserTeam[]>> {
  const byUser = new Map<number, UserTeam[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const [owned, joined] = await Promise.all([
    db
      .select({ userId: teams.userId, id: teams.id, name: teams.name })
      .from(teams)
      .where(inArray(teams.userId, [...userIds]))
      .orderBy(asc(teams.id)),
    db
      .select({
        userId: teamUser.userId,
        id: teams.id,
        name: teams.name,
        role: teamUser.role,
      })
      .from(teamUser)
      .innerJoin(teams, eq(teams.id, teamUser.teamId))
      .where(inArray(teamUser.userId, [...userIds]))
      .orderBy(asc(teams.id)),
  ]);
  for (const row of owned)
    byUser.get(row.userId)?.push({ id: row.id, name: row.name, role: "owner" });
  for (const row of joined)
    byUser
      .get(row.userId)
      ?.push({ id: row.id, name: row.name, role: row.role ?? "" });
  for (const list of byUser.values())
    list.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  return byUser;
}
