import { eq } from "drizzle-orm";
import * as oauth from "oauth4webapi";
import { describe, expect, it } from "vitest";
import { oauthClients } from "@/db/schema";
import { signIn, useTestApp } from "../support/app";
import { approveCode, authenticates, tokenEndpoint } from "./flows";
import {
  discover,
  pipelineFetch,
  REDIRECT_URI,
  registerItself,
} from "./support";

// Decision record 085: what an MCP 2025-11-25 client meets at dynamic registration (RFC 7591) —
// redirect URIs localhost or HTTPS, a requested scope trimmed to what may be registered, and
// the protected-resource metadata's scopes_supported being what such a client may ask.
const app = useTestApp();

async function register(metadata: Record<string, unknown>) {
  const as = await discover(app);
  const response = await pipelineFetch(app)(as.registration_endpoint ?? "", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(metadata),
  });
  return { status: response.status, body: await response.json() };
}

/** The resource's metadata, found as an MCP client finds it: from a 401's resource_metadata. */
async function resourceMetadata() {
  const refused = await pipelineFetch(app)(
    new URL("/oauth/userinfo", app.services.env.APP_URL),
  );
  const challenge = refused.headers.get("www-authenticate") ?? "";
  const url = /resource_metadata="([^"]+)"/.exec(challenge)?.[1] ?? "";
  const response = await pipelineFetch(app)(url);
  return (await response.json()) as {
    resource: string;
    scopes_supported: string[];
  };
}

describe("dynamic registration for MCP clients (MCP 2025-11-25, RFC 7591)", () => {
  it("takes redirect URIs on HTTPS or http on a loopback host only: an app scheme or http elsewhere is invalid_redirect_uri", async () => {
    for (const uri of [
      "http://attacker.example/cb",
      "http://localhost.attacker.example/cb",
      "com.example.app:/callback",
    ]) {
      const answer = await register({ redirect_uris: [REDIRECT_URI, uri] });
      expect(answer.status, uri).toBe(400);
      expect(answer.body.error, uri).toBe("invalid_redirect_uri");
    }
    for (const uri of [
      "https://claude.ai/api/mcp/auth_callback",
      "http://localhost:53682/callback",
      "http://127.0.0.1:33418/callback",
      "http://[::1]:8080/callback",
    ]) {
      const answer = await register({ redirect_uris: [uri] });
      expect(answer.status, uri).toBe(201);
      expect(answer.body.redirect_uris, uri).toEqual([uri]);
    }
  });

  it("trims a requested scope to what may be registered and says what it granted (RFC 7591 §2)", async () => {
    const trimmed = await register({
      redirect_uris: [REDIRECT_URI],
      scope: "openid * admin tokens:write user:write read-orders",
    });
    expect(trimmed.status).toBe(201);
    expect(trimmed.body.scope).toBe("openid user:write");
    const [row] = await app.database.db
      .select({ scopes: oauthClients.scopes })
      .from(oauthClients)
      .where(eq(oauthClients.id, trimmed.body.client_id));
    expect(JSON.parse(row?.scopes ?? "null")).toEqual(["openid", "user:write"]);

    // Nothing registrable asked: every registrable scope, as when none is asked.
    const nothing = await register({
      redirect_uris: [REDIRECT_URI],
      scope: "* admin",
    });
    expect(nothing.status).toBe(201);
    expect(nothing.body.scope).toBe("openid profile email user:write");
  });

  it("lists in the protected-resource metadata the scopes a client may ask: the registrable ones", async () => {
    expect((await resourceMetadata()).scopes_supported).toEqual([
      "openid",
      "profile",
      "email",
      "user:write",
    ]);
    app.configure({
      auth: { oauth: { "registration-scopes": ["openid", "email"] } },
    });
    expect((await resourceMetadata()).scopes_supported).toEqual([
      "openid",
      "email",
    ]);
  });

  it("signs a user in for an MCP client that asks every scope the metadata lists (the SDK's default scope selection)", async () => {
    const prm = await resourceMetadata();
    const scope = prm.scopes_supported.join(" ");
    const as = await discover(app);
    const registered = await registerItself(app, {
      client_name: "MCP host",
      scope,
    });
    expect(registered.scope).toBe(scope);
    const client: oauth.Client = { client_id: registered.client_id };
    const agent = await signIn(app, await app.createUser());
    const code = await approveCode(
      agent,
      as,
      client,
      { scope, state: "mcp" },
      { resource: prm.resource },
    );
    const tokens = await tokenEndpoint(app, as, client).redeem(code);
    expect(await authenticates(app, tokens.access_token)).toBe(true);
  });
});
