import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { teamUser, users } from "@/db/schema";
import {
  ACCEPT_INVITATION,
  ADD_MEMBER,
  CREATE_TEAM,
  SHOW_TEAM,
} from "@/lib/teams/routes";
import type { Agent } from "../support/agent";
import { PASSWORD, signIn, useTestApp } from "../support/app";
import { flashed, linkIn } from "../support/session";
import { signLaravelUrl } from "@/lib/crypto/laravel-signed-urls";

// The team screens' reads and landings (decision record 105): Jetstream's `teams.show` as JSON,
// with what this viewer may do by TEAM_POLICY, and a refused invitation link's landing.
const app = useTestApp({
  auth: { teams: { enabled: true } },
  env: { APP_KEY: "base64:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=" },
});

const show = (agent: Agent, team: number | string, options = {}) =>
  agent.get(`/teams/${team}`, {
    host: SHOW_TEAM,
    params: { team: String(team) },
    ...options,
  });
const invite = (agent: Agent, team: number, email: string, role: string) =>
  agent.post(
    `/teams/${team}/members`,
    { email, role },
    { host: ADD_MEMBER, params: { team: String(team) } },
  );
const open = (agent: Agent, link: string, options = {}) => {
  const url = new URL(link);
  return agent.get(`${url.pathname}${url.search}`, {
    host: ACCEPT_INVITATION,
    params: { invitation: url.pathname.split("/").pop() ?? "" },
    ...options,
  });
};
const linkTo = async (email: string) =>
  /(http:\/\/localhost:3000\/team-invitations\/\S+)/.exec(
    (await app.lastMailTo(email)).text,
  )?.[1] ?? "";

async function teamWithMember() {
  const owner = await app.createUser({
    name: "Taylor Otwell",
    email: "taylor@example.com",
  });
  const ownerAgent = await signIn(app, owner);
  const created = await ownerAgent.post(
    "/teams",
    { name: "Acme" },
    { host: CREATE_TEAM },
  );
  const team = created.body.team.id as number;
  await invite(ownerAgent, team, "jess@example.com", "editor");
  const jess = await app.createUser({
    name: "Jess Archer",
    email: "jess@example.com",
  });
  const jessAgent = await signIn(app, jess);
  expect((await open(jessAgent, await linkTo("jess@example.com"))).status).toBe(
    200,
  );
  return { owner, ownerAgent, team, jess, jessAgent };
}

describe("the team's page (teams.show)", () => {
  it("shows the owner everything and every action; a member the people and no action", async () => {
    const { owner, ownerAgent, team, jess, jessAgent } = await teamWithMember();
    await invite(ownerAgent, team, "pat@example.com", "admin");

    const asOwner = await show(ownerAgent, team);
    expect(asOwner.status).toBe(200);
    expect(asOwner.body.team.owner).toEqual({
      id: owner.id,
      name: "Taylor Otwell",
      email: "taylor@example.com",
      profile_photo_url: null,
    });
    expect(asOwner.body.team.users).toEqual([
      expect.objectContaining({
        id: jess.id,
        membership: expect.objectContaining({ role: "editor" }),
      }),
    ]);
    expect(
      asOwner.body.team.team_invitations.map((i: { email: string }) => i.email),
    ).toEqual(["pat@example.com"]);
    expect(
      asOwner.body.availableRoles.map((r: { key: string }) => r.key),
    ).toEqual(["admin", "editor"]);
    expect(Object.values(asOwner.body.permissions)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);

    // TEAM_POLICY: a member sees the team and may do nothing to it; no pending addresses.
    const asMember = await show(jessAgent, team);
    expect(asMember.status).toBe(200);
    expect(Object.values(asMember.body.permissions)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(asMember.body.team.team_invitations).toEqual([]);
    // No other field of an account reaches another member (its payload stays private).
    expect(Object.keys(asMember.body.team.users[0]).sort()).toEqual([
      "email",
      "id",
      "membership",
      "name",
      "profile_photo_url",
    ]);
  });

  it("refuses an outsider (403) and an unknown team (404)", async () => {
    const { team } = await teamWithMember();
    const outsider = await signIn(
      app,
      await app.createUser({ email: "mallory@example.com" }),
    );
    expect((await show(outsider, team)).status).toBe(403);
    expect((await show(outsider, 999)).status).toBe(404);
    expect((await show(outsider, "x")).status).toBe(404);
  });
});

describe("a refused invitation link in a browser", () => {
  it("lands on the invitation screen with the reason and the link; JSON still gets the 403", async () => {
    const { ownerAgent, team } = await teamWithMember();
    await invite(ownerAgent, team, "sam@example.com", "editor");
    const link = await linkTo("sam@example.com");
    const other = await signIn(
      app,
      await app.createUser({ email: "mallory@example.com" }),
    );
    expect((await open(other, link)).status).toBe(403);
    const landed = await open(other, link, { asJson: false });
    expect(landed.status).toBe(302);
    const url = new URL(link);
    expect(landed.headers.get("location")).toBe(
      `/admin/teams/invitation?link=${encodeURIComponent(`${url.pathname}${url.search}`)}`,
    );
  });

  it("tells an unproven address to verify, not that it is another one, and accepts once proven", async () => {
    const { ownerAgent, team } = await teamWithMember();
    await invite(ownerAgent, team, "sam@example.com", "editor");
    const link = await linkTo("sam@example.com");
    const sam = await app.createUser({
      email: "sam@example.com",
      emailVerifiedAt: null,
    });
    const agent = await signIn(app, sam);
    const refused = await open(agent, link);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      "Verify your email address before you accept this invitation.",
    );
    await app.database.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.id, sam.id));
    const accepted = await open(agent, link, { asJson: false });
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("location")).not.toContain("invitation");
    // Used: a second visit lands on the screen that says so.
    const again = await open(agent, link, { asJson: false });
    expect(again.headers.get("location")).toMatch(
      /^\/admin\/teams\/invitation\?link=/,
    );
  });

  it("shows a browser why a tampered or expired signed link is refused (decision record 110); JSON keeps Laravel's 403", async () => {
    const { ownerAgent, team } = await teamWithMember();
    await invite(ownerAgent, team, "sam@example.com", "editor");
    const link = await linkTo("sam@example.com");
    const sam = await signIn(
      app,
      await app.createUser({ email: "sam@example.com" }),
    );
    const tampered = link.replace(/signature=./, (start) =>
      start.endsWith("0") ? "signature=1" : "signature=0",
    );
    // Signed with the right key, but past its `expires` (Laravel's temporarySignedRoute).
    const expired = signLaravelUrl(
      app.services.env,
      link.split("?")[0] ?? "",
      new Date(Date.now() - 60_000),
    );
    for (const bad of [tampered, expired]) {
      const json = await open(sam, bad);
      expect(json.status).toBe(403);
      expect(json.body).toEqual({ message: "Invalid signature." });
      const browser = await open(sam, bad, { asJson: false });
      expect(browser.status).toBe(302);
      // No way back to a link that will never open: the screen offers no retry.
      expect(browser.headers.get("location")).toBe("/admin/teams/invitation");
      expect(await flashed(app, sam, "error")).toBe(
        "This invitation link is invalid or has expired. Ask the team's owner to send it again.",
      );
    }
    expect(await app.database.db.select().from(teamUser)).toHaveLength(1);
  });

  it("carries the link through registration and the proof of the address, adding nobody before it (decision record 110)", async () => {
    const { ownerAgent, team } = await teamWithMember();
    await invite(ownerAgent, team, "sam@example.com", "editor");
    const link = await linkTo("sam@example.com");
    const url = new URL(link);
    const path = `${url.pathname}${url.search}`;
    const browser = app.agent();
    await browser.csrf();
    const registered = await browser.post("/auth/register", {
      name: "Sam",
      email: "sam@example.com",
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(registered.status, registered.text).toBe(200);
    const verification = linkIn((await app.lastMailTo("sam@example.com")).text);
    // The register screen goes on to its `redirect`, the invitation: not yet, the address is unproven.
    const refused = await open(browser, link, { asJson: false });
    expect(refused.headers.get("location")).toBe(
      `/admin/teams/invitation?link=${encodeURIComponent(path)}`,
    );
    const members = () =>
      app.database.db.select({ id: teamUser.userId }).from(teamUser);
    expect(await members()).toHaveLength(1);
    // The emailed proof goes on to the invitation, which now adds Sam.
    const verified = await browser.get(
      `${verification.pathname}${verification.search}`,
      { asJson: false },
    );
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe(path);
    const accepted = await open(browser, link, { asJson: false });
    expect(accepted.status).toBe(302);
    expect(await members()).toHaveLength(2);
    // Remembered once: a later proof goes to the route's own redirect.
    const again = await browser.get(
      `${verification.pathname}${verification.search}`,
      { asJson: false },
    );
    expect(again.headers.get("location")).not.toBe(path);
  });

  it("sends a signed-out browser to sign in, and back to the same link", async () => {
    const { ownerAgent, team } = await teamWithMember();
    await invite(ownerAgent, team, "sam@example.com", "editor");
    const link = await linkTo("sam@example.com");
    const url = new URL(link);
    const guest = app.agent();
    const answer = await open(guest, link, { asJson: false });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe(
      `/auth/login?redirect=${encodeURIComponent(`${url.pathname}${url.search}`)}`,
    );
  });
});
