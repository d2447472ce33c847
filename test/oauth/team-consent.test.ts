import { eq } from "drizzle-orm";
import * as oauth from "oauth4webapi";
import { describe, expect, it } from "vitest";
import { oauthAuthCodes } from "@/db/schema";
import { ADD_MEMBER, REMOVE_MEMBER, SWITCH_TEAM } from "@/lib/teams/routes";
import type { Agent } from "../support/agent";
import { signIn, useTestApp } from "../support/app";
import { TEAMS_WITH_ROLES, teamWithMember } from "../support/teams";
import {
  authorizationUrlWithPkce,
  introspected,
  registerWebApp,
  tokenEndpoint,
} from "./flows";
import { AUTHORIZE, clientOptions, discover } from "./support";

// Decision record 110 (amendment): consent given for a team. The member chooses one of the teams
// where their role may `create`; the token carries `team:{id}` and the `org` claim names that team;
// refresh keeps it, a removal from the team ends it, and a remembered consent never carries it.
const app = useTestApp(TEAMS_WITH_ROLES);

/**
 * Ada: an editor of Acme (may create), a viewer of Beta (may not), working in Beta; a web app
 * (confidential, so it may introspect).
 */
async function setUp() {
  const as = await discover(app);
  const { client, auth } = await registerWebApp(app);
  const acme = await teamWithMember(app, {
    owner: "owner@example.com",
    member: "ada@example.com",
  });
  const beta = await teamWithMember(
    app,
    { owner: "beta-owner@example.com", member: "bob@example.com" },
    "viewer",
    "Beta",
  );
  const added = await beta.ownerAgent.post(
    `/teams/${beta.team}/members`,
    { email: "ada@example.com", role: "viewer" },
    { host: ADD_MEMBER, params: { team: String(beta.team) } },
  );
  expect(added.status, added.text).toBe(200);
  const ada = await signIn(app, acme.member);
  const switched = await ada.put(
    "/current-team",
    { team_id: beta.team },
    { host: SWITCH_TEAM },
  );
  expect(switched.status, switched.text).toBe(200);
  return { as, client, auth, acme, beta, ada };
}
type Setup = Awaited<ReturnType<typeof setUp>>;

/** The consent screen's JSON for a new request of the app, and its PKCE verifier. */
async function shown(setup: Setup, agent: Agent, scope: string) {
  const { url, verifier } = await authorizationUrlWithPkce(setup.as, {
    clientId: setup.client.client_id,
    scope,
    state: "s",
  });
  const answer = await agent.get(url.pathname + url.search, {
    host: AUTHORIZE,
  });
  expect(answer.status, answer.text).toBe(200);
  return { body: answer.body, verifier };
}

const approval = (body: Record<string, unknown>, extra = {}) => ({
  auth_token: body.auth_token,
  state: body.state,
  client_id: body.client_id,
  ...extra,
});

/** Approves the app for `teamId` (or the user alone) and redeems the code. */
async function tokensFor(setup: Setup, scope: string, teamId?: number) {
  const { body, verifier } = await shown(setup, setup.ada, scope);
  const answered = await setup.ada.post(
    "/oauth/authorize",
    approval(body, teamId === undefined ? {} : { team_id: teamId }),
    { host: AUTHORIZE },
  );
  expect(answered.status, answered.text).toBe(200);
  const params = oauth.validateAuthResponse(
    setup.as,
    setup.client,
    new URL(answered.body.redirect),
    "s",
  );
  return endpoint(setup).redeem({ params, verifier });
}

const endpoint = (setup: Setup) =>
  tokenEndpoint(app, setup.as, setup.client, setup.auth);

const introspect = (setup: Setup, token: string) =>
  introspected(app, setup, token);

const scopesOf = async (setup: Setup, token: string) =>
  String((await introspect(setup, token)).scope ?? "").split(" ");

const codesOfAda = async (setup: Setup) =>
  app.database.db
    .select()
    .from(oauthAuthCodes)
    .where(eq(oauthAuthCodes.userId, setup.acme.member.id));

describe("consent given for a team (decision record 110)", () => {
  it("offers the teams where the member's role may create, not the others", async () => {
    const setup = await setUp();
    const { body } = await shown(setup, setup.ada, "openid");
    expect(body.teams).toEqual([{ id: setup.acme.team, name: "Acme" }]);
    // The owner always may.
    const owner = await shown(setup, setup.beta.ownerAgent, "openid");
    expect(owner.body.teams).toEqual([{ id: setup.beta.team, name: "Beta" }]);
  });

  it("puts team:{id} in the token, and the org claim names that team, not the current one", async () => {
    const setup = await setUp();
    const tokens = await tokensFor(setup, "openid org", setup.acme.team);
    const org = { id: setup.acme.team, name: "Acme", role: "editor" };
    expect(oauth.getValidatedIdTokenClaims(tokens)?.org).toEqual(org);
    const introspected = await introspect(setup, tokens.access_token);
    expect(introspected.org).toEqual(org);
    expect(String(introspected.scope).split(" ")).toEqual([
      "openid",
      "org",
      `team:${setup.acme.team}`,
    ]);
    // Approved for the user alone: no team, and the org claim is the current team's.
    const alone = await tokensFor(setup, "openid org");
    expect(await scopesOf(setup, alone.access_token)).toEqual([
      "openid",
      "org",
    ]);
    expect(oauth.getValidatedIdTokenClaims(alone)?.org).toEqual({
      id: setup.beta.team,
      name: "Beta",
      role: "viewer",
    });
  });

  it("refuses a forged choice: 403 for a team whose role may not create, 422 for one not the user's; nothing written", async () => {
    const setup = await setUp();
    const stranger = await teamWithMember(
      app,
      { owner: "carol@example.com", member: "dan@example.com" },
      "editor",
      "Gamma",
    );
    for (const [teamId, status] of [
      [setup.beta.team, 403],
      [stranger.team, 422],
      ["abc", 422],
      [-1, 422],
    ] as const) {
      const { body } = await shown(setup, setup.ada, "openid");
      const answered = await setup.ada.post(
        "/oauth/authorize",
        approval(body, { team_id: teamId }),
        { host: AUTHORIZE },
      );
      expect(answered.status, `${teamId}: ${answered.text}`).toBe(status);
      if (status === 422)
        expect(answered.body.errors).toHaveProperty("team_id");
    }
    expect(await codesOfAda(setup)).toEqual([]);
  });

  it("team:{id} cannot be asked for by name: the request is invalid_scope", async () => {
    const setup = await setUp();
    const { body } = await shown(
      setup,
      setup.ada,
      `openid team:${setup.acme.team}`,
    );
    expect(new URL(body.redirect).searchParams.get("error")).toBe(
      "invalid_scope",
    );
  });

  it("keeps the team through a refresh, a narrowed one too", async () => {
    const setup = await setUp();
    const team = `team:${setup.acme.team}`;
    const tokens = await tokensFor(setup, "openid org", setup.acme.team);
    const refreshed = await endpoint(setup).refresh(tokens.refresh_token ?? "");
    expect(await scopesOf(setup, refreshed.access_token)).toContain(team);
    const narrowed = await oauth.processRefreshTokenResponse(
      setup.as,
      setup.client,
      await oauth.refreshTokenGrantRequest(
        setup.as,
        setup.client,
        setup.auth,
        refreshed.refresh_token ?? "",
        { ...clientOptions(app), additionalParameters: { scope: "openid" } },
      ),
    );
    expect(await scopesOf(setup, narrowed.access_token)).toEqual([
      "openid",
      team,
    ]);
  });

  it("ends the team's tokens when the member leaves the team, and only those", async () => {
    const setup = await setUp();
    const forTeam = await tokensFor(setup, "openid", setup.acme.team);
    const alone = await tokensFor(setup, "openid");
    const removed = await setup.acme.ownerAgent.delete(
      `/teams/${setup.acme.team}/members/${setup.acme.member.id}`,
      {
        host: REMOVE_MEMBER,
        params: {
          team: String(setup.acme.team),
          user: String(setup.acme.member.id),
        },
      },
    );
    expect(removed.status, removed.text).toBe(200);
    expect((await introspect(setup, forTeam.access_token)).active).toBe(false);
    const refreshed = await endpoint(setup).refreshRequest(
      forTeam.refresh_token ?? "",
    );
    expect(refreshed.status).toBe(400);
    expect((await refreshed.json()).error).toBe("invalid_grant");
    expect((await introspect(setup, alone.access_token)).active).toBe(true);
    expect(
      (await endpoint(setup).refresh(alone.refresh_token ?? "")).access_token,
    ).toBeTruthy();
  });

  it("never remembers a team: a team's approval is asked again, a user's skip carries none", async () => {
    const setup = await setUp();
    await tokensFor(setup, "openid", setup.acme.team);
    const again = await shown(setup, setup.ada, "openid");
    expect(again.body.auth_token).toEqual(expect.any(String));
    expect(again.body.teams).toEqual([{ id: setup.acme.team, name: "Acme" }]);
    // Approved for the user alone, the next request skips the screen with no team.
    await tokensFor(setup, "openid");
    const skipped = await shown(setup, setup.ada, "openid");
    const params = oauth.validateAuthResponse(
      setup.as,
      setup.client,
      new URL(skipped.body.redirect),
      "s",
    );
    const tokens = await endpoint(setup).redeem({
      params,
      verifier: skipped.verifier,
    });
    expect(await scopesOf(setup, tokens.access_token)).toEqual(["openid"]);
  });
});
