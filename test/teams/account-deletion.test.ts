import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  activityLog,
  personalAccessTokens,
  teamInvitations,
  teams,
  teamUser,
  users,
} from "@/db/schema";
import { USER_DELETE_ROUTE } from "@/lib/account/routes";
import { ADD_MEMBER, CREATE_TEAM } from "@/lib/teams/routes";
import type { Agent } from "../support/agent";
import { PASSWORD, signIn, useTestApp } from "../support/app";
import { pruneNow } from "../support/prune";
import { createToken, tokenId } from "../support/tokens";

// Decision record 106: an account's deletion and its teams, as Jetstream's DeleteUser with
// DeleteUserWithTeams, after the grace period of a soft deletion (decision record 021).
const app = useTestApp({
  auth: {
    teams: { enabled: true, invitations: false },
    retention: { "deleted-accounts-days": 7 },
  },
});
const T0 = new Date("2026-11-25T09:00:00Z");
const DAY = 86_400_000;
const db = () => app.database.db;

const createTeam = async (agent: Agent, name: string) => {
  const created = await agent.post("/teams", { name }, { host: CREATE_TEAM });
  expect(created.status, created.text).toBe(200);
  return created.body.team.id as number;
};
const add = async (agent: Agent, team: number, email: string) => {
  const added = await agent.post(
    `/teams/${team}/members`,
    { email, role: "editor" },
    { host: ADD_MEMBER, params: { team: String(team) } },
  );
  expect(added.status, added.text).toBe(200);
};
const deleteOwnAccount = async (agent: Agent) => {
  const deleted = await agent.request("DELETE", "/api/app/user", {
    json: { password: PASSWORD },
    host: USER_DELETE_ROUTE,
  });
  expect(deleted.status, deleted.text).toBe(200);
};
const membersOf = async (team: number) =>
  (
    await db()
      .select({ userId: teamUser.userId })
      .from(teamUser)
      .where(eq(teamUser.teamId, team))
  ).map((row) => row.userId);
const teamRow = async (team: number) =>
  (await db().select().from(teams).where(eq(teams.id, team)))[0];
const currentTeamOf = async (id: number) =>
  (
    await db()
      .select({ current: users.currentTeamId })
      .from(users)
      .where(eq(users.id, id))
  )[0]?.current;

/** An owner with a team of one member working in it, a pending invitation, and another team the owner is a member of. */
async function seed() {
  app.setNow(T0);
  const owner = await app.createUser({ email: "owner@example.com" });
  const member = await app.createUser({ email: "member@example.com" });
  const other = await app.createUser({ email: "other@example.com" });
  const ownerAgent = await signIn(app, owner);
  const team = await createTeam(ownerAgent, "Acme");
  await add(ownerAgent, team, member.email);
  await db()
    .update(users)
    .set({ currentTeamId: team })
    .where(eq(users.id, member.id));
  await db().insert(teamInvitations).values({
    teamId: team,
    email: "invited@example.com",
    role: "editor",
    createdAt: T0,
    updatedAt: T0,
  });
  const otherAgent = await signIn(app, other);
  const othersTeam = await createTeam(otherAgent, "Elsewhere");
  await add(otherAgent, othersTeam, owner.email);
  return { owner, ownerAgent, member, team, othersTeam };
}

describe("an account's deletion and its teams (decision record 106)", () => {
  it("keeps the owner's teams and memberships while the account may be restored", async () => {
    const { owner, ownerAgent, member, team, othersTeam } = await seed();
    await deleteOwnAccount(ownerAgent);
    await pruneNow(app);
    expect(await teamRow(team)).toBeDefined();
    expect(await membersOf(team)).toEqual([member.id]);
    expect(await membersOf(othersTeam)).toEqual([owner.id]);
    expect(await currentTeamOf(member.id)).toBe(team);
  });

  it("at the purge deletes the teams it owned, as Team::purge, and detaches its memberships", async () => {
    const { owner, ownerAgent, member, team, othersTeam } = await seed();
    const teamToken = await createToken(app, member.email, {
      team_id: team,
      abilities: [],
    });
    await deleteOwnAccount(ownerAgent);
    app.setNow(new Date(T0.getTime() + 8 * DAY));
    const pruned = await pruneNow(app);
    expect(pruned).toMatchObject({
      deleted_accounts: 1,
      departed_owners_teams: 1,
      departed_members: 1,
    });
    expect(await teamRow(team)).toBeUndefined();
    expect(await membersOf(team)).toEqual([]);
    expect(
      await db()
        .select()
        .from(teamInvitations)
        .where(eq(teamInvitations.teamId, team)),
    ).toEqual([]);
    // The member no longer works in a team that is gone.
    expect(await currentTeamOf(member.id)).toBeNull();
    // The team it was a member of stays, without it.
    expect(await teamRow(othersTeam)).toBeDefined();
    expect(await membersOf(othersTeam)).toEqual([]);
    const [entry] = await db()
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, "team-deleted"));
    expect(entry?.subjectId).toBeNull();
    // No name: a personal team's carries its purged owner's first name.
    expect(entry?.properties).toEqual({
      team_id: team,
      reason: "owner-purged",
      ip: null,
      // The member's token for the team ended with it (the ledger's team-membership-ended).
      ended: { "sanctum-tokens": 1 },
    });
    expect(
      await db()
        .select()
        .from(personalAccessTokens)
        .where(eq(personalAccessTokens.id, tokenId(teamToken))),
    ).toEqual([]);
    expect(await currentTeamOf(owner.id)).toBeUndefined();
    // A second run finds nothing left.
    expect(await pruneNow(app)).toMatchObject({
      departed_owners_teams: 0,
      departed_members: 0,
    });
  });
});
