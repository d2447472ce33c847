import { eq, inArray } from "drizzle-orm";
import * as oauth from "oauth4webapi";
import { describe, expect, it } from "vitest";
import { activityLog, oauthClients } from "@/db/schema";
import {
  OAUTH_CLIENT_ROUTE,
  OAUTH_CLIENT_SECRET_ROUTE,
  OAUTH_CLIENTS_ROUTE,
} from "@/lib/oauth/json-api-routes";
import { settleBackground } from "@/lib/server/background";
import type { Agent } from "../support/agent";
import { signIn, useTestApp } from "../support/app";
import { confirmPassword } from "../support/two-factor";
import {
  clientCredentials,
  clientOptions,
  discover,
  registerClient,
  signedInAdmin,
} from "./support";

const app = useTestApp();

function rotate(agent: Agent, id: string, body: Record<string, unknown> = {}) {
  return agent.post(`/oauth/clients/${id}/secret`, body, {
    host: OAUTH_CLIENT_SECRET_ROUTE,
    params: { id },
  });
}

async function listed(agent: Agent, id: string) {
  const response = await agent.get("/oauth/clients", {
    host: OAUTH_CLIENTS_ROUTE,
  });
  expect(response.status).toBe(200);
  return (response.body as Record<string, unknown>[]).find(
    (client) => client.id === id,
  );
}

describe("client secret rotation with an overlap", () => {
  it("answers the new secret once; both secrets work during the overlap, then only the new one; logged", async () => {
    app.setNow(new Date("2026-11-26T08:00:00Z"));
    const { admin, agent } = await signedInAdmin(app);
    const machine = await registerClient(agent, {
      name: "Billing job",
      grant_types: ["client_credentials"],
      scopes: ["tokens:write"],
    });
    const oldSecret = machine.plainSecret ?? "";

    // A new way in from a session: the step-up first (the `rotates` class, decision record 028),
    // asked of a session that has not confirmed yet.
    const later = await signIn(app, admin);
    expect((await rotate(later, machine.id)).status).toBe(423);
    await confirmPassword(later);
    const rotated = await rotate(later, machine.id, { overlap_seconds: 3600 });
    expect(rotated.status, rotated.text).toBe(200);
    expect(rotated.body).toMatchObject({
      id: machine.id,
      name: "Billing job",
      confidential: true,
      previous_secret_expires_at: "2026-11-26T09:00:00.000Z",
    });
    const newSecret: string = rotated.body.plainSecret;
    expect(newSecret).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(rotated.body.secret).toBe(newSecret);
    expect(newSecret).not.toBe(oldSecret);

    expect(await clientCredentials(app, machine.id, oldSecret)).toBe("token");
    expect(await clientCredentials(app, machine.id, newSecret)).toBe("token");
    expect(await clientCredentials(app, machine.id, "x".repeat(40))).toBe(
      "invalid_client",
    );

    app.advance(3601);
    expect(await clientCredentials(app, machine.id, oldSecret)).toBe(
      "invalid_client",
    );
    expect(await clientCredentials(app, machine.id, newSecret)).toBe("token");

    const shown = await listed(agent, machine.id);
    expect(shown).toMatchObject({ previous_secret_expires_at: null });
    expect(JSON.stringify(shown)).not.toContain(newSecret);

    const audit = await app.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, "oauth-client-secret-rotated"));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ subjectId: admin.id, causerId: null });
    expect(audit[0]?.properties).toMatchObject({
      client_id: machine.id,
      overlap_seconds: 3600,
    });
  });

  it("is the owner's; tells the owner; 0 ends the old secret at once; bad input is 422", async () => {
    const owner = await app.createUser({ email: "ada@example.com" });
    const ownerAgent = await signIn(app, owner);
    const mine = await registerClient(ownerAgent, {
      name: "Notes app",
      redirect_uris: ["https://notes.example/cb"],
    });

    const stranger = await signIn(app, await app.createUser());
    await confirmPassword(stranger);
    expect((await rotate(stranger, mine.id)).status).toBe(404);
    expect((await rotate(stranger, "not-a-uuid")).status).toBe(404);

    await confirmPassword(ownerAgent);
    for (const overlap_seconds of [-1, 604_801, 1.5, "60"]) {
      const refused = await rotate(ownerAgent, mine.id, { overlap_seconds });
      expect(refused.status, String(overlap_seconds)).toBe(422);
      expect(refused.body.errors).toHaveProperty("overlap_seconds");
    }
    const immediate = await rotate(ownerAgent, mine.id, {
      overlap_seconds: 0,
    });
    expect(immediate.status).toBe(200);
    expect(immediate.body.previous_secret_expires_at).toBeNull();
    const as = await discover(app);
    const revoke = (secret: string) =>
      oauth
        .revocationRequest(
          as,
          { client_id: mine.id },
          oauth.ClientSecretPost(secret),
          "not-a-token",
          clientOptions(app),
        )
        .then((response) => response.status);
    expect(await revoke(mine.plainSecret ?? "")).toBe(401);
    expect(await revoke(immediate.body.plainSecret)).toBe(200);

    const notices = (await app.mail()).filter(
      (mail) =>
        mail.to.includes("ada@example.com") &&
        mail.text.includes(
          "The OAuth client “Notes app” was given a new secret; the old one stops at the end of its overlap.",
        ),
    );
    expect(notices).toHaveLength(1);

    const spa = await registerClient(ownerAgent, {
      name: "SPA",
      redirect_uris: ["https://spa.example/cb"],
      confidential: false,
    });
    const publicClient = await rotate(ownerAgent, spa.id);
    expect(publicClient.status).toBe(422);
    expect(publicClient.body.errors.client).toEqual([
      "A public client has no secret to rotate.",
    ]);
  });
});

describe("who may rotate a client's secret", () => {
  // Whoever may edit or delete the client (manageClient, lib/oauth/client-access.ts): its
  // owner, or an administrator for a machine client; administrators do not act on each other
  // (decision record 014), nor on an ordinary user's client.
  it("not an administrator for another administrator's client or an ordinary user's, as for editing it; a machine client, yes", async () => {
    const peer = await app.createUser({ email: "peer@example.com" });
    const user = await app.createUser();
    const { agent } = await signedInAdmin(app);
    app.configure({
      env: { ADMIN_EMAILS: "admin@example.com,peer@example.com" },
    });
    const peerAgent = await signIn(app, peer);
    const userAgent = await signIn(app, user);
    // Confirmed first, wherever a client's row asks for a step-up.
    for (const session of [agent, peerAgent, userAgent])
      await confirmPassword(session);
    const peers = await registerClient(peerAgent, {
      name: "Peer's app",
      redirect_uris: ["https://peer.example/cb"],
    });
    const users = await registerClient(userAgent, {
      name: "Notes app",
      redirect_uris: ["https://notes.example/cb"],
    });
    const machine = await registerClient(agent, {
      name: "Nightly export",
      grant_types: ["client_credentials"],
    });
    const secrets = () =>
      app.database.db
        .select({ id: oauthClients.id, secret: oauthClients.secret })
        .from(oauthClients)
        .where(inArray(oauthClients.id, [peers.id, users.id]))
        .orderBy(oauthClients.id);
    const before = await secrets();
    for (const client of [peers, users]) {
      const rotated = await rotate(agent, client.id);
      expect(rotated.status, rotated.text).toBe(404);
      expect(rotated.body).not.toHaveProperty("plainSecret");
      const edited = await agent.put(
        `/oauth/clients/${client.id}`,
        { name: "Taken" },
        { host: OAUTH_CLIENT_ROUTE, params: { id: client.id } },
      );
      expect(edited.status).toBe(404);
    }
    expect(await secrets()).toEqual(before);
    expect((await rotate(agent, machine.id)).status).toBe(200);
  });
});

describe("a client's last use", () => {
  it("is shown in GET /oauth/clients and written at most once per interval", async () => {
    app.setNow(new Date("2026-11-26T08:00:00Z"));
    const { agent } = await signedInAdmin(app);
    const machine = await registerClient(agent, {
      name: "Billing job",
      grant_types: ["client_credentials"],
      scopes: ["tokens:write"],
    });
    const secret = machine.plainSecret ?? "";
    expect(await listed(agent, machine.id)).toMatchObject({
      last_used_at: null,
    });

    const useAndSettle = async () => {
      expect(await clientCredentials(app, machine.id, secret)).toBe("token");
      await settleBackground();
      return (await listed(agent, machine.id))?.last_used_at;
    };
    expect(await useAndSettle()).toBe("2026-11-26T08:00:00.000Z");
    app.advance(30);
    // Within the interval (tokens.last-used-interval-seconds, 60): no write.
    expect(await useAndSettle()).toBe("2026-11-26T08:00:00.000Z");
    app.advance(31);
    expect(await useAndSettle()).toBe("2026-11-26T08:01:01.000Z");
  });
});
