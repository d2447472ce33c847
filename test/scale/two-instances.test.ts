import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppInstance, startInstance } from "../support/app-instance";
import { HttpClient } from "../support/http-client";
import { readOutbox } from "../support/outbox";
import { POSTGRES_SERVER } from "../support/scratch-database";

// Decision record 010: several instances, one database. Two production servers (`next start` on the build)
// share one fresh PostgreSQL database and must behave as one application.
const ADMIN = "admin@example.test";
const PASSWORD = "plum-orbit-4812";
const server = new URL(POSTGRES_SERVER);
const database = `scale_${process.pid}_${Date.now()}`;
// One outbox for both servers: either one's mail worker may deliver a message.
const outbox = mkdtempSync(path.join(tmpdir(), "scale-outbox-"));
let a: AppInstance;
let b: AppInstance;

beforeAll(async () => {
  const admin = postgres(server.toString(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${database}"`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${database}`;
  const env = {
    DATABASE_URL: url.toString(),
    SESSION_SECRET: "scale-test-secret-that-is-at-least-32-characters",
    SESSION_SECURE_COOKIE: "false",
    ADMIN_EMAILS: ADMIN,
    MAIL_DRIVER: "outbox",
    MAIL_OUTBOX_DIR: outbox,
    // Clients come from addresses of their own (X-Forwarded-For), as behind a load balancer:
    // the named limiters count per address. Registrations that come from 127.0.0.1 (the
    // administrator's) stay under the register limiter's per-address default too.
    TRUST_PROXY: "true",
    AUTH_CONFIG_JSON: JSON.stringify({
      hashing: { rounds: 4 },
      limiters: { register: [{ by: "ip", max: 1000, minutes: 10 }] },
    }),
  };
  // Started together: both apply migrations at once, under the advisory lock.
  [a, b] = await Promise.all([startInstance(env), startInstance(env)]);
  // A listed address makes an administrator once verified (decision record 014): from the emailed link.
  const { client } = await registered(a.base, ADMIN);
  const link = new URL(await verificationLink(ADMIN));
  expect(
    (await client.get(b.base, `${link.pathname}${link.search}`)).body,
  ).toEqual({ verified: true });
});

afterAll(async () => {
  await Promise.all([a?.dispose(), b?.dispose()]);
  const admin = postgres(server.toString(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${database}" with (force)`);
  await admin.end();
  rmSync(outbox, { recursive: true, force: true });
});

/** The verification link of the first message to `email` in the shared outbox (waits for the mail worker). */
async function verificationLink(email: string): Promise<string> {
  const deadline = Date.now() + 45_000;
  for (;;) {
    for (const mail of readOutbox(outbox)) {
      const link = /https?:\/\/\S+\/email\/verify\/\S+/.exec(mail.text)?.[0];
      if (mail.to.includes(email) && link) return link;
    }
    if (Date.now() > deadline)
      throw new Error(`no verification mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const unique = (name: string) =>
  `${name}-${Math.random().toString(36).slice(2, 10)}@example.test`;
const byte = () => Math.floor(Math.random() * 250) + 1;
/** A client address no other test uses (the limiters count per address). */
const address = () => `10.${byte()}.${byte()}.${byte()}`;

/** Registers (and so signs in) a new user through `base`. */
async function registered(
  base: string,
  email = unique("user"),
): Promise<{ client: HttpClient; email: string; id: number }> {
  const client = new HttpClient(address());
  await client.csrf(base);
  const response = await client.post(base, "/auth/register", {
    name: "Scale",
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  expect(response.status, response.text).toBe(200);
  return { client, email, id: (response.body.user as { id: number }).id };
}

async function signedInAdmin(base: string): Promise<HttpClient> {
  const client = new HttpClient();
  await client.csrf(base);
  expect(
    (
      await client.post(base, "/auth/login", {
        email: ADMIN,
        password: PASSWORD,
      })
    ).status,
  ).toBe(200);
  return client;
}

async function tokenFor(base: string, email: string): Promise<string> {
  const client = new HttpClient();
  await client.csrf(base);
  const response = await client.post(base, "/auth/create-token", {
    email,
    password: PASSWORD,
    name: "scale",
  });
  expect(response.status, response.text).toBe(200);
  return String(response.body.token);
}

describe("two instances, one database (decision record 010)", () => {
  it("a session created on A works on B", async () => {
    const { client, email } = await registered(a.base);
    expect((await client.get(b.base, "/auth/get-auth")).body).toMatchObject({
      authenticated: true,
      user: { email },
    });
  });

  it("logout on A ends the session on B", async () => {
    const { client } = await registered(a.base);
    const copied = new Map(client.cookies);
    expect((await client.post(a.base, "/auth/logout")).status).toBe(200);
    const replay = new HttpClient();
    for (const [name, value] of copied) replay.cookies.set(name, value);
    expect((await replay.get(b.base, "/auth/get-auth")).body).toMatchObject({
      authenticated: false,
    });
    expect((await replay.post(b.base, "/auth/tokens")).status).toBe(401);
  });

  it("the login lockout counts failures on both", async () => {
    const { email } = await registered(a.base);
    const guest = new HttpClient();
    await guest.csrf(a.base);
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await guest.post(
        attempt % 2 ? b.base : a.base,
        "/auth/login",
        { email, password: "wrong-password" },
      );
      expect(response.body.message).toBe(
        "These credentials do not match our records.",
      );
    }
    const locked = await guest.post(a.base, "/auth/login", {
      email,
      password: PASSWORD,
    });
    expect(locked.status).toBe(422);
    expect(String(locked.body.message)).toMatch(/^Too many login attempts/);
  });

  it("throttle:login (20 a minute per address, across emails) counts on both", async () => {
    const guest = new HttpClient(address());
    await guest.csrf(a.base);
    for (let attempt = 0; attempt < 20; attempt++) {
      const response = await guest.post(
        attempt % 2 ? b.base : a.base,
        "/auth/login",
        { email: unique("spray"), password: "wrong-password" },
      );
      expect(response.status, response.text).toBe(422);
    }
    const throttled = await guest.post(b.base, "/auth/login", {
      email: unique("spray"),
      password: "wrong-password",
    });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not affected.
    const other = new HttpClient(address());
    await other.csrf(a.base);
    expect(
      (
        await other.post(a.base, "/auth/login", {
          email: unique("spray"),
          password: "wrong-password",
        })
      ).status,
    ).toBe(422);
  });

  it("failures against one account from many addresses make further sign-ins wait, on both", async () => {
    const { email } = await registered(a.base);
    // limits.account-failures-before-delay (10), each from its own address and instance.
    for (let attempt = 0; attempt < 10; attempt++) {
      const guest = new HttpClient(address());
      await guest.csrf(a.base);
      const response = await guest.post(
        attempt % 2 ? b.base : a.base,
        "/auth/login",
        { email, password: "wrong-password" },
      );
      expect(response.body.message).toBe(
        "These credentials do not match our records.",
      );
    }
    const owner = new HttpClient(address());
    await owner.csrf(b.base);
    const delayed = await owner.post(b.base, "/auth/login", {
      email,
      password: PASSWORD,
    });
    expect(delayed.status).toBe(422);
    expect(String(delayed.body.message)).toMatch(/^Too many login attempts/);
  });

  it("throttle:6,1 counts on both", async () => {
    const { client } = await registered(a.base);
    for (let request = 0; request < 6; request++) {
      expect(
        (
          await client.post(
            request % 2 ? b.base : a.base,
            "/auth/email-verification-notification",
          )
        ).status,
      ).toBe(200);
    }
    const throttled = await client.post(
      b.base,
      "/auth/email-verification-notification",
    );
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("an impersonation token requested on A is used on B", async () => {
    const admin = await signedInAdmin(a.base);
    const target = await registered(b.base);
    const requested = await admin.post(a.base, "/auth/impersonate", {
      target_user_id: target.id,
    });
    expect(requested.status, requested.text).toBe(200);
    const used = await admin.get(
      b.base,
      `/auth/impersonate/${encodeURIComponent(String(requested.body.token))}`,
    );
    expect(used.status, used.text).toBe(200);
    expect(used.body).toMatchObject({ success: true, user: { id: target.id } });
    expect((await admin.get(a.base, "/auth/get-auth")).body).toMatchObject({
      impersonating: true,
      user: { id: target.id },
    });
  });

  it("a bearer token created on A works on B", async () => {
    const { email } = await registered(a.base);
    const token = await tokenFor(a.base, email);
    expect(
      (await new HttpClient().get(b.base, "/auth/get-auth", { bearer: token }))
        .body,
    ).toMatchObject({ authenticated: true, user: { email } });
  });

  it("a settings change on A is in force on B within 3 seconds", async () => {
    const admin = await signedInAdmin(a.base);
    // The settings editor asks for the step-up (decision record 024).
    expect(
      (
        await admin.post(a.base, "/auth/user/confirm-password", {
          password: PASSWORD,
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await admin.put(a.base, "/api/admin/settings", {
          key: "allow-registration",
          value: false,
        })
      ).status,
    ).toBe(200);
    const changedAt = Date.now();
    let status = 0;
    while (Date.now() - changedAt < 3_000) {
      const guest = new HttpClient(address());
      await guest.csrf(b.base);
      status = (
        await guest.post(b.base, "/auth/register", {
          name: "Late",
          email: unique("late"),
          password: PASSWORD,
          password_confirmation: PASSWORD,
        })
      ).status;
      if (status === 403) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(403);
    expect(
      (
        await admin.put(a.base, "/api/admin/settings", {
          key: "allow-registration",
          value: true,
        })
      ).status,
    ).toBe(200);
  });

  it("a restarted server keeps sessions and tokens", async () => {
    const { client, email } = await registered(a.base);
    const token = await tokenFor(a.base, email);
    await a.stop();
    await a.start();
    expect((await client.get(a.base, "/auth/get-auth")).body).toMatchObject({
      authenticated: true,
      user: { email },
    });
    expect(
      (await new HttpClient().get(a.base, "/auth/get-auth", { bearer: token }))
        .body,
    ).toMatchObject({ authenticated: true, user: { email } });
  });
});

describe("a token's own limit across two instances (decision record 045)", () => {
  it("rate_limit counts the requests made on A and on B together: past it, 429 with Retry-After and RateLimit-*", async () => {
    const { email } = await registered(a.base);
    const client = new HttpClient();
    await client.csrf(a.base);
    const created = await client.post(a.base, "/auth/create-token", {
      email,
      password: PASSWORD,
      name: "limited",
      rate_limit: 4,
    });
    expect(created.status, created.text).toBe(200);
    const bearer = String(created.body.token);
    const statuses: number[] = [];
    for (const base of [a.base, b.base, a.base, b.base, a.base, b.base]) {
      const response = await new HttpClient().post(
        base,
        "/auth/tokens",
        {},
        { bearer },
      );
      statuses.push(response.status);
      if (response.status === 429) {
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(response.headers.get("ratelimit-limit")).toBe("4");
        expect(response.headers.get("ratelimit-remaining")).toBe("0");
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });
});
