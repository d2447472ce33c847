import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLog, teams, teamUser, users } from "@/db/schema";
import { ADMIN_USERS_ROUTE } from "@/lib/admin/routes";
import {
  ADMIN_TEAM_MEMBER_DELETE_ROUTE,
  ADMIN_TEAM_OWNER_UPDATE_ROUTE,
  ADMIN_TEAM_ROUTE,
} from "@/lib/admin/teams";
import type { Agent } from "../support/agent";
import { signIn, useTestApp } from "../support/app";
import { sample, scrape } from "../support/metrics-text";
import { teamWithMember } from "../support/teams";
import { createToken } from "../support/tokens";
import { stepUp } from "../support/two-factor";

// Decision record 106: an administrator sees a team, removes a member and hands the team to a
// member, under the user policy's `manage` (never another administrator's account), audited.
const ADMIN = "admin@example.com";
const PEER = "peer@example.com";
const app = useTestApp({
  auth: { admins: [ADMIN, PEER], teams: { enabled: true, invitations: false } },
});
const db = () => app.database.db;

async function administrator(): Promise<Agent> {
  const agent = await signIn(app, await app.createUser({ email: ADMIN }));
  await stepUp(agent);
  return agent;
}
const show = (agent: Agent, team: number) =>
  agent.get(`/api/admin/teams/${team}`, {
    host: ADMIN_TEAM_ROUTE,
    params: { team: String(team) },
  });
const remove = (agent: Agent, team: number, user: number) =>
  agent.delete(`/api/admin/teams/${team}/members/${user}`, {
    host: ADMIN_TEAM_MEMBER_DELETE_ROUTE,
    params: { team: String(team), user: String(user) },
  });
const transfer = (
  agent: Agent,
  team: number,
  fields: Record<string, unknown>,
) =>
  agent.put(`/api/admin/teams/${team}/owner`, fields, {
    host: ADMIN_TEAM_OWNER_UPDATE_ROUTE,
    params: { team: String(team) },
  });

describe("teams for administrators (decision record 106)", () => {
  it("the user list shows each user's teams and roles", async () => {
    const { owner, member, team } = await teamWithMember(app, {
      owner: "owner@example.com",
      member: "member@example.com",
    });
    const admin = await administrator();
    const listed = await admin.get("/api/admin/users", {
      host: ADMIN_USERS_ROUTE,
    });
    expect(listed.status, listed.text).toBe(200);
    const teamsOf = (id: number) =>
      (listed.body.data as { id: number; teams: unknown }[]).find(
        (row) => row.id === id,
      )?.teams;
    expect(teamsOf(owner.id)).toEqual([
      { id: team, name: "Acme", role: "owner" },
    ]);
    expect(teamsOf(member.id)).toEqual([
      { id: team, name: "Acme", role: "editor" },
    ]);
  });

  it("shows a team's owner, members with their roles and invitations; 403 to anyone else", async () => {
    const { owner, member, ownerAgent, team } = await teamWithMember(app, {
      owner: "owner@example.com",
      member: "member@example.com",
    });
    const admin = await administrator();
    const shown = await show(admin, team);
    expect(shown.status, shown.text).toBe(200);
    expect(shown.body).toMatchObject({
      team: { id: team, name: "Acme", user_id: owner.id },
      owner: { id: owner.id, email: owner.email },
      members: [{ id: member.id, email: member.email, role: "editor" }],
      invitations: [],
    });
    // Jetstream's stub roles: the previous owner keeps one when the team changes hands.
    expect(
      (shown.body.availableRoles as { key: string }[]).map((role) => role.key),
    ).toEqual(["admin", "editor"]);
    expect((await show(ownerAgent, team)).status).toBe(403);
    expect((await show(admin, team + 100)).status).toBe(404);
  });

  it("removes a member, ending their team tokens, audited with the administrator as causer; counted", async () => {
    const { member, team } = await teamWithMember(app, {
      owner: "owner@example.com",
      member: "member@example.com",
    });
    const teamToken = await createToken(app, member.email, {
      team_id: team,
      abilities: [],
    });
    const removedBefore = sample(
      await (await scrape(app.services)).text(),
      "auth_team_changes_total",
      { change: "member_removed" },
    );
    const admin = await administrator();
    const removed = await remove(admin, team, member.id);
    expect(removed.status, removed.text).toBe(204);
    expect(
      await db().select().from(teamUser).where(eq(teamUser.teamId, team)),
    ).toEqual([]);
    const me = await app.agent().get("/auth/get-auth", { bearer: teamToken });
    expect(me.body.user ?? null).toBeNull();
    const [entry] = await db()
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, "team-member-removed"));
    expect(entry?.causerId).not.toBeNull();
    expect(entry?.properties).toMatchObject({
      team_id: team,
      ended: { "sanctum-tokens": 1 },
    });
    expect(
      sample(
        await (await scrape(app.services)).text(),
        "auth_team_changes_total",
        { change: "member_removed" },
      ),
    ).toBe(removedBefore + 1);
    expect((await remove(admin, team, member.id)).status).toBe(404);
  });

  it("hands the team to a member: the previous owner becomes a member with the role given", async () => {
    const { owner, member, team } = await teamWithMember(app, {
      owner: "owner@example.com",
      member: "member@example.com",
    });
    const admin = await administrator();
    const missing = await transfer(admin, team, { user_id: owner.id + 100 });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors)).toEqual(["previous_owner_role"]);
    const stranger = await app.createUser({ email: "stranger@example.com" });
    const notMember = await transfer(admin, team, {
      user_id: stranger.id,
      previous_owner_role: "editor",
    });
    expect(notMember.status).toBe(422);
    expect(Object.keys(notMember.body.errors)).toEqual(["user_id"]);

    const moved = await transfer(admin, team, {
      user_id: member.id,
      previous_owner_role: "admin",
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({
      owner: { id: member.id },
      members: [{ id: owner.id, role: "admin" }],
    });
    const [row] = await db().select().from(teams).where(eq(teams.id, team));
    expect(row?.userId).toBe(member.id);
    const [entry] = await db()
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, "team-ownership-transferred"));
    expect(entry?.properties).toMatchObject({
      team_id: team,
      previous_owner_id: owner.id,
    });
  });

  it("refuses a peer administrator's team (403), a personal team's owner change (422), and asks for the step-up (423)", async () => {
    const { member, team } = await teamWithMember(app, {
      owner: PEER,
      member: "member@example.com",
    });
    const admin = await administrator();
    expect((await remove(admin, team, member.id)).status).toBe(403);
    expect(
      (
        await transfer(admin, team, {
          user_id: member.id,
          previous_owner_role: "editor",
        })
      ).status,
    ).toBe(403);
    expect(
      await db()
        .select()
        .from(teamUser)
        .where(and(eq(teamUser.teamId, team), eq(teamUser.userId, member.id))),
    ).toHaveLength(1);

    await db()
      .update(teams)
      .set({ personalTeam: true, userId: member.id })
      .where(eq(teams.id, team));
    await db().delete(teamUser).where(eq(teamUser.teamId, team));
    const other = await app.createUser({ email: "other@example.com" });
    await db()
      .insert(teamUser)
      .values({ teamId: team, userId: other.id, role: "editor" });
    const personal = await transfer(admin, team, {
      user_id: other.id,
      previous_owner_role: "editor",
    });
    expect(personal.status).toBe(422);
    expect(Object.keys(personal.body.errors)).toEqual(["team"]);

    // A session of the same administrator that has not confirmed the password.
    const [adminRow] = await db()
      .select()
      .from(users)
      .where(eq(users.email, ADMIN));
    if (!adminRow) throw new Error("no administrator");
    const unconfirmed = await signIn(app, adminRow);
    expect((await remove(unconfirmed, team, other.id)).status).toBe(423);
  });
});
