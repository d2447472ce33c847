import * as oauth from "oauth4webapi";
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { findClient } from "@/lib/oauth/clients";
import { issueAccessToken } from "@/lib/oauth/issue";
import { USER_UPDATE_ROUTE } from "@/lib/users/routes";
import { signIn, useTestApp } from "../support/app";
import { userAccessToken } from "./flows";
import {
  approveDevice,
  clientOptions,
  discover,
  pipelineFetch,
  registerClient,
  signedInAdmin,
} from "./support";

const app = useTestApp();

const FOREIGN = "https://other.example/api";

/** What this API answers a bearer token: get-auth, a user route, and userinfo. */
async function answers(jwt: string, userId: number) {
  const me = await app.agent().get("/auth/get-auth", { bearer: jwt });
  const updated = await app
    .agent()
    .put(
      "/api/app/user/update",
      { user_id: userId, name: "Ada L." },
      { host: USER_UPDATE_ROUTE, bearer: jwt },
    );
  const info = await pipelineFetch(app)(
    `${app.services.env.APP_URL}/oauth/userinfo`,
    { headers: { authorization: `Bearer ${jwt}` } },
  );
  return {
    authenticated: me.body.authenticated,
    update: updated.status,
    userinfo: info.status,
  };
}

const errorOf = async (response: Response) =>
  ((await response.json()) as { error: string }).error;

describe("the bearer guard and RFC 8707 audiences (decision record 074)", () => {
  it("refuses a token minted for another resource; one without resource, or for this API, works", async () => {
    const { tokens, clientId, user } = await userAccessToken(
      app,
      "openid user:write",
    );
    expect(decodeJwt(tokens.access_token).aud).toBe(clientId);
    expect(await answers(tokens.access_token, user.id)).toEqual({
      authenticated: true,
      update: 200,
      userinfo: 200,
    });

    // Minted by the real issue path for the same client, user and scopes: only `aud` differs.
    const client = await findClient(app.database.db, clientId);
    if (!client) throw new Error("no client");
    const mint = async (resources: string[]) =>
      (
        await issueAccessToken(
          {
            db: app.database.db,
            env: app.services.env,
            config: app.services.config,
            now: new Date(),
          },
          {
            client,
            userId: user.id,
            scopes: ["openid", "user:write"],
            resources,
          },
        )
      ).jwt;
    const foreign = await mint([FOREIGN]);
    expect(decodeJwt(foreign).aud).toEqual([clientId, FOREIGN]);
    expect(await answers(foreign, user.id)).toEqual({
      authenticated: false,
      update: 401,
      userinfo: 401,
    });
    const mixed = await mint([app.services.env.APP_URL, FOREIGN]);
    expect((await answers(mixed, user.id)).update).toBe(401);
    const ours = await mint([app.services.env.APP_URL]);
    expect(await answers(ours, user.id)).toEqual({
      authenticated: true,
      update: 200,
      userinfo: 200,
    });
  });

  it("client credentials: a token for this API names it in aud; a foreign resource is invalid_target", async () => {
    const as = await discover(app);
    const registered = await registerClient((await signedInAdmin(app)).agent, {
      name: "Billing job",
      grant_types: ["client_credentials"],
      scopes: ["tokens:write"],
    });
    const client: oauth.Client = { client_id: registered.id };
    const auth = oauth.ClientSecretBasic(registered.plainSecret ?? "");
    const request = (resource: string) =>
      oauth.clientCredentialsGrantRequest(
        as,
        client,
        auth,
        { scope: "tokens:write", resource },
        clientOptions(app),
      );
    const tokens = await oauth.processClientCredentialsResponse(
      as,
      client,
      await request(app.services.env.APP_URL),
    );
    expect(decodeJwt(tokens.access_token).aud).toEqual([
      registered.id,
      app.services.env.APP_URL,
    ]);
    const refused = await request(FOREIGN);
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toBe("invalid_target");
  });

  it("device grant: the resource asked at /oauth/device/code binds the token; a foreign one is invalid_target", async () => {
    const as = await discover(app);
    const registered = await registerClient((await signedInAdmin(app)).agent, {
      name: "Command line",
      confidential: false,
      grant_types: ["urn:ietf:params:oauth:grant-type:device_code"],
    });
    const client: oauth.Client = { client_id: registered.id };
    const start = (resource: string) =>
      oauth.deviceAuthorizationRequest(
        as,
        client,
        oauth.None(),
        { scope: "user:write", resource },
        clientOptions(app),
      );
    const foreign = await start(FOREIGN);
    expect(foreign.status).toBe(400);
    expect(await errorOf(foreign)).toBe("invalid_target");
    const started = await oauth.processDeviceAuthorizationResponse(
      as,
      client,
      await start(app.services.env.APP_URL),
    );
    await approveDevice(
      await signIn(app, await app.createUser()),
      started.user_code,
    );
    const poll = (resources: string[]) =>
      oauth.deviceCodeGrantRequest(
        as,
        client,
        oauth.None(),
        started.device_code,
        {
          ...clientOptions(app),
          additionalParameters: resources.map((value) => ["resource", value]),
        },
      );
    expect(await errorOf(await poll([FOREIGN]))).toBe("invalid_target");
    app.setNow(new Date(Date.now() + 10_000));
    const tokens = await oauth.processDeviceCodeResponse(
      as,
      client,
      await poll([]),
    );
    expect(decodeJwt(tokens.access_token).aud).toEqual([
      registered.id,
      app.services.env.APP_URL,
    ]);
  });
});
