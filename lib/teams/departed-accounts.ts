import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { EventDeps } from "@/lib/server/credential-ledger";
import { teams, teamUser, users } from "@/db/schema";
import { purgeTeam } from "@/lib/teams/writes";

// Jetstream's DeleteUser with DeleteUserWithTeams (decision record 106): a deleted account's
// memberships are detached and the teams it owns deleted. Here an account is deleted softly and
// purged later (decision record 021), and a restore gives it back as it was, so its teams wait for
// the purge. The purge is `users`' pruner, which runs before this one (FEATURES' order): what it
// leaves behind is found here by the owner or member row that is gone, in the same pruning run,
// and a run cut short leaves nothing the next one does not finish.

// Teams deleted per run; the next run takes the rest.
const BATCH = 100;

/**
 * Deletes the teams whose owner's account is gone (`Team::purge`, one transaction each) and the
 * memberships of accounts that are gone; answers how many teams and memberships went.
 */
export async function removeDepartedAccountsTeams(
  db: Db,
  ledger: EventDeps,
): Promise<Record<string, number>> {
  const { now } = ledger;
  const orphaned = await db
    .select()
    .from(teams)
    .where(
      sql`not exists (select 1 from ${users} where ${users.id} = ${teams.userId})`,
    )
    .limit(BATCH);
  for (const team of orphaned)
    await db.transaction((tx) =>
      purgeTeam(tx, { causerId: null, now }, team, null, ledger),
    );
  const detached = await db
    .delete(teamUser)
    .where(
      sql`not exists (select 1 from ${users} where ${users.id} = ${teamUser.userId})`,
    )
    .returning({ teamId: teamUser.teamId });
  return {
    departed_owners_teams: orphaned.length,
    departed_members: detached.length,
  };
}
