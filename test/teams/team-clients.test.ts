import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLog, oauthClients } from "@/db/schema";
import { USER_DELETE_ROUTE } from "@/lib/account/routes";
import {
  OAUTH_CLIENT_DESTROY_ROUTE,
  OAUTH_CLIENT_ROUTE,
  OAUTH_CLIENT_STORE_ROUTE,
  OAUTH_CLIENTS_ROUTE,
} from "@/lib/oauth/json-api-routes";
import { DELETE_TEAM, REMOVE_MEMBER } from "@/lib/teams/routes";
import type { Agent } from "../support/agent";
import { PASSWORD, signIn, useTestApp } from "../support/app";
import { TEAMS_WITH_ROLES, teamOfRound } from "../support/teams";
import { stepUp } from "../support/two-factor";
import { REDIRECT_URI, signedInAdmin } from "../oauth/support";

// Decision record 110: an OAuth client a team owns (Passport 13's `owner` morph), managed by the
// members whose role grants Jetstream's `read`, `create`, `update`, `delete`, ended with the team.
const app = useTestApp(TEAMS_WITH_ROLES);
const db = () => app.database.db;

const teamWith = (role = "editor", round = 0) => teamOfRound(app, role, round);

async function create(agent: Agent, fields: Record<string, unknown>) {
  await stepUp(agent);
  return agent.post(
    "/oauth/clients",
    { name: "Acme portal", redirect_uris: [REDIRECT_URI], ...fields },
    { host: OAUTH_CLIENT_STORE_ROUTE },
  );
}
const list = (agent: Agent, team?: number | string) =>
  agent.get(
    team === undefined ? "/oauth/clients" : `/oauth/clients?team_id=${team}`,
    { host: OAUTH_CLIENTS_ROUTE },
  );
async function edit(agent: Agent, id: string, name = "Renamed") {
  await stepUp(agent);
  return agent.put(
    `/oauth/clients/${id}`,
    { name, redirect_uris: [REDIRECT_URI] },
    { host: OAUTH_CLIENT_ROUTE, params: { id } },
  );
}
async function destroy(agent: Agent, id: string) {
  await stepUp(agent);
  return agent.delete(`/oauth/clients/${id}`, {
    host: OAUTH_CLIENT_DESTROY_ROUTE,
    params: { id },
  });
}
const clientRow = async (id: string) =>
  (await db().select().from(oauthClients).where(eq(oauthClients.id, id)))[0];

describe("a team's OAuth clients (decision record 110)", () => {
  it("a member whose role may create makes one: owned by the team, listed for the team, not as the member's own", async () => {
    const { member, ownerAgent, team } = await teamWith();
    const memberAgent = await signIn(app, member);
    const made = await create(memberAgent, { team_id: team });
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({ team_id: team, user_id: null });
    expect(typeof made.body.plainSecret).toBe("string");
    const row = await clientRow(made.body.id as string);
    expect(row).toMatchObject({
      userId: null,
      ownerType: "App\\Models\\Team",
      ownerId: team,
      revoked: false,
    });
    for (const agent of [memberAgent, ownerAgent]) {
      const listed = await list(agent, team);
      expect(listed.status, listed.text).toBe(200);
      expect(listed.body.map((c: { id: string }) => c.id)).toEqual([
        made.body.id,
      ]);
    }
    expect((await list(memberAgent)).body).toEqual([]);
  });

  it("edits and deletes by the role: an editor renames, only a role with delete (the owner) deletes", async () => {
    const { member, ownerAgent, team } = await teamWith();
    const memberAgent = await signIn(app, member);
    const made = await create(memberAgent, { team_id: team });
    const id = made.body.id as string;
    const renamed = await edit(memberAgent, id);
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Renamed", team_id: team });
    const refused = await destroy(memberAgent, id);
    expect(refused.status).toBe(403);
    expect((await clientRow(id))?.revoked).toBe(false);
    const deleted = await destroy(ownerAgent, id);
    expect(deleted.status, deleted.text).toBe(204);
    expect((await clientRow(id))?.revoked).toBe(true);
  });

  it("refuses a role without create (403), someone outside the team (422 on team_id; 404 for the client), a malformed team_id (422), and writes nothing", async () => {
    const { member, ownerAgent, team } = await teamWith("viewer");
    const viewer = await signIn(app, member);
    const stranger = await signIn(
      app,
      await app.createUser({ email: "stranger@example.com" }),
    );
    expect((await create(viewer, { team_id: team })).status).toBe(403);
    const outside = await create(stranger, { team_id: team });
    expect(outside.status).toBe(422);
    expect(Object.keys(outside.body.errors)).toEqual(["team_id"]);
    expect((await create(stranger, { team_id: "x" })).status).toBe(422);
    expect((await create(stranger, { team_id: team + 100 })).status).toBe(422);
    expect(await db().select().from(oauthClients)).toEqual([]);

    const made = await create(ownerAgent, { team_id: team });
    const id = made.body.id as string;
    expect((await list(viewer, team)).body).toHaveLength(1);
    expect((await edit(viewer, id)).status).toBe(403);
    expect((await list(stranger, team)).status).toBe(422);
    expect((await list(stranger, "x")).status).toBe(422);
    expect((await edit(stranger, id)).status).toBe(404);
    expect((await destroy(stranger, id)).status).toBe(404);
    expect(await clientRow(id)).toMatchObject({
      name: "Acme portal",
      revoked: false,
    });
  });

  it("is no administrator's machine client: not listed as one, not managed by an administrator outside the team (404)", async () => {
    const { ownerAgent, team } = await teamWith();
    const made = await create(ownerAgent, { team_id: team });
    const { agent: admin } = await signedInAdmin(app);
    expect((await list(admin)).body).toEqual([]);
    expect((await edit(admin, made.body.id as string)).status).toBe(404);
    expect((await destroy(admin, made.body.id as string)).status).toBe(404);
    expect((await clientRow(made.body.id as string))?.revoked).toBe(false);
  });

  it("stays the team's when the member who made it is removed (who no longer manages it) and deletes their account", async () => {
    const { member, ownerAgent, team } = await teamWith();
    const memberAgent = await signIn(app, member);
    const made = await create(memberAgent, { team_id: team });
    const removed = await ownerAgent.delete(
      `/teams/${team}/members/${member.id}`,
      {
        host: REMOVE_MEMBER,
        params: { team: String(team), user: String(member.id) },
      },
    );
    expect(removed.status, removed.text).toBe(200);
    expect((await clientRow(made.body.id as string))?.revoked).toBe(false);
    expect((await list(ownerAgent, team)).body).toHaveLength(1);
    expect((await edit(memberAgent, made.body.id as string)).status).toBe(404);
    // Nor does its maker's account going: the client names no user (user_id null).
    const gone = await memberAgent.request("DELETE", "/api/app/user", {
      json: { password: PASSWORD },
      host: USER_DELETE_ROUTE,
    });
    expect(gone.status, gone.text).toBe(200);
    expect((await clientRow(made.body.id as string))?.revoked).toBe(false);
  });

  it("goes with the team: deleting it revokes the team's clients, counted in the activity entry", async () => {
    const { ownerAgent, team } = await teamWith();
    const made = await create(ownerAgent, { team_id: team });
    const own = await create(ownerAgent, {});
    const deleted = await ownerAgent.delete(`/teams/${team}`, {
      host: DELETE_TEAM,
      params: { team: String(team) },
    });
    expect(deleted.status, deleted.text).toBe(200);
    expect((await clientRow(made.body.id as string))?.revoked).toBe(true);
    expect((await clientRow(own.body.id as string))?.revoked).toBe(false);
    const [deletion] = await db()
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, "team-deleted"));
    expect(deletion?.properties).toMatchObject({
      team_id: team,
      ended: { "oauth-clients": 1 },
    });
  });

  it("a team's deletion racing a member's new client for it leaves no live client of the gone team", async () => {
    for (let round = 0; round < 6; round++) {
      const { member, ownerAgent, team } = await teamWith("editor", round);
      const memberAgent = await signIn(app, member);
      await stepUp(memberAgent);
      await stepUp(ownerAgent);
      const [made, deleted] = await Promise.all([
        create(memberAgent, { team_id: team }),
        ownerAgent.delete(`/teams/${team}`, {
          host: DELETE_TEAM,
          params: { team: String(team) },
        }),
      ]);
      expect(deleted.status, deleted.text).toBe(200);
      expect([201, 422]).toContain(made.status);
      expect(
        await db()
          .select()
          .from(oauthClients)
          .where(
            and(
              eq(oauthClients.ownerId, team),
              eq(oauthClients.revoked, false),
            ),
          ),
      ).toEqual([]);
    }
  });
});
