import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { type User, teams, users } from "@/db/schema";
import type { AuthConfig } from "@/lib/config/auth";

/** Jetstream's personal team name: the first word of the name, and "'s Team". */
export const personalTeamName = (name: string): string =>
  `${name.split(" ", 1)[0] ?? ""}'s Team`;

/**
 * `CreateNewUserWithTeams::createTeam` (decision record 087): in the registration's transaction,
 * the new account's personal team, made its current team. Nothing when teams or personal teams
 * are off.
 */
export async function createPersonalTeam(
  tx: Pick<Db, "insert" | "update">,
  config: AuthConfig,
  user: User,
  now: Date,
): Promise<User> {
  if (!config.teams.enabled || !config.teams.personal) return user;
  const [team] = await tx
    .insert(teams)
    .values({
      userId: user.id,
      name: personalTeamName(user.name),
      personalTeam: true,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: teams.id });
  if (!team) throw new Error("team insert returned no row");
  await tx
    .update(users)
    .set({ currentTeamId: team.id })
    .where(eq(users.id, user.id));
  return { ...user, currentTeamId: team.id };
}
