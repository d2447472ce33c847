import * as oauth from "oauth4webapi";
import { describe, expect, it } from "vitest";
import { SWITCH_TEAM } from "@/lib/teams/routes";
import { signIn, useTestApp } from "../support/app";
import {
  approveCode,
  introspected,
  registerWebApp,
  tokenEndpoint,
} from "../oauth/flows";
import { clientOptions, discover } from "../oauth/support";
import { teamWithMember } from "../support/teams";

// Decision record 106: the `org` scope names the team the account works in, with its role, in
// the ID token, userinfo and introspection.
const app = useTestApp({
  auth: { teams: { enabled: true, invitations: false } },
});

/** A web app (confidential, so it may introspect); Ada, an editor working in Acme. */
async function setUp() {
  const as = await discover(app);
  const { client, auth } = await registerWebApp(app);
  const { member: ada, team } = await teamWithMember(app, {
    owner: "owner@example.com",
    member: "ada@example.com",
  });
  const adaAgent = await signIn(app, ada);
  // Ada works in Acme (Jetstream's PUT /current-team).
  const switched = await adaAgent.put(
    "/current-team",
    { team_id: team },
    { host: SWITCH_TEAM },
  );
  expect(switched.status, switched.text).toBe(200);
  return { as, client, auth, team, adaAgent };
}

async function tokensFor(
  setup: Awaited<ReturnType<typeof setUp>>,
  scope: string,
) {
  const code = await approveCode(setup.adaAgent, setup.as, setup.client, {
    scope,
    state: "s",
  });
  return tokenEndpoint(app, setup.as, setup.client, setup.auth).redeem(code);
}

async function userinfo(
  setup: Awaited<ReturnType<typeof setUp>>,
  token: string,
) {
  return oauth.processUserInfoResponse(
    setup.as,
    setup.client,
    oauth.skipSubjectCheck,
    await oauth.userInfoRequest(
      setup.as,
      setup.client,
      token,
      clientOptions(app),
    ),
  );
}

const introspect = (setup: Awaited<ReturnType<typeof setUp>>, token: string) =>
  introspected(app, setup, token);

describe("the org scope (decision record 106)", () => {
  it("names the current team and the member's role in the ID token, userinfo and introspection", async () => {
    const setup = await setUp();
    const discovered = await discover(app);
    expect(discovered.scopes_supported).toContain("org");
    expect(discovered.claims_supported).toContain("org");
    const tokens = await tokensFor(setup, "openid org");
    const org = { id: setup.team, name: "Acme", role: "editor" };
    expect(oauth.getValidatedIdTokenClaims(tokens)?.org).toEqual(org);
    expect((await userinfo(setup, tokens.access_token)).org).toEqual(org);
    expect((await introspect(setup, tokens.access_token)).org).toEqual(org);
  });

  it("says nothing of teams without the scope", async () => {
    const setup = await setUp();
    const tokens = await tokensFor(setup, "openid profile");
    expect(oauth.getValidatedIdTokenClaims(tokens)?.org).toBeUndefined();
    expect((await userinfo(setup, tokens.access_token)).org).toBeUndefined();
    expect((await introspect(setup, tokens.access_token)).org).toBeUndefined();
  });
});
