import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLog, personalAccessTokens } from "@/db/schema";
import { ADD_MEMBER, DELETE_TEAM, REMOVE_MEMBER } from "@/lib/teams/routes";
import type { Agent } from "../support/agent";
import { PASSWORD, signIn, useTestApp } from "../support/app";
import { TEAMS_WITH_ROLES, teamOfRound } from "../support/teams";
import { createToken, tokenId } from "../support/tokens";

// Decision record 106: a Sanctum token made for a team carries `team:{id}`, and ends with the
// membership that let it be made (the credential ledger's `team-membership-ended`).
const app = useTestApp(TEAMS_WITH_ROLES);
const db = () => app.database.db;

const teamWith = (role = "editor", round = 0) => teamOfRound(app, role, round);

const ask = async (fields: Record<string, unknown>, round = 0) => {
  const guest = app.agent();
  await guest.csrf();
  return guest.post("/auth/create-token", {
    email: `member${round}@example.com`,
    password: PASSWORD,
    name: "team job",
    ...fields,
  });
};
const works = async (token: string) =>
  (await app.agent().get("/auth/get-auth", { bearer: token })).body.user !=
  null;
const remove = (agent: Agent, team: number, user: number) =>
  agent.delete(`/teams/${team}/members/${user}`, {
    host: REMOVE_MEMBER,
    params: { team: String(team), user: String(user) },
  });

describe("a team's tokens (decision record 106)", () => {
  it("a member whose role may create makes one; it carries team:{id}", async () => {
    const { team } = await teamWith();
    const answer = await ask({ team_id: team, abilities: ["user:write"] });
    expect(answer.status, answer.text).toBe(200);
    const [row] = await db()
      .select()
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.id, tokenId(answer.body.token as string)));
    expect(JSON.parse(row?.abilities ?? "")).toEqual([
      "user:write",
      `team:${team}`,
    ]);
  });

  it("refuses * and a missing list (422 on abilities), a team not the user's (422 on team_id), a role without create (403)", async () => {
    const { team } = await teamWith("viewer");
    const star = await ask({ team_id: team, abilities: ["*"] });
    expect(star.status).toBe(422);
    expect(Object.keys(star.body.errors)).toEqual(["abilities"]);
    const missing = await ask({ team_id: team });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors)).toEqual(["abilities"]);
    const stranger = await ask({ team_id: team + 100, abilities: [] });
    expect(stranger.status).toBe(422);
    expect(Object.keys(stranger.body.errors)).toEqual(["team_id"]);
    const bad = await ask({ team_id: "x", abilities: [] });
    expect(bad.status).toBe(422);
    const viewer = await ask({ team_id: team, abilities: [] });
    expect(viewer.status).toBe(403);
    // `team:{id}` cannot be asked for by name: only a team's membership adds it.
    const named = await ask({ abilities: [`team:${team}`] });
    expect(named.status).toBe(422);
    expect(await db().select().from(personalAccessTokens)).toEqual([]);
  });

  it("ends with the membership: removed by the owner, the team's token goes and the member's own stays", async () => {
    const { member, ownerAgent, team } = await teamWith();
    const teamToken = await createToken(app, member.email, {
      team_id: team,
      abilities: [],
    });
    const own = await createToken(app, member.email);
    expect(await works(teamToken)).toBe(true);
    const removed = await remove(ownerAgent, team, member.id);
    expect(removed.status, removed.text).toBe(200);
    expect(await works(teamToken)).toBe(false);
    expect(await works(own)).toBe(true);
    const [entry] = await db()
      .select()
      .from(activityLog)
      .where(
        and(
          eq(activityLog.event, "team-member-removed"),
          eq(activityLog.subjectId, member.id),
        ),
      );
    expect(entry?.properties).toMatchObject({
      team_id: team,
      ended: { "sanctum-tokens": 1 },
    });
  });

  it("ends when the member leaves, and when the owner deletes the team", async () => {
    const { member, ownerAgent, team } = await teamWith();
    const first = await createToken(app, member.email, {
      team_id: team,
      abilities: [],
    });
    const memberAgent = await signIn(app, member);
    expect((await remove(memberAgent, team, member.id)).status).toBe(200);
    expect(await works(first)).toBe(false);

    const again = await ownerAgent.post(
      `/teams/${team}/members`,
      { email: member.email, role: "editor" },
      { host: ADD_MEMBER, params: { team: String(team) } },
    );
    expect(again.status).toBe(200);
    const second = await createToken(app, member.email, {
      team_id: team,
      abilities: [],
    });
    const ownersToken = await createToken(app, "owner0@example.com", {
      team_id: team,
      abilities: [],
    });
    const deleted = await ownerAgent.delete(`/teams/${team}`, {
      host: DELETE_TEAM,
      params: { team: String(team) },
    });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await works(second)).toBe(false);
    expect(await works(ownersToken)).toBe(false);
  });

  it("a removal racing the member's request for a team token leaves no team token behind", async () => {
    for (let round = 0; round < 6; round++) {
      const { member, ownerAgent, team } = await teamWith("editor", round);
      const [created, removed] = await Promise.all([
        ask({ team_id: team, abilities: [] }, round),
        remove(ownerAgent, team, member.id),
      ]);
      expect(removed.status, removed.text).toBe(200);
      expect([200, 422]).toContain(created.status);
      expect(
        await db()
          .select()
          .from(personalAccessTokens)
          .where(eq(personalAccessTokens.tokenableId, member.id)),
      ).toEqual([]);
    }
  });
});
