import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import {
  OAUTH_TOKENS_ROUTE,
  PERSONAL_TOKEN_DESTROY_ROUTE,
  PERSONAL_TOKEN_STORE_ROUTE,
  PERSONAL_TOKENS_ROUTE,
} from "@/lib/oauth/json-api-routes";
import { PASSWORD, signIn, useTestApp } from "../support/app";
import type { Agent } from "../support/agent";

const app = useTestApp();
const PATH = "/oauth/personal-access-tokens";

async function confirmedAgent(email = "ada@example.com") {
  const user = await app.createUser({ email });
  const agent = await signIn(app, user);
  const confirmed = await agent.post("/auth/user/confirm-password", {
    password: PASSWORD,
  });
  expect(confirmed.status).toBe(201);
  return { user, agent };
}

const create = (agent: Agent, body: Record<string, unknown>) =>
  agent.post(PATH, body, { host: PERSONAL_TOKEN_STORE_ROUTE });

describe("Passport's personal access tokens (/oauth/personal-access-tokens)", () => {
  it("creates one for the signed-in user, lists it apart from the authorized apps, and revokes it", async () => {
    const { user, agent } = await confirmedAgent();
    const created = await create(agent, {
      name: "Deploy script",
      scopes: ["user:write"],
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      tokenType: "Bearer",
      expiresIn: 365 * 24 * 3600,
      token: {
        name: "Deploy script",
        user_id: user.id,
        scopes: ["user:write"],
        revoked: false,
        client: { name: "Personal Access Client" },
      },
    });
    const { accessToken, accessTokenId } = created.body;
    expect(created.body.token.id).toBe(accessTokenId);
    // A Passport access token: its claims name the personal access client and the row.
    const claims = decodeJwt(accessToken);
    expect(claims).toMatchObject({
      aud: created.body.token.client_id,
      jti: accessTokenId,
      sub: String(user.id),
      scopes: ["user:write"],
    });

    const signedIn = await app
      .agent()
      .get("/auth/get-auth", { bearer: accessToken });
    expect(signedIn.body.user?.id).toBe(user.id);

    const listed = await agent.get(PATH, { host: PERSONAL_TOKENS_ROUTE });
    expect(listed.body.map((token: { id: string }) => token.id)).toEqual([
      accessTokenId,
    ]);
    const apps = await agent.get("/oauth/tokens", { host: OAUTH_TOKENS_ROUTE });
    expect(apps.body).toEqual([]);

    // The owner is told, as of every new way into the account.
    const mail = await app.lastMailTo(user.email);
    expect(mail.text).toContain(
      "A personal access token named “Deploy script” was created.",
    );

    // Someone else's token does not exist for another user.
    const other = (await confirmedAgent("grace@example.com")).agent;
    const params = { id: accessTokenId };
    expect(
      (
        await other.delete(`${PATH}/${accessTokenId}`, {
          host: PERSONAL_TOKEN_DESTROY_ROUTE,
          params,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await agent.delete(`${PATH}/${accessTokenId}`, {
          host: PERSONAL_TOKEN_DESTROY_ROUTE,
          params,
        })
      ).status,
    ).toBe(204);
    const after = await app
      .agent()
      .get("/auth/get-auth", { bearer: accessToken });
    expect(after.body.user).toBeNull();
    expect(
      (await agent.get(PATH, { host: PERSONAL_TOKENS_ROUTE })).body,
    ).toEqual([]);
  });

  it("asks a session for the step-up, refuses a bearer token, and refuses unknown scopes with 422", async () => {
    const user = await app.createUser();
    const unconfirmed = await signIn(app, user);
    expect((await create(unconfirmed, { name: "x" })).status).toBe(423);

    const { agent } = await confirmedAgent("grace@example.com");
    const personal = await create(agent, { name: "first", scopes: ["*"] });
    expect(personal.status).toBe(200);
    const byToken = await app
      .agent()
      .post(
        PATH,
        { name: "second" },
        { host: PERSONAL_TOKEN_STORE_ROUTE, bearer: personal.body.accessToken },
      );
    expect(byToken.status).toBe(403);

    const unknown = await create(agent, {
      name: "typo",
      scopes: ["tokens:wrte"],
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toHaveProperty(["scopes.0"]);
    const nameless = await create(agent, { scopes: [] });
    expect(nameless.status).toBe(422);
    expect(nameless.body.errors).toHaveProperty("name");
  });
});
