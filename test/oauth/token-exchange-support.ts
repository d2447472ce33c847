import * as oauth from "oauth4webapi";
import { expect } from "vitest";
import { OAUTH_RESOURCE_STORE_ROUTE } from "@/lib/oauth/resource-routes";
import type { Agent } from "../support/agent";
import type { TestApp } from "../support/app";
import { stepUp } from "../support/two-factor";
import { approveCode, registerPublicApp, tokenEndpoint } from "./flows";
import {
  clientOptions,
  discover,
  registerClient,
  signedInAdmin,
  type RegisteredClient,
} from "./support";

// The parts of RFC 8693 token exchange (decision record 115) its test files share: a host app, a
// registered resource whose server may exchange, the user's token for the resource, the exchange
// (oauth4webapi as the client).

export const NOTES = "https://notes.example/api";
export const EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange";
export const ACCESS_TOKEN = "urn:ietf:params:oauth:token-type:access_token";

/** POST /api/admin/oauth-resources by `agent`. */
export const createResource = (agent: Agent, body: Record<string, unknown>) =>
  agent.post("/api/admin/oauth-resources", body, {
    host: OAUTH_RESOURCE_STORE_ROUTE,
  });

/** What a resource whose own server may exchange is made of (defaults: the notes API). */
interface ExchangingResource {
  identifier?: string;
  name?: string;
  scope?: { name: string; description: string };
  exchangeScopes: string[];
  tokenMinutes?: number;
}

/**
 * By the administrator of `agent`: a confidential client (the resource's server, client
 * credentials) and a registered resource naming it as the server that may exchange.
 */
export async function exchangingResource(
  agent: Agent,
  {
    identifier = NOTES,
    name = "Notes API",
    scope = { name: "notes:read", description: "Read your notes" },
    exchangeScopes,
    tokenMinutes,
  }: ExchangingResource,
) {
  const server = await registerClient(agent, {
    name: `${name} server`,
    grant_types: ["client_credentials"],
  });
  const created = await createResource(agent, {
    identifier,
    name,
    scopes: [scope],
    ...(tokenMinutes === undefined ? {} : { token_minutes: tokenMinutes }),
    exchange_client: server.id,
    exchange_scopes: exchangeScopes,
  });
  expect(created.status).toBe(201);
  return { server, resourceId: String(created.body.resource.id) };
}

/** The exchange's steps against `app`. */
export function tokenExchange(app: TestApp) {
  /** A host (public, code flow), the resource's server (confidential) and the resource naming it. */
  async function setUp(
    exchangeScopes: string[] = ["sessions:read", "admin"],
    tokenMinutes = 5,
  ) {
    const { admin, agent } = await signedInAdmin(app);
    const host = await registerPublicApp(agent);
    const { server, resourceId } = await exchangingResource(agent, {
      exchangeScopes,
      tokenMinutes,
    });
    return { admin, adminAgent: agent, host, server, resourceId };
  }

  /** The user of `agent` approves the host for the resource: the host's tokens. */
  async function hostTokens(
    agent: Agent,
    host: RegisteredClient,
    scope = "notes:read",
    resource = NOTES,
  ) {
    const as = await discover(app);
    const client = { client_id: host.id };
    await stepUp(agent);
    return tokenEndpoint(app, as, client).redeem(
      await approveCode(agent, as, client, { scope, state: "s" }, { resource }),
    );
  }

  /** POST /oauth/token with the exchange grant, as `server` authenticates (oauth4webapi's request). */
  async function exchangeRequest(
    server: { id: string; plainSecret: string | null },
    parameters: Record<string, string>,
  ) {
    const as = await discover(app);
    return oauth.genericTokenEndpointRequest(
      as,
      { client_id: server.id },
      server.plainSecret === null
        ? oauth.None()
        : oauth.ClientSecretBasic(server.plainSecret),
      EXCHANGE,
      parameters,
      clientOptions(app),
    );
  }

  /** The exchanged token's response, judged by oauth4webapi. */
  async function exchange(
    server: RegisteredClient,
    subjectToken: string,
    more: Record<string, string> = {},
  ) {
    const as = await discover(app);
    return oauth.processGenericTokenEndpointResponse(
      as,
      { client_id: server.id },
      await exchangeRequest(server, {
        subject_token: subjectToken,
        subject_token_type: ACCESS_TOKEN,
        ...more,
      }),
    );
  }

  return { setUp, hostTokens, exchangeRequest, exchange };
}
