import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  activityLog,
  teamInvitations,
  teams,
  teamUser,
  users,
} from "@/db/schema";
import {
  ACCEPT_INVITATION,
  ADD_MEMBER,
  CANCEL_INVITATION,
  CREATE_TEAM,
  DELETE_TEAM,
  REMOVE_MEMBER,
  SWITCH_TEAM,
  UPDATE_MEMBER,
  UPDATE_TEAM,
} from "@/lib/teams/routes";
import type { Agent } from "../support/agent";
import { PASSWORD, signIn, useTestApp } from "../support/app";

// Teams on Jetstream's tables and routes (decision record 087), through HTTP.
const APP_KEY = "base64:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";
const app = useTestApp({
  auth: { teams: { enabled: true } },
  env: { APP_KEY },
});

const createTeam = (agent: Agent, name: string, options = {}) =>
  agent.post("/teams", { name }, { host: CREATE_TEAM, ...options });
const renameTeam = (agent: Agent, team: number, name: string) =>
  agent.put(
    `/teams/${team}`,
    { name },
    { host: UPDATE_TEAM, params: { team: String(team) } },
  );
const deleteTeam = (agent: Agent, team: number) =>
  agent.delete(`/teams/${team}`, {
    host: DELETE_TEAM,
    params: { team: String(team) },
  });
const switchTeam = (agent: Agent, team: number) =>
  agent.put("/current-team", { team_id: team }, { host: SWITCH_TEAM });
const addMember = (agent: Agent, team: number, email: string, role: string) =>
  agent.post(
    `/teams/${team}/members`,
    { email, role },
    { host: ADD_MEMBER, params: { team: String(team) } },
  );
const setRole = (agent: Agent, team: number, user: number, role: string) =>
  agent.put(
    `/teams/${team}/members/${user}`,
    { role },
    { host: UPDATE_MEMBER, params: { team: String(team), user: String(user) } },
  );
const removeMember = (agent: Agent, team: number, user: number) =>
  agent.delete(`/teams/${team}/members/${user}`, {
    host: REMOVE_MEMBER,
    params: { team: String(team), user: String(user) },
  });
/** Opens a mailed link: the path and query as the browser sends them. */
const open = (agent: Agent, link: string, options = {}) => {
  const url = new URL(link);
  const invitation = url.pathname.split("/").pop() ?? "";
  return agent.get(`${url.pathname}${url.search}`, {
    host: ACCEPT_INVITATION,
    params: { invitation },
    ...options,
  });
};
const linkIn = (text: string) =>
  /(http:\/\/localhost:3000\/team-invitations\/\S+)/.exec(text)?.[1] ?? "";
const getAuth = async (agent: Agent) =>
  (await agent.get("/auth/get-auth")).body;

async function ownerWithTeam(name = "Acme") {
  const owner = await app.createUser({
    name: "Taylor Otwell",
    email: "taylor@example.com",
  });
  const agent = await signIn(app, owner);
  const created = await createTeam(agent, name);
  expect(created.status).toBe(200);
  return { owner, agent, team: created.body.team.id as number };
}

/** The one row a statement returned. */
function only<T>(rows: T[]): T {
  const [row] = rows;
  if (!row) throw new Error("no row");
  return row;
}

describe("teams", () => {
  it("makes the personal team at registration, and get-auth shares it as Jetstream does", async () => {
    const agent = app.agent();
    await agent.csrf();
    const registered = await agent.post("/auth/register", {
      name: "Ada Lovelace",
      email: "ada@example.com",
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(registered.status).toBe(200);
    const { user } = await getAuth(agent);
    expect(user.all_teams).toEqual([
      expect.objectContaining({
        name: "Ada's Team",
        personal_team: true,
        user_id: user.id,
      }),
    ]);
    expect(user.current_team_id).toBe(user.all_teams[0].id);
    // Behind `verified`, as Jetstream's routes are; once proven, still never deletable.
    expect((await deleteTeam(agent, user.current_team_id)).status).toBe(403);
    await app.database.db.update(users).set({ emailVerifiedAt: new Date() });
    const refused = await deleteTeam(agent, user.current_team_id);
    expect(refused.status, refused.text).toBe(422);
    expect(refused.body.errors.team).toEqual([
      "You may not delete your personal team.",
    ]);
  });

  it("creates, renames and deletes a team: JSON to the SPA, Jetstream's redirects to a browser", async () => {
    const { agent, team } = await ownerWithTeam();
    expect((await getAuth(agent)).user.current_team_id).toBe(team);
    const plain = await createTeam(agent, "Beta", { asJson: false });
    expect(plain.status).toBe(302);
    expect(await renameTeam(agent, team, "x".repeat(256))).toMatchObject({
      status: 422,
    });
    const renamed = await renameTeam(agent, team, "Acme Inc");
    expect(renamed.body.team.name).toBe("Acme Inc");
    expect((await deleteTeam(agent, team)).status).toBe(200);
    expect(
      await app.database.db.select().from(teams).where(eq(teams.id, team)),
    ).toEqual([]);
  });

  it("invites by a signed mail, accepted only by the proven address (case aside), once", async () => {
    const { agent, team } = await ownerWithTeam();
    const unknown = await addMember(agent, team, "jess@example.com", "owner");
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.role).toEqual([
      "The role must be a valid role.",
    ]);
    const invited = await addMember(agent, team, "Jess@Example.com", "editor");
    expect(invited.status).toBe(200);
    const link = linkIn((await app.lastMailTo("Jess@Example.com")).text);
    expect(link).toMatch(/\?signature=[0-9a-f]{64}$/);

    // Another account, an unproven one, a tampered link: refused, nobody added.
    const other = await signIn(
      app,
      await app.createUser({ email: "mallory@example.com" }),
    );
    expect((await open(other, link)).status).toBe(403);
    const jess = await app.createUser({
      email: "jess@example.com",
      emailVerifiedAt: null,
    });
    const unproven = await signIn(app, jess);
    expect((await open(unproven, link)).status).toBe(403);
    await app.database.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.id, jess.id));
    expect(
      (
        await open(
          unproven,
          link.replace(/.$/, "0") === link
            ? link.replace(/.$/, "1")
            : link.replace(/.$/, "0"),
        )
      ).status,
    ).toBe(403);
    expect(
      await app.database.db.select({ id: teamUser.userId }).from(teamUser),
    ).toEqual([]);

    const accepted = await open(unproven, link);
    expect(accepted.status).toBe(200);
    expect(accepted.body.team.membership.role).toBe("editor");
    expect((await open(unproven, link)).status).toBe(404);
    const { user } = await getAuth(unproven);
    expect(user.all_teams.map((t: { id: number }) => t.id)).toContain(team);
    expect((await switchTeam(unproven, team)).status).toBe(200);
    expect((await getAuth(unproven)).user.current_team_id).toBe(team);
    const events = await app.database.db
      .select({ event: activityLog.event })
      .from(activityLog);
    expect(events.map((e) => e.event)).toEqual(
      expect.arrayContaining(["team-member-invited", "team-member-added"]),
    );

    // A member without the permission: 403; the owner cannot leave; a member can.
    expect(
      (await addMember(unproven, team, "x@example.com", "editor")).status,
    ).toBe(403);
    expect((await setRole(unproven, team, jess.id, "admin")).status).toBe(403);
    expect(
      (await setRole(agent, team, jess.id, "admin")).body.membership.role,
    ).toBe("admin");
    const owner = (await getAuth(agent)).user.id;
    expect((await removeMember(agent, team, owner)).status).toBe(422);
    expect((await removeMember(unproven, team, jess.id)).status).toBe(200);
    expect((await getAuth(unproven)).user.current_team_id).not.toBe(team);
  });

  it("expires, revokes and limits invitations", async () => {
    app.configure({
      auth: { teams: { enabled: true, "max-pending-invitations": 1 } },
      env: { APP_KEY },
    });
    const { agent, team } = await ownerWithTeam();
    const first = await addMember(agent, team, "a@example.com", "editor");
    expect(first.status).toBe(200);
    expect(
      (await addMember(agent, team, "A@example.com", "editor")).status,
    ).toBe(422);
    expect(
      (await addMember(agent, team, "b@example.com", "editor")).body.errors
        .email,
    ).toEqual(["This team has too many pending invitations."]);
    const link = linkIn((await app.lastMailTo("a@example.com")).text);
    const invitee = await signIn(
      app,
      await app.createUser({ email: "a@example.com" }),
    );
    // Made eight days ago: past `teams.invitation-days`.
    await app.database.db
      .update(teamInvitations)
      .set({ createdAt: new Date(Date.now() - 8 * 86_400_000) });
    expect((await open(invitee, link)).status).toBe(403);
    const id = first.body.invitation.id as number;
    const revoked = await agent.delete(`/team-invitations/${id}`, {
      host: CANCEL_INVITATION,
      params: { invitation: String(id) },
    });
    expect(revoked.status).toBe(200);
    expect(await app.database.db.select().from(teamInvitations)).toEqual([]);
  });

  it("applies two accepts of one invitation at once exactly once", async () => {
    const { agent, team } = await ownerWithTeam();
    await addMember(agent, team, "sam@example.com", "editor");
    const link = linkIn((await app.lastMailTo("sam@example.com")).text);
    const sam = await app.createUser({ email: "sam@example.com" });
    const [one, two] = [await signIn(app, sam), await signIn(app, sam)];
    const answers = await Promise.all([open(one, link), open(two, link)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
    expect(
      await app.database.db
        .select({ id: teamUser.userId })
        .from(teamUser)
        .where(eq(teamUser.teamId, team)),
    ).toEqual([{ id: sam.id }]);
  });

  it("serves a Jetstream database as Jetstream's migrations and actions wrote it", async () => {
    const db = app.database.db;
    const now = new Date("2026-01-01T00:00:00Z");
    const owner = await app.createUser({
      name: "Taylor Otwell",
      email: "taylor@example.com",
    });
    const member = await app.createUser({ email: "dries@example.com" });
    // CreateNewUserWithTeams, CreateTeam, AddTeamMember, InviteTeamMember as Jetstream runs them.
    const personal = only(
      await db
        .insert(teams)
        .values({
          userId: owner.id,
          name: "Taylor's Team",
          personalTeam: true,
          createdAt: now,
          updatedAt: now,
        })
        .returning(),
    );
    const shared = only(
      await db
        .insert(teams)
        .values({
          userId: owner.id,
          name: "Laravel",
          personalTeam: false,
          createdAt: now,
          updatedAt: now,
        })
        .returning(),
    );
    await db
      .update(users)
      .set({ currentTeamId: shared.id })
      .where(eq(users.id, owner.id));
    await db.insert(teamUser).values({
      teamId: shared.id,
      userId: member.id,
      role: "editor",
      createdAt: now,
      updatedAt: now,
    });
    app.setNow(now);
    const invitation = only(
      await db
        .insert(teamInvitations)
        .values({
          teamId: shared.id,
          email: "nuno@example.com",
          role: "admin",
          createdAt: now,
          updatedAt: now,
        })
        .returning(),
    );
    // The link Jetstream mailed: URL::signedRoute under APP_KEY, over the absolute URL.
    const unsigned = `http://localhost:3000/team-invitations/${invitation.id}`;
    const link = `${unsigned}?signature=${createHmac("sha256", APP_KEY).update(unsigned).digest("hex")}`;

    const ownerAgent = await signIn(app, owner);
    const seen = (await getAuth(ownerAgent)).user;
    expect(seen.current_team_id).toBe(shared.id);
    expect(seen.all_teams.map((t: { name: string }) => t.name)).toEqual([
      "Laravel",
      "Taylor's Team",
    ]);
    expect((await switchTeam(ownerAgent, personal.id)).status).toBe(200);

    const memberAgent = await signIn(app, member);
    const theirs = (await getAuth(memberAgent)).user;
    expect(theirs.all_teams).toEqual([
      expect.objectContaining({
        id: shared.id,
        membership: expect.objectContaining({ role: "editor" }),
      }),
    ]);
    expect((await switchTeam(memberAgent, shared.id)).status).toBe(200);
    expect((await switchTeam(memberAgent, personal.id)).status).toBe(403);

    const nuno = await signIn(
      app,
      await app.createUser({ email: "nuno@example.com" }),
    );
    const accepted = await open(nuno, link, { asJson: false });
    expect(accepted.status).toBe(302);
    expect(
      await db
        .select({ role: teamUser.role })
        .from(teamUser)
        .where(eq(teamUser.userId, (await getAuth(nuno)).user.id)),
    ).toEqual([{ role: "admin" }]);
  });
});
