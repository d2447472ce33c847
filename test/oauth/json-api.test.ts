import * as oauth from "oauth4webapi";
import { describe, expect, it } from "vitest";
import {
  OAUTH_CLIENT_DESTROY_ROUTE,
  OAUTH_CLIENT_ROUTE,
  OAUTH_CLIENT_STORE_ROUTE,
  OAUTH_CLIENTS_ROUTE,
  OAUTH_SCOPES_ROUTE,
  OAUTH_TOKEN_DESTROY_ROUTE,
  OAUTH_TOKENS_ROUTE,
} from "@/lib/oauth/json-api-routes";
import { signIn, useTestApp } from "../support/app";
import { stepUp } from "../support/two-factor";
import { userAccessToken } from "./flows";
import { clientOptions, registerClient } from "./support";

const app = useTestApp();

describe("Passport's JSON API", () => {
  it("creates a client with 12's `redirect` or 13's `redirect_uris`, shows the secret once, updates and revokes it", async () => {
    const user = await app.createUser();
    const agent = await signIn(app, user);
    const created = await registerClient(agent, {
      name: "Legacy app",
      redirect: "https://a.example/cb, https://b.example/cb",
    });
    expect(created.body).toMatchObject({
      name: "Legacy app",
      user_id: user.id,
      redirect_uris: ["https://a.example/cb", "https://b.example/cb"],
      grant_types: ["authorization_code", "refresh_token"],
      confidential: true,
      scopes: null,
    });
    expect(created.plainSecret).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(created.body.secret).toBe(created.plainSecret);

    const listed = await agent.get("/oauth/clients", {
      host: OAUTH_CLIENTS_ROUTE,
    });
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(1);
    expect(listed.text).not.toContain(created.plainSecret ?? "-");
    expect(listed.body[0]).not.toHaveProperty("secret");

    const path = `/oauth/clients/${created.id}`;
    const params = { id: created.id };
    const updated = await agent.put(
      path,
      { name: "Renamed", redirect_uris: ["https://c.example/cb"] },
      { host: OAUTH_CLIENT_ROUTE, params },
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      name: "Renamed",
      redirect_uris: ["https://c.example/cb"],
    });

    // Someone else's client does not exist for this user.
    const other = await signIn(app, await app.createUser());
    await stepUp(other);
    expect(
      (await other.delete(path, { host: OAUTH_CLIENT_DESTROY_ROUTE, params }))
        .status,
    ).toBe(404);

    expect(
      (await agent.delete(path, { host: OAUTH_CLIENT_DESTROY_ROUTE, params }))
        .status,
    ).toBe(204);
    expect(
      (await agent.get("/oauth/clients", { host: OAUTH_CLIENTS_ROUTE })).body,
    ).toEqual([]);
  });

  it("lets only administrators choose grants and scopes; refuses bad input with 422", async () => {
    const agent = await signIn(app, await app.createUser());
    await stepUp(agent);
    const refused = await agent.post(
      "/oauth/clients",
      { name: "Machine", grant_types: ["client_credentials"] },
      { host: OAUTH_CLIENT_STORE_ROUTE },
    );
    expect(refused.status).toBe(403);
    for (const fields of [
      {},
      { name: "x", redirect_uris: ["not a url"] },
      { name: "x", grant_types: ["password"] },
      { name: "x", scopes: ["launch-missiles"] },
    ]) {
      const response = await agent.post("/oauth/clients", fields, {
        host: OAUTH_CLIENT_STORE_ROUTE,
      });
      expect(response.status, JSON.stringify(fields)).toBe(422);
    }
  });

  it("lists the scopes with their descriptions", async () => {
    const response = await app
      .agent()
      .get("/oauth/scopes", { host: OAUTH_SCOPES_ROUTE });
    expect(response.status).toBe(200);
    expect(response.body.map((scope: { id: string }) => scope.id)).toEqual([
      "*",
      "user:write",
      "tokens:write",
      "admin",
      "sessions:read",
      "tokens:read",
      "openid",
      "profile",
      "email",
      "org",
    ]);
  });

  it("lists the user's authorized apps and revokes one, with its refresh token", async () => {
    const { as, tokens, clientId, user, userAgent } = await userAccessToken(
      app,
      "openid",
    );
    const client = { client_id: clientId };
    const listed = await userAgent.get("/oauth/tokens", {
      host: OAUTH_TOKENS_ROUTE,
    });
    expect(listed.body).toHaveLength(1);
    expect(listed.body[0]).toMatchObject({
      user_id: user.id,
      scopes: ["openid"],
      client: { id: clientId, name: "Notes app" },
    });
    const id = listed.body[0].id as string;
    expect(
      (
        await userAgent.delete(`/oauth/tokens/${id}`, {
          host: OAUTH_TOKEN_DESTROY_ROUTE,
          params: { id },
        })
      ).status,
    ).toBe(204);
    expect(
      (await userAgent.get("/oauth/tokens", { host: OAUTH_TOKENS_ROUTE })).body,
    ).toEqual([]);
    const refresh = await oauth.refreshTokenGrantRequest(
      as,
      client,
      oauth.None(),
      tokens.refresh_token ?? "",
      clientOptions(app),
    );
    expect(refresh.status).toBe(400);
  });
});
