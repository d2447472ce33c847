import * as oauth from "oauth4webapi";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../support/app";
import {
  clientOptions,
  discover,
  pipelineFetch,
  registerClient,
  signedInAdmin,
} from "./support";

const app = useTestApp();

async function machineClient(scopes: string[] = ["tokens:write"]) {
  const { agent } = await signedInAdmin(app);
  const registered = await registerClient(agent, {
    name: "Billing job",
    grant_types: ["client_credentials"],
    scopes,
  });
  return { registered, agent };
}

describe("client credentials, judged by oauth4webapi", () => {
  it("issues a token with client_secret_basic and with client_secret_post; introspection and revocation follow it", async () => {
    const as = await discover(app);
    const { registered } = await machineClient();
    expect(registered.body).toMatchObject({
      user_id: null,
      grant_types: ["client_credentials"],
      scopes: ["tokens:write"],
      confidential: true,
    });
    expect(registered.plainSecret).toMatch(/^[A-Za-z0-9]{40}$/);
    const client: oauth.Client = { client_id: registered.id };
    const secret = registered.plainSecret ?? "";

    for (const auth of [
      oauth.ClientSecretBasic(secret),
      oauth.ClientSecretPost(secret),
    ]) {
      const tokens = await oauth.processClientCredentialsResponse(
        as,
        client,
        await oauth.clientCredentialsGrantRequest(
          as,
          client,
          auth,
          { scope: "tokens:write" },
          clientOptions(app),
        ),
      );
      expect(tokens.refresh_token).toBeUndefined();
      // An hour, `oauth.access-token-minutes` (decision record 081), not Passport's year.
      expect(tokens.expires_in).toBe(3600);

      const described = await oauth.processIntrospectionResponse(
        as,
        client,
        await oauth.introspectionRequest(
          as,
          client,
          auth,
          tokens.access_token,
          clientOptions(app),
        ),
      );
      expect(described).toMatchObject({
        active: true,
        client_id: registered.id,
        sub: registered.id,
        scope: "tokens:write",
      });

      await oauth.processRevocationResponse(
        await oauth.revocationRequest(
          as,
          client,
          auth,
          tokens.access_token,
          clientOptions(app),
        ),
      );
      const after = await oauth.processIntrospectionResponse(
        as,
        client,
        await oauth.introspectionRequest(
          as,
          client,
          auth,
          tokens.access_token,
          clientOptions(app),
        ),
      );
      expect(after.active).toBe(false);
    }
  });

  it("refuses a scope outside the client's list with invalid_scope, and a wrong secret with invalid_client", async () => {
    const as = await discover(app);
    const { registered } = await machineClient();
    const send = pipelineFetch(app);
    const outside = await send(as.token_endpoint ?? "", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_id: registered.id,
        client_secret: registered.plainSecret ?? "",
        scope: "admin",
      }),
    });
    expect(outside.status).toBe(400);
    expect(await outside.json()).toEqual({
      error: "invalid_scope",
      error_description:
        "The requested scope is invalid, unknown, or malformed",
      hint: "Check the `admin` scope",
    });

    const wrong = await send(as.token_endpoint ?? "", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from(`${registered.id}:nope`).toString("base64")}`,
      },
      body: new URLSearchParams({ grant_type: "client_credentials" }),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toBe('Basic realm="OAuth"');
    expect(await wrong.json()).toEqual({
      error: "invalid_client",
      error_description: "Client authentication failed",
    });
  });

  it("answers league's errors for a missing or unknown grant and never a 500 for garbage", async () => {
    const as = await discover(app);
    const send = pipelineFetch(app);
    for (const body of [
      "",
      "grant_type=urn:example:unknown",
      "grant_type=password&username=a&password=b",
    ]) {
      const response = await send(as.token_endpoint ?? "", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: "unsupported_grant_type",
        error_description:
          "The authorization grant type is not supported by the authorization server.",
        hint: "Check that all required parameters have been provided",
      });
    }
    for (const body of [
      "grant_type=client_credentials&client_id=not-a-uuid&client_secret=x",
      "grant_type=refresh_token&client_id=00000000-0000-0000-0000-000000000000&refresh_token=def502",
      "grant_type=client_credentials&client_id[]=x",
    ]) {
      const response = await send(as.token_endpoint ?? "", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
  });

  it("a client-credentials token names no user: user routes do not accept it", async () => {
    const as = await discover(app);
    const { registered } = await machineClient();
    const client: oauth.Client = { client_id: registered.id };
    const tokens = await oauth.processClientCredentialsResponse(
      as,
      client,
      await oauth.clientCredentialsGrantRequest(
        as,
        client,
        oauth.ClientSecretPost(registered.plainSecret ?? ""),
        {},
        clientOptions(app),
      ),
    );
    const me = await app
      .agent()
      .get("/auth/get-auth", { bearer: tokens.access_token });
    expect(me.body.authenticated).toBe(false);
  });
});
