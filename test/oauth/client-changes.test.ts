import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { oauthClients } from "@/db/schema";
import { createClient } from "@/lib/oauth/clients";
import { OAUTH_CLIENT_ROUTE } from "@/lib/oauth/json-api-routes";
import { signIn, useTestApp } from "../support/app";
import { impersonating } from "../support/impersonation";
import { stepUp } from "../support/two-factor";
import { REDIRECT_URI } from "./support";

// A new redirect URI receives the codes of every user who approved the app: changing a client is
// a sensitive action (the `changes` class, decision record 082).
const ADMIN = "admin@example.com";
const app = useTestApp({ auth: { admins: [ADMIN] } });

const ownClient = (userId: number) =>
  createClient(
    { db: app.database.db, config: app.services.config, now: new Date() },
    {
      userId,
      name: "Notes",
      redirectUris: [REDIRECT_URI],
      grantTypes: ["authorization_code", "refresh_token"],
      confidential: false,
      scopes: null,
    },
  );

const change = (agent: Awaited<ReturnType<typeof signIn>>, id: string) =>
  agent.put(
    `/oauth/clients/${id}`,
    { name: "Notes", redirect_uris: ["https://attacker.example/cb"] },
    { host: OAUTH_CLIENT_ROUTE, params: { id } },
  );

const redirectsOf = async (id: string) =>
  (
    await app.database.db
      .select({ uris: oauthClients.redirectUris })
      .from(oauthClients)
      .where(eq(oauthClients.id, id))
  )[0]?.uris;

describe("changing an OAuth client's redirect URIs", () => {
  it("asks an unconfirmed session for the step-up, and mails the owner once it is done", async () => {
    const owner = await app.createUser();
    const { client } = await ownClient(owner.id);
    const agent = await signIn(app, owner);
    expect((await change(agent, client.id)).status).toBe(423);
    expect(await redirectsOf(client.id)).toBe(JSON.stringify([REDIRECT_URI]));
    await stepUp(agent);
    expect((await change(agent, client.id)).status).toBe(200);
    const mail = await app.lastMailTo(owner.email);
    expect(mail.text).toContain("“Notes” was changed");
  });

  it("is refused to an administrator acting as the owner", async () => {
    const { target, agent } = await impersonating(app, ADMIN);
    const { client } = await ownClient(target.id);
    const response = await change(agent, client.id);
    expect(response.status).toBe(403);
    expect(await redirectsOf(client.id)).toBe(JSON.stringify([REDIRECT_URI]));
  });
});

describe("changing an OAuth client's allowed scopes (decision record 090)", () => {
  const scopesOf = async (id: string) =>
    (
      await app.database.db
        .select({ scopes: oauthClients.scopes })
        .from(oauthClients)
        .where(eq(oauthClients.id, id))
    )[0]?.scopes;

  const edit = (
    agent: Awaited<ReturnType<typeof signIn>>,
    id: string,
    scopes: string[] | null,
  ) =>
    agent.put(
      `/oauth/clients/${id}`,
      { name: "Notes", redirect_uris: [REDIRECT_URI], scopes },
      { host: OAUTH_CLIENT_ROUTE, params: { id } },
    );

  it("lets an administrator narrow the list, widen it to any, and leaves it when not sent", async () => {
    const admin = await app.createUser({ email: ADMIN });
    const { client } = await ownClient(admin.id);
    const agent = await signIn(app, admin);
    await stepUp(agent);
    const narrowed = await edit(agent, client.id, ["user:write"]);
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.scopes).toEqual(["user:write"]);
    expect(await scopesOf(client.id)).toBe(JSON.stringify(["user:write"]));
    expect((await change(agent, client.id)).status).toBe(200);
    expect(await scopesOf(client.id)).toBe(JSON.stringify(["user:write"]));
    expect((await edit(agent, client.id, null)).status).toBe(200);
    expect(await scopesOf(client.id)).toBeNull();
  });

  it("refuses a scope the server does not grant beside the field", async () => {
    const admin = await app.createUser({ email: ADMIN });
    const { client } = await ownClient(admin.id);
    const agent = await signIn(app, admin);
    await stepUp(agent);
    const response = await edit(agent, client.id, ["launch-missiles"]);
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(["scopes.0"]);
    expect(await scopesOf(client.id)).toBeNull();
  });

  it("is refused to an owner who is not an administrator, as at creation", async () => {
    const owner = await app.createUser();
    const { client } = await ownClient(owner.id);
    const agent = await signIn(app, owner);
    await stepUp(agent);
    expect((await edit(agent, client.id, ["user:write"])).status).toBe(403);
    expect(await scopesOf(client.id)).toBeNull();
  });
});
