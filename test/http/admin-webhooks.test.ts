import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { activityLog, webhookEndpoints } from "@/db/schema";
import {
  CREATE_WEBHOOK,
  DELETE_WEBHOOK,
  LIST_WEBHOOKS,
  TEST_WEBHOOK,
  WEBHOOK_DELIVERIES,
} from "@/lib/webhooks/routes";
import type { Agent } from "../support/agent";
import { signIn, useTestApp } from "../support/app";
import { createToken } from "../support/tokens";
import { type Receiver, startReceiver } from "../support/webhook-receiver";

// The administration API of webhooks (decision record 022).
const ADMIN = "admin@example.com";
const app = useTestApp({
  auth: { admins: [ADMIN], webhooks: { "allow-private-addresses": true } },
});
let receiver: Receiver;
beforeEach(async () => {
  receiver = await startReceiver();
});
afterEach(() => receiver.close());

const create = (agent: Agent, json: unknown, options = {}) =>
  agent.post("/api/admin/webhooks", json, { host: CREATE_WEBHOOK, ...options });
const list = (agent: Agent, options = {}) =>
  agent.get("/api/admin/webhooks", { host: LIST_WEBHOOKS, ...options });
const remove = (agent: Agent, id: number | string) =>
  agent.delete(`/api/admin/webhooks/${id}`, {
    host: DELETE_WEBHOOK,
    params: { id: String(id) },
  });
const test = (agent: Agent, id: number | string, options = {}) =>
  agent.post(
    `/api/admin/webhooks/${id}/test`,
    {},
    { host: TEST_WEBHOOK, params: { id: String(id) }, ...options },
  );
const deliveries = (agent: Agent, id: number | string) =>
  agent.get(`/api/admin/webhooks/${id}/deliveries`, {
    host: WEBHOOK_DELIVERIES,
    params: { id: String(id) },
  });
const admin = async () => signIn(app, await app.createUser({ email: ADMIN }));

describe("/api/admin/webhooks", () => {
  it("registers an endpoint, answers a generated whsec_ secret once, and stores it sealed", async () => {
    const agent = await admin();
    const response = await create(agent, {
      url: receiver.url,
      events: ["login", "account-deleted"],
      description: "CRM",
    });
    expect(response.status).toBe(200);
    expect(response.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(response.body.endpoint).toMatchObject({
      url: receiver.url,
      events: ["login", "account-deleted"],
      description: "CRM",
      active: true,
      last_delivery: null,
    });
    const [row] = await app.database.db.select().from(webhookEndpoints);
    expect(row?.secret).toMatch(/^v1\./);
    expect(row?.secret).not.toContain(response.body.secret.slice(6));
    const listed = await list(agent);
    expect(listed.body.data).toEqual([response.body.endpoint]);
    expect(listed.text).not.toContain(response.body.secret);
    expect(listed.body.events).toContain("login");
    const [audit] = (await app.database.db.select().from(activityLog)).filter(
      (entry) => entry.event === "webhook-created",
    );
    expect(audit?.properties).toMatchObject({
      host: new URL(receiver.url).host,
      events: ["login", "account-deleted"],
    });
  });

  it("keeps a secret the administrator chose, when it is a whsec_ secret", async () => {
    const agent = await admin();
    const secret = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
    expect(
      (await create(agent, { url: receiver.url, events: ["*"], secret })).body
        .secret,
    ).toBe(secret);
    const bad = await create(agent, {
      url: receiver.url,
      events: ["*"],
      secret: "hunter2",
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(["secret"]);
  });

  it("answers 422 for a bad URL, unknown events, or none", async () => {
    const agent = await admin();
    for (const [json, field] of [
      [{ url: "ftp://example.com/x", events: ["login"] }, "url"],
      [{ url: "not a url", events: ["login"] }, "url"],
      [{ url: "http://user:pw@127.0.0.1/x", events: ["login"] }, "url"],
      [{ url: receiver.url, events: ["made-up"] }, "events.0"],
      [{ url: receiver.url, events: [] }, "events"],
      [{ url: receiver.url }, "events"],
      [{ url: receiver.url, events: ["login"], extra: 1 }, "extra"],
    ] as const) {
      const response = await create(agent, json);
      expect(response.status, JSON.stringify(json)).toBe(422);
      expect(Object.keys(response.body.errors), JSON.stringify(json)).toEqual([
        field,
      ]);
    }
    expect(await app.database.db.select().from(webhookEndpoints)).toEqual([]);
  });

  it("refuses loopback and private addresses unless webhooks.allow-private-addresses", async () => {
    app.configure({ auth: { webhooks: { "allow-private-addresses": false } } });
    const agent = await admin();
    for (const url of [
      receiver.url,
      "http://localhost:9/x",
      "http://10.0.0.8/x",
      "http://[::1]:9/x",
      "http://169.254.169.254/latest/meta-data",
      // IPv6 forms that embed a loopback or private IPv4 (decision record 028).
      "http://[::ffff:0:127.0.0.1]:9/x",
      "http://[64:ff9b:1::7f00:1]:9/x",
      "http://[2002:7f00:1::1]:9/x",
      "http://[2001:0:808:808::80ff:fffe]:9/x",
      "http://[fec0::1]:9/x",
    ]) {
      const response = await create(agent, { url, events: ["login"] });
      expect(response.status, url).toBe(422);
      expect(response.body.errors, url).toEqual({
        url: ["The url points to a private, loopback or reserved address."],
      });
    }
    expect(
      (
        await create(agent, {
          url: "http://no-such-host.invalid/x",
          events: ["login"],
        })
      ).body.errors,
    ).toEqual({ url: ["The url host could not be resolved."] });
    expect(await app.database.db.select().from(webhookEndpoints)).toEqual([]);
  });

  it("deletes an endpoint with its delivery log; 404 for an unknown one", async () => {
    const agent = await admin();
    const { body } = await create(agent, { url: receiver.url, events: ["*"] });
    expect((await test(agent, body.endpoint.id)).status).toBe(200);
    expect((await remove(agent, body.endpoint.id)).status).toBe(200);
    expect(await app.database.db.select().from(webhookEndpoints)).toEqual([]);
    expect((await remove(agent, body.endpoint.id)).status).toBe(404);
    expect((await deliveries(agent, body.endpoint.id)).status).toBe(404);
    expect((await remove(agent, "abc")).status).toBe(404);
  });

  it("is for verified administrators: 403 to others, 401 to guests; a token needs the admin ability to change anything", async () => {
    const user = await signIn(app, await app.createUser());
    expect((await list(user)).status).toBe(403);
    expect(
      (await create(user, { url: receiver.url, events: ["login"] })).status,
    ).toBe(403);
    const unverified = await signIn(
      app,
      await app.createUser({ email: ADMIN, emailVerifiedAt: null }),
    );
    expect((await list(unverified)).status).toBe(403);
    const guest = app.agent();
    await guest.csrf();
    expect((await list(guest)).status).toBe(401);
    expect(
      (await create(guest, { url: receiver.url, events: ["login"] })).status,
    ).toBe(401);
    expect(await app.database.db.select().from(webhookEndpoints)).toEqual([]);
  });

  it("lets a token with the admin ability register, and refuses one without it (403 Invalid ability provided.)", async () => {
    await app.createUser({ email: "admin2@example.com" });
    app.configure({ auth: { admins: [ADMIN, "admin2@example.com"] } });
    const readOnly = await createToken(app, "admin2@example.com", {
      abilities: ["user:write"],
    });
    const refused = await create(
      app.agent(),
      { url: receiver.url, events: ["login"] },
      { bearer: readOnly },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Invalid ability provided.");
    // An administrator's read asks `admin` of a token too (decision record 082).
    expect((await list(app.agent(), { bearer: readOnly })).status).toBe(403);
    const adminToken = await createToken(app, "admin2@example.com", {
      abilities: ["admin"],
    });
    expect(
      (
        await create(
          app.agent(),
          { url: receiver.url, events: ["login"] },
          { bearer: adminToken },
        )
      ).status,
    ).toBe(200);
  });
});
