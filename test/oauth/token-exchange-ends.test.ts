import * as oauth from "oauth4webapi";
import { describe, expect, it } from "vitest";
import { ADMIN_USER_DELETE_ROUTE } from "@/lib/admin/routes";
import { OAUTH_CLIENT_DESTROY_ROUTE } from "@/lib/oauth/json-api-routes";
import { settleBackground } from "@/lib/server/background";
import {
  OAUTH_RESOURCE_DESTROY_ROUTE,
  OAUTH_RESOURCE_UPDATE_ROUTE,
} from "@/lib/oauth/resource-routes";
import type { Agent } from "../support/agent";
import { signIn, useTestApp } from "../support/app";
import { pruneNow } from "../support/prune";
import { stepUp } from "../support/two-factor";
import { introspected, registerPublicApp } from "./flows";
import {
  discover,
  registerClient,
  registerItself,
  type RegisteredClient,
} from "./support";
import { exchangingResource, tokenExchange } from "./token-exchange-support";

// An administrator's action ends the tokens a resource's server got by exchange (decision record
// 115), in the action's transaction: deleting the host's client (or the account that owns it), and
// deleting the resource or taking exchange rights from its server. Others' stay.
const app = useTestApp();
const { setUp, hostTokens, exchange } = tokenExchange(app);

const CALENDAR = "https://calendar.example/api";

/** Whether `server`'s exchanged token still works: this API's answer, and its introspection by the server. */
async function standing(server: RegisteredClient, token: string) {
  const reached = await app
    .agent()
    .get("/auth/user/sessions", { bearer: token });
  const described = await introspected(
    app,
    {
      as: await discover(app),
      client: { client_id: server.id },
      auth: oauth.ClientSecretBasic(server.plainSecret ?? ""),
    },
    token,
  );
  return `${reached.status} ${described.active ? "active" : "inactive"}`;
}
const LIVE = "200 active";
const ENDED = "401 inactive";

/**
 * The Notes API's server, exchanging Ada's token from the Notes app and from another app; a
 * Calendar API with a server of its own, exchanging Ada's Notes app token for it.
 */
async function exchanges() {
  const { adminAgent, host, server, resourceId } = await setUp();
  const otherHost = await registerPublicApp(adminAgent, { name: "Other app" });
  const { server: calendarServer } = await exchangingResource(adminAgent, {
    identifier: CALENDAR,
    name: "Calendar API",
    scope: { name: "calendar:read", description: "Read your calendar" },
    exchangeScopes: ["sessions:read"],
  });
  const ada = await signIn(
    app,
    await app.createUser({ email: "ada@example.com" }),
  );
  const fromHost = (await hostTokens(ada, host)).access_token;
  const fromOther = (await hostTokens(ada, otherHost)).access_token;
  const forCalendar = (await hostTokens(ada, host, "calendar:read", CALENDAR))
    .access_token;
  const exchanged = async () => ({
    host: (await exchange(server, fromHost)).access_token,
    other: (await exchange(server, fromOther)).access_token,
    calendar: (await exchange(calendarServer, forCalendar)).access_token,
  });
  return {
    adminAgent,
    host,
    server,
    calendarServer,
    resourceId,
    fromHost,
    exchanged,
  };
}

/** PUT /api/admin/oauth-resources/{id}: the Notes API with these exchange rights. */
async function putNotes(
  agent: Agent,
  id: string,
  rights: { exchange_client?: string; exchange_scopes?: string[] },
  name = "Notes API",
) {
  const response = await agent.put(
    `/api/admin/oauth-resources/${id}`,
    {
      name,
      scopes: [{ name: "notes:read", description: "Read your notes" }],
      token_minutes: 5,
      ...rights,
    },
    { host: OAUTH_RESOURCE_UPDATE_ROUTE, params: { id } },
  );
  expect(response.status).toBe(200);
}

describe("an administrator's action ends the exchanged tokens it takes the ground from (decision record 115)", () => {
  it("deleting the host's client ends what servers got from its tokens; another app's stay", async () => {
    const { adminAgent, host, server, calendarServer, exchanged } =
      await exchanges();
    const tokens = await exchanged();
    await stepUp(adminAgent);
    const deleted = await adminAgent.delete(`/oauth/clients/${host.id}`, {
      host: OAUTH_CLIENT_DESTROY_ROUTE,
      params: { id: host.id },
    });
    expect(deleted.status).toBe(204);
    expect(await standing(server, tokens.host)).toBe(ENDED);
    expect(await standing(calendarServer, tokens.calendar)).toBe(ENDED);
    expect(await standing(server, tokens.other)).toBe(LIVE);
  });

  it("deleting the account that owns the host's client (the credential ledger) ends them too", async () => {
    const { adminAgent, server } = await setUp();
    const owner = await app.createUser({ email: "bob@example.com" });
    const host = await registerPublicApp(await signIn(app, owner), {
      name: "Bob's app",
    });
    const ada = await signIn(
      app,
      await app.createUser({ email: "ada@example.com" }),
    );
    const token = (
      await exchange(server, (await hostTokens(ada, host)).access_token)
    ).access_token;
    expect(await standing(server, token)).toBe(LIVE);
    const id = String(owner.id);
    const deleted = await adminAgent.delete(`/api/admin/users/${id}`, {
      host: ADMIN_USER_DELETE_ROUTE,
      params: { id },
    });
    expect(deleted.status).toBe(200);
    expect(await standing(server, token)).toBe(ENDED);
  });

  it("deleting the resource ends what its server got by exchange; another resource's server keeps its own", async () => {
    const { adminAgent, server, calendarServer, resourceId, exchanged } =
      await exchanges();
    const tokens = await exchanged();
    const deleted = await adminAgent.delete(
      `/api/admin/oauth-resources/${resourceId}`,
      { host: OAUTH_RESOURCE_DESTROY_ROUTE, params: { id: resourceId } },
    );
    expect(deleted.status).toBe(204);
    expect(await standing(server, tokens.host)).toBe(ENDED);
    expect(await standing(server, tokens.other)).toBe(ENDED);
    expect(await standing(calendarServer, tokens.calendar)).toBe(LIVE);
  });

  it("taking a scope from the server, naming another server or clearing the rights ends its exchanged tokens; a change that keeps them does not", async () => {
    const world = await exchanges();
    const { adminAgent, server, calendarServer, resourceId } = world;
    const all = { exchange_client: server.id };
    let tokens = await world.exchanged();
    await putNotes(
      adminAgent,
      resourceId,
      { ...all, exchange_scopes: ["admin", "sessions:read"] },
      "Notes",
    );
    expect(await standing(server, tokens.host)).toBe(LIVE);

    await putNotes(adminAgent, resourceId, {
      ...all,
      exchange_scopes: ["sessions:read"],
    });
    expect(await standing(server, tokens.host)).toBe(ENDED);
    expect(await standing(server, tokens.other)).toBe(ENDED);
    expect(await standing(calendarServer, tokens.calendar)).toBe(LIVE);

    tokens = await world.exchanged();
    const successor = await registerClient(adminAgent, {
      name: "New notes server",
      grant_types: ["client_credentials"],
    });
    await putNotes(adminAgent, resourceId, {
      exchange_client: successor.id,
      exchange_scopes: ["sessions:read"],
    });
    expect(await standing(server, tokens.host)).toBe(ENDED);

    const token = (await exchange(successor, world.fromHost)).access_token;
    await putNotes(adminAgent, resourceId, {});
    expect(await standing(successor, token)).toBe(ENDED);
    expect(await standing(calendarServer, tokens.calendar)).toBe(LIVE);
  });
});

describe("pruning ends them too (decision records 052 and 115)", () => {
  it("a self-registered host left unused is pruned with what servers got by exchanging its tokens; a host a person made keeps its own", async () => {
    const FORTY_DAYS = 40 * 24 * 60;
    const { host: madeHost, server } = await setUp(
      ["sessions:read"],
      FORTY_DAYS,
    );
    // After setUp, whose administrator's configuration a later one replaces (support.ts).
    app.configure({
      env: { ADMIN_EMAILS: "admin@example.com" },
      auth: {
        oauth: {
          "registered-client-unused-days": 1,
          "access-token-minutes": FORTY_DAYS,
        },
      },
    });
    const registered = await registerItself(app, {});
    const selfRegistered = {
      id: registered.client_id,
      plainSecret: null,
      body: {},
    };
    const ada = await signIn(
      app,
      await app.createUser({ email: "ada@example.com" }),
    );
    const exchangedFrom = async (host: RegisteredClient) =>
      (await exchange(server, (await hostTokens(ada, host)).access_token))
        .access_token;
    const fromPruned = await exchangedFrom(selfRegistered);
    const fromMade = await exchangedFrom(madeHost);
    await settleBackground();
    app.advance(2 * 86_400);
    expect(await standing(server, fromPruned)).toBe(LIVE);
    expect((await pruneNow(app)).registered_oauth_clients).toBe(1);
    expect(await standing(server, fromPruned)).toBe(ENDED);
    expect(await standing(server, fromMade)).toBe(LIVE);
  });
});
