import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { jobs, webhookDeliveries } from "@/db/schema";
import { WEBHOOK_QUEUE } from "@/lib/mail/queue";
import { drainQueue } from "@/lib/mail/worker";
import { webhookWorkerDeps } from "@/lib/runtime/services";
import { USER_DELETE_ROUTE } from "@/lib/account/routes";
import { prune } from "@/lib/runtime/pruning";
import {
  MAX_DELIVERY_ATTEMPTS,
  queueDelivery,
  RETRY_DELAYS_SECONDS,
} from "@/lib/webhooks/deliveries";
import {
  CREATE_WEBHOOK,
  DELETE_WEBHOOK,
  LIST_WEBHOOKS,
  TEST_WEBHOOK,
  WEBHOOK_DELIVERIES,
} from "@/lib/webhooks/routes";
import type { Agent } from "../support/agent";
import { PASSWORD, signIn, useTestApp } from "../support/app";
import {
  deliverWebhooks,
  type Receiver,
  startReceiver,
} from "../support/webhook-receiver";

// Activity-log events through the database queue to a receiver on loopback that
// verifies the Standard Webhooks signature (decision record 022).
const ADMIN = "admin@example.com";
const app = useTestApp({
  auth: { admins: [ADMIN], webhooks: { "allow-private-addresses": true } },
});
const T0 = new Date("2026-11-25T09:00:00Z");
let receiver: Receiver;
beforeEach(async () => {
  receiver = await startReceiver();
});
afterEach(() => receiver.close());

const deliver = () => deliverWebhooks(app);

async function register(
  agent: Agent,
  events: string[],
): Promise<{ id: number; secret: string }> {
  const response = await agent.post(
    "/api/admin/webhooks",
    { url: receiver.url, events },
    { host: CREATE_WEBHOOK },
  );
  expect(response.status).toBe(200);
  receiver.secret = response.body.secret;
  return { id: response.body.endpoint.id, secret: response.body.secret };
}

const log = (agent: Agent, id: number) =>
  agent.get(`/api/admin/webhooks/${id}/deliveries`, {
    host: WEBHOOK_DELIVERIES,
    params: { id: String(id) },
  });

describe("webhook delivery", () => {
  it("posts each subscribed activity event, signed; the receiver verifies it", async () => {
    app.setNow(T0);
    const admin = await signIn(app, await app.createUser({ email: ADMIN }));
    const endpoint = await register(admin, ["login", "account-deleted"]);
    const user = await app.createUser({
      name: "Wendy Hook",
      email: "wendy@example.com",
    });
    const agent = await signIn(app, user);
    await agent.request("DELETE", "/api/app/user", {
      json: { password: PASSWORD },
      host: USER_DELETE_ROUTE,
    });
    await agent.post("/auth/logout"); // not subscribed (and signed out already: 401, nothing logged)

    expect(await deliver()).toBeGreaterThan(0);
    expect(
      receiver.received.map((message) => JSON.parse(message.body).type),
    ).toEqual(["login", "account-deleted"]);
    for (const message of receiver.received) {
      expect(message.verified).toBe(true);
      expect(message.headers["webhook-id"]).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(message.headers["webhook-timestamp"]).toBe(
        String(T0.getTime() / 1000),
      );
      expect(message.headers["content-type"]).toBe("application/json");
    }
    const body = JSON.parse(receiver.received[0]?.body ?? "{}");
    expect(body).toEqual({
      type: "login",
      timestamp: "2026-11-25T09:00:00.000Z",
      data: {
        id: expect.any(Number),
        event: "login",
        subject: {
          id: user.id,
          name: "Wendy Hook",
          email: "wendy@example.com",
        },
        causer: null,
        properties: { ip: "127.0.0.1", method: "password" },
        created_at: "2026-11-25T09:00:00.000Z",
      },
    });
    const [latest] = (await log(admin, endpoint.id)).body.data;
    expect(latest).toMatchObject({
      event: "account-deleted",
      status: "succeeded",
      attempts: 1,
      response_status: 204,
      error: null,
    });
    const listed = await admin.get("/api/admin/webhooks", {
      host: LIST_WEBHOOKS,
    });
    expect(listed.body.data[0].last_delivery).toMatchObject({
      event: "account-deleted",
      status: "succeeded",
    });
  });

  it("sends an endpoint nothing written before it was registered, even when the fan-out runs late", async () => {
    app.setNow(T0);
    const admin = await signIn(app, await app.createUser({ email: ADMIN }));
    const early = await register(admin, ["login"]);
    // A sign-in while only `early` listens: its fan-out waits in the queue past the next registration.
    await signIn(app, await app.createUser());
    app.advance(5);
    const late = await register(admin, ["login"]);
    await deliver();
    const events = async (id: number) =>
      (await log(admin, id)).body.data.map(
        (delivery: { event: string }) => delivery.event,
      );
    expect(await events(early.id)).toEqual(["login"]);
    expect(await events(late.id)).toEqual([]);

    await signIn(app, await app.createUser());
    await deliver();
    expect(await events(late.id)).toEqual(["login"]);
    expect(await events(early.id)).toEqual(["login", "login"]);
  });

  it("queues nothing while no endpoint is active: an activity entry costs no job", async () => {
    await signIn(app, await app.createUser());
    expect(
      await app.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.queue, WEBHOOK_QUEUE)),
    ).toEqual([]);
  });

  it("retries a failing endpoint with backoff, keeps the last response, and gives up after the last attempt", async () => {
    app.setNow(T0);
    const adminUser = await app.createUser({ email: ADMIN });
    const admin = await signIn(app, adminUser);
    const endpoint = await register(admin, ["password-reset"]);
    receiver.respondWith = Array(MAX_DELIVERY_ATTEMPTS).fill(500);
    const queued = await admin.post(
      `/api/admin/webhooks/${endpoint.id}/test`,
      {},
      { host: TEST_WEBHOOK, params: { id: String(endpoint.id) } },
    );
    expect(queued.body.delivery).toMatchObject({
      event: "webhook-test",
      status: "pending",
      attempts: 0,
    });
    await deliver();
    expect(receiver.received).toHaveLength(1);
    let [entry] = (await log(admin, endpoint.id)).body.data;
    expect(entry).toMatchObject({
      status: "retrying",
      attempts: 1,
      response_status: 500,
      next_attempt_at: new Date(T0.getTime() + 5000).toISOString(),
    });
    expect(entry.response_excerpt).toHaveLength(200);
    expect(entry.response_excerpt).toMatch(/^answer 500 /);

    // Not before its time…
    app.advance(4);
    await deliver();
    expect(receiver.received).toHaveLength(1);
    // …then once per delay, the same message id each time, each attempt signed anew.
    for (const delay of RETRY_DELAYS_SECONDS) {
      app.advance(delay);
      await deliver();
    }
    expect(receiver.received).toHaveLength(MAX_DELIVERY_ATTEMPTS);
    expect(
      new Set(receiver.received.map((message) => message.headers["webhook-id"]))
        .size,
    ).toBe(1);
    expect(
      new Set(
        receiver.received.map(
          (message) => message.headers["webhook-timestamp"],
        ),
      ).size,
    ).toBe(MAX_DELIVERY_ATTEMPTS);
    expect(receiver.received.every((message) => message.verified)).toBe(true);
    // The administrator's session has long expired: the log is read again with a fresh one.
    [entry] = (await log(await signIn(app, adminUser), endpoint.id)).body.data;
    expect(entry).toMatchObject({
      status: "failed",
      attempts: MAX_DELIVERY_ATTEMPTS,
      response_status: 500,
      next_attempt_at: null,
    });
    app.advance(86_400);
    await deliver();
    expect(receiver.received).toHaveLength(MAX_DELIVERY_ATTEMPTS);
  });

  it("succeeds on a retry after a failure", async () => {
    app.setNow(T0);
    const admin = await signIn(app, await app.createUser({ email: ADMIN }));
    const endpoint = await register(admin, ["password-reset"]);
    receiver.respondWith = [503];
    await admin.post(
      `/api/admin/webhooks/${endpoint.id}/test`,
      {},
      { host: TEST_WEBHOOK, params: { id: String(endpoint.id) } },
    );
    await deliver();
    app.advance(5);
    await deliver();
    const [entry] = (await log(admin, endpoint.id)).body.data;
    expect(entry).toMatchObject({
      status: "succeeded",
      attempts: 2,
      response_status: 204,
    });
  });

  it("does not follow a redirect: a 3xx is a failed attempt", async () => {
    const admin = await signIn(app, await app.createUser({ email: ADMIN }));
    const endpoint = await register(admin, ["password-reset"]);
    receiver.respondWith = [307];
    await admin.post(
      `/api/admin/webhooks/${endpoint.id}/test`,
      {},
      { host: TEST_WEBHOOK, params: { id: String(endpoint.id) } },
    );
    await deliver();
    expect(receiver.received.map((message) => message.path)).toEqual([
      "/hooks",
    ]);
    const [entry] = (await log(admin, endpoint.id)).body.data;
    expect(entry).toMatchObject({ status: "retrying", response_status: 307 });
  });

  it("resolves the host again at delivery: an endpoint that now points at a private address is refused (DNS rebinding)", async () => {
    const admin = await signIn(app, await app.createUser({ email: ADMIN }));
    // Registered while allowed (as a name that later resolves to loopback would pass the first check).
    const response = await admin.post(
      "/api/admin/webhooks",
      {
        url: receiver.url.replace("127.0.0.1", "localhost"),
        events: ["password-reset"],
      },
      { host: CREATE_WEBHOOK },
    );
    expect(response.status).toBe(200);
    app.configure({ auth: { webhooks: { "allow-private-addresses": false } } });
    const id = String(response.body.endpoint.id);
    await admin.post(
      `/api/admin/webhooks/${id}/test`,
      {},
      { host: TEST_WEBHOOK, params: { id } },
    );
    await deliver();
    expect(receiver.received).toEqual([]);
    const [entry] = (await log(admin, Number(id))).body.data;
    expect(entry).toMatchObject({
      status: "retrying",
      response_status: null,
      error: expect.stringMatching(
        /^refused: (127\.0\.0\.1|::1) is a private, loopback or reserved address$/,
      ),
    });
  });

  it("drops the queued attempts of an endpoint deleted meanwhile", async () => {
    const admin = await signIn(app, await app.createUser({ email: ADMIN }));
    const endpoint = await register(admin, ["*"]);
    await admin.post(
      `/api/admin/webhooks/${endpoint.id}/test`,
      {},
      { host: TEST_WEBHOOK, params: { id: String(endpoint.id) } },
    );
    await admin.delete(`/api/admin/webhooks/${endpoint.id}`, {
      host: DELETE_WEBHOOK,
      params: { id: String(endpoint.id) },
    });
    await deliver();
    expect(receiver.received).toEqual([]);
    expect(await app.database.db.select().from(webhookDeliveries)).toEqual([]);
    expect(
      await app.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.queue, WEBHOOK_QUEUE)),
    ).toEqual([]);
  });
});

describe("webhook secrets and the delivery log over time", () => {
  it("records why a delivery fails when the secret was sealed under another SESSION_SECRET", async () => {
    const admin = await signIn(app, await app.createUser({ email: ADMIN }));
    const endpoint = await register(admin, ["password-reset"]);
    app.configure({
      env: { SESSION_SECRET: "another-secret-that-is-at-least-32-characters" },
    });
    await drainQueue(webhookWorkerDeps(app.services)); // the webhook-created fan-out finds no listener
    const [row] = await app.database.db.select().from(webhookDeliveries);
    expect(row).toBeUndefined();
    await queueDelivery(
      app.database.db,
      {
        endpointId: endpoint.id,
        event: "webhook-test",
        activityId: null,
        payload: "{}",
      },
      new Date(),
    );
    await deliver();
    expect(receiver.received).toEqual([]);
    const [failed] = await app.database.db.select().from(webhookDeliveries);
    expect(failed).toMatchObject({
      status: "retrying",
      responseStatus: null,
      error: expect.stringMatching(/^the endpoint's secret cannot be read/),
    });
  });

  it("prunes finished deliveries retention.webhook-deliveries-days after they were created, never one still retrying", async () => {
    app.setNow(T0);
    const admin = await signIn(app, await app.createUser({ email: ADMIN }));
    const endpoint = await register(admin, ["password-reset"]);
    receiver.respondWith = [500];
    for (let i = 0; i < 2; i++)
      await admin.post(
        `/api/admin/webhooks/${endpoint.id}/test`,
        {},
        { host: TEST_WEBHOOK, params: { id: String(endpoint.id) } },
      );
    await deliver(); // one retrying, one succeeded
    const at = (days: number) =>
      new Date(T0.getTime() + days * 86_400_000 + 1000);
    expect(
      (
        await prune({
          db: app.database.db,
          config: app.services.config,
          env: app.services.env,
          now: at(29),
        })
      ).webhook_deliveries,
    ).toBe(0);
    expect(
      (
        await prune({
          db: app.database.db,
          config: app.services.config,
          env: app.services.env,
          now: at(30),
        })
      ).webhook_deliveries,
    ).toBe(1);
    expect(
      (await app.database.db.select().from(webhookDeliveries)).map(
        (row) => row.status,
      ),
    ).toEqual(["retrying"]);
  });
});
