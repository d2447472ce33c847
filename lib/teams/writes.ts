import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import {
  type Team,
  teamInvitations,
  teams,
  teamUser,
  users,
} from "@/db/schema";
import { recordActivity } from "@/lib/audit/activity";
import { invalid, notFound } from "@/lib/http/errors";
import {
  type Ended,
  endTeamCredentials,
  type EventDeps,
} from "@/lib/server/credential-ledger";
import {
  MEMBERSHIP_COLUMNS,
  type Membership,
  membershipOf,
  teamCounts,
} from "@/lib/teams/store";

// The team tables' writes that the routes (team-endpoints.ts, member-endpoints.ts) and the command
// line (cli/commands/teams.ts) share, so both apply Jetstream's rules one way (decision record 087).

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Who acts, for the activity log: the signed-in caller, or none (`ip` "cli") from the command
 * line, or none and no address from the pruning task.
 */
export type TeamActor = { causerId: number | null; ip?: string; now: Date };

/** Jetstream's CreateTeam: `ownerId` owns a new team (never personal) and switches to it. */
export async function createOwnedTeam(
  tx: Tx,
  actor: TeamActor,
  ownerId: number,
  name: string,
): Promise<Team> {
  const [created] = await tx
    .insert(teams)
    .values({
      userId: ownerId,
      name,
      personalTeam: false,
      createdAt: actor.now,
      updatedAt: actor.now,
    })
    .returning();
  if (!created) throw new Error("team insert returned no row");
  await tx
    .update(users)
    .set({ currentTeamId: created.id })
    .where(eq(users.id, ownerId));
  await recordActivity(
    tx,
    {
      event: "team-created",
      subjectId: ownerId,
      ip: actor.ip,
      properties: { team_id: created.id },
    },
    actor.now,
  );
  return created;
}

/** Is `address` the owner's or a member's, whatever its case (`Team::hasUserWithEmail`)? */
async function onTeam(tx: Tx, team: Team, address: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = lower(${address})`,
        sql`(${users.id} = ${team.userId} or exists (select 1 from ${teamUser} where ${teamUser.teamId} = ${team.id} and ${teamUser.userId} = ${users.id}))`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Refuses (422 on `email`) an address already on the team, the owner's included, and a team at
 * `maxMembers` members and pending invitations; gives the counts it read. Call it holding the
 * team's row (`findTeam(tx, id, true)`).
 */
export async function refuseAddition(
  tx: Tx,
  team: Team,
  address: string,
  maxMembers: number,
): Promise<{ members: number; invitations: number }> {
  if (await onTeam(tx, team, address))
    throw invalid("email", "This user already belongs to the team.");
  const counts = await teamCounts(tx, team.id);
  if (counts.members + counts.invitations >= maxMembers)
    throw invalid("email", "This team has reached its member limit.");
  return counts;
}

/** Jetstream's AddTeamMember once validated: the membership row and its activity entry. */
export async function addMembership(
  tx: Tx,
  actor: TeamActor,
  team: Team,
  userId: number,
  role: string,
): Promise<Membership> {
  const [membership] = await tx
    .insert(teamUser)
    .values({
      teamId: team.id,
      userId,
      role,
      createdAt: actor.now,
      updatedAt: actor.now,
    })
    .returning(MEMBERSHIP_COLUMNS);
  if (!membership) throw new Error("membership insert returned no row");
  await recordActivity(
    tx,
    {
      event: "team-member-added",
      subjectId: userId,
      causerId: actor.causerId,
      ip: actor.ip,
      properties: { team_id: team.id, role },
    },
    actor.now,
  );
  return membership;
}

/**
 * Jetstream's RemoveTeamMember once authorized, holding the team's row: the membership goes, the
 * member no longer works in the team, and what they held for it ends in the same transaction
 * (the ledger's `team-membership-ended`, decision record 106): a token made while this waited on
 * the team's lock is found. Answers what ended, for the caller's activity entry; 404 for someone
 * who is not a member.
 */
export async function endMembership(
  tx: Tx,
  ledger: EventDeps,
  teamId: number,
  memberId: number,
): Promise<Ended> {
  if (!(await membershipOf(tx, teamId, memberId))) throw notFound();
  await tx
    .delete(teamUser)
    .where(and(eq(teamUser.teamId, teamId), eq(teamUser.userId, memberId)));
  await tx
    .update(users)
    .set({ currentTeamId: null })
    .where(and(eq(users.id, memberId), eq(users.currentTeamId, teamId)));
  return endTeamCredentials(tx, ledger, memberId, teamId);
}

/**
 * Jetstream's `Team::purge` (its DeleteTeam action): nobody keeps the team as the current one, the
 * members are detached, the invitations go, then the team, with its activity entry. `subjectId`
 * is the account that deleted it, or null when its owner's account was purged.
 */
export async function purgeTeam(
  tx: Tx,
  actor: TeamActor,
  team: Team,
  subjectId: number | null,
  ledger: EventDeps,
): Promise<void> {
  // Every member's, and the owner's, team credentials end with the team (decision record 106).
  const members = await tx
    .select({ userId: teamUser.userId })
    .from(teamUser)
    .where(eq(teamUser.teamId, team.id));
  const ended: Ended = {};
  for (const userId of [team.userId, ...members.map((row) => row.userId)])
    for (const [kind, count] of Object.entries(
      await endTeamCredentials(tx, ledger, userId, team.id),
    ))
      ended[kind] = (ended[kind] ?? 0) + count;
  // What the team itself holds goes with it, as Jetstream's DeleteTeam deletes its resources.
  Object.assign(
    ended,
    await ledger.credentials.endTeam(tx, team.id, actor.now),
  );
  await tx
    .update(users)
    .set({ currentTeamId: null })
    .where(eq(users.currentTeamId, team.id));
  await tx.delete(teamUser).where(eq(teamUser.teamId, team.id));
  // Their foreign key cascades too; said here for a database whose key is Jetstream's own.
  await tx.delete(teamInvitations).where(eq(teamInvitations.teamId, team.id));
  await tx.delete(teams).where(eq(teams.id, team.id));
  await recordActivity(
    tx,
    {
      event: "team-deleted",
      subjectId,
      causerId: actor.causerId,
      ip: actor.ip,
      // A purged owner's team keeps no name: a personal team's carries the owner's first name.
      properties:
        subjectId === null
          ? { team_id: team.id, reason: "owner-purged", ended }
          : { team_id: team.id, name: team.name, ended },
    },
    actor.now,
  );
}
