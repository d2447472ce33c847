import {
  cpSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type AppInstance, startInstance } from "../support/app-instance";
import { HttpClient, type HttpResponse } from "../support/http-client";
import { type LoadBalancer, startLoadBalancer } from "../support/load-balancer";
import { messagesByRecipient, waitForMessages } from "../support/outbox";
import { scratchDatabase } from "../support/scratch-database";
import { copyStandalone } from "../support/standalone-copy";

// Decision records 040 and 041: a rolling upgrade. Two instances of the old version share one
// PostgreSQL database behind a load balancer; the new version brings a migration that adds a
// column (the expand step). The instances are replaced one at a time while clients sign in, read
// get-auth, create tokens and register: no request fails, no session is lost, and every
// registration's mail is sent exactly once.
const PASSWORD = "plum-orbit-4812";
const CLIENTS = 4;
/** The new version's migration: expand only, so the old version keeps working beside it. */
const EXPAND_MIGRATION = {
  tag: "0100_users_time_zone",
  sql: `ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "time_zone" text DEFAULT 'UTC' NOT NULL;`,
};

let database: { url: string; drop(): Promise<void> };
let work: string;
let folders: string | undefined;
let balancer: LoadBalancer | undefined;
const instances: AppInstance[] = [];

const byte = () => Math.floor(Math.random() * 250) + 1;
/** Each request from an address of its own: the per-address throttles never see the load. */
const address = () => `10.${byte()}.${byte()}.${byte()}`;

/** The old version's folder, and the new one's: the same build plus the migration. */
function versions(): { old: string; upgraded: string } {
  const old = copyStandalone("rolling");
  const upgraded = path.join(path.dirname(old), "upgraded");
  cpSync(old, upgraded, { recursive: true, verbatimSymlinks: true });
  const migrations = path.join(upgraded, "db", "migrations");
  writeFileSync(
    path.join(migrations, `${EXPAND_MIGRATION.tag}.sql`),
    EXPAND_MIGRATION.sql,
  );
  const journalFile = path.join(migrations, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as {
    entries: { idx: number; when: number; tag: string }[];
  };
  const last = journal.entries.at(-1);
  journal.entries.push({
    ...last,
    idx: (last?.idx ?? 0) + 1,
    when: Date.now(),
    tag: EXPAND_MIGRATION.tag,
  } as { idx: number; when: number; tag: string });
  writeFileSync(journalFile, JSON.stringify(journal, null, 2));
  return { old, upgraded };
}

beforeAll(async () => {
  database = await scratchDatabase("rolling");
  work = mkdtempSync(path.join(tmpdir(), "rolling-outbox-"));
});

afterAll(async () => {
  await balancer?.close();
  await Promise.all(instances.map((instance) => instance.dispose()));
  await database?.drop();
  rmSync(work, { recursive: true, force: true });
  if (folders) rmSync(folders, { recursive: true, force: true });
});

type Tally = {
  requests: number;
  failures: string[];
  byRoute: Record<string, number>;
};

it("replaces both instances one at a time: no failed request, no session lost, each mail sent once", async () => {
  const { old, upgraded } = versions();
  folders = path.dirname(old);
  const env = {
    DATABASE_URL: database.url,
    SESSION_SECRET: "rolling-upgrade-secret-that-is-32-characters-long",
    SESSION_SECURE_COOKIE: "false",
    MAIL_DRIVER: "outbox",
    MAIL_OUTBOX_DIR: work,
    // The clients' own address is one hop left of the load balancer's (a client-side proxy each).
    TRUST_PROXY: "2",
    AUTH_CONFIG_JSON: JSON.stringify({
      hashing: { rounds: 4 },
      limiters: {
        credentials: [{ by: "email", max: 100_000, minutes: 10 }],
        register: [{ by: "ip", max: 100_000, minutes: 10 }],
      },
    }),
  };
  const started = await Promise.all([
    startInstance(env, { folder: old }),
    startInstance(env, { folder: old }),
  ]);
  instances.push(...started);
  const lb = await startLoadBalancer(started.map((each) => each.port));
  balancer = lb;
  await lb.allHealthy();

  const tally: Tally = { requests: 0, failures: [], byRoute: {} };
  const count = (route: string, response: HttpResponse, expected = 200) => {
    tally.requests++;
    tally.byRoute[route] = (tally.byRoute[route] ?? 0) + 1;
    if (response.status !== expected)
      tally.failures.push(
        `${route}: ${response.status} ${response.text.slice(0, 200)}`,
      );
    return response;
  };
  const registeredEmails: string[] = [];
  const register = async () => {
    const email = `rolling-${registeredEmails.length}-${Date.now()}@example.test`;
    const client = new HttpClient(address());
    count("csrf-cookie", await client.csrf(lb.base), 204);
    const response = count(
      "register",
      await client.post(lb.base, "/auth/register", {
        name: "Rolling",
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
      }),
    );
    if (response.status === 200) registeredEmails.push(email);
    return { client, email };
  };
  // Sessions opened before the upgrade, checked all along and at the end.
  const users = [];
  for (let index = 0; index < CLIENTS; index++) users.push(await register());

  let running = true;
  const loop = async (
    user: { client: HttpClient; email: string },
    index: number,
  ) => {
    while (running) {
      const session = count(
        "get-auth",
        await user.client.get(lb.base, "/auth/get-auth"),
      );
      if (session.body.authenticated !== true)
        tally.failures.push(`session of ${user.email} lost`);
      const guest = new HttpClient(address());
      count("csrf-cookie", await guest.csrf(lb.base), 204);
      count(
        "login",
        await guest.post(lb.base, "/auth/login", {
          email: user.email,
          password: PASSWORD,
        }),
      );
      count("get-auth", await guest.get(lb.base, "/auth/get-auth"));
      const tokenClient = new HttpClient(address());
      count("csrf-cookie", await tokenClient.csrf(lb.base), 204);
      const token = count(
        "create-token",
        await tokenClient.post(lb.base, "/auth/create-token", {
          email: user.email,
          password: PASSWORD,
          name: "rolling",
        }),
      );
      const bearer = count(
        "get-auth (bearer)",
        await new HttpClient(address()).get(lb.base, "/auth/get-auth", {
          bearer: String(token.body.token),
        }),
      );
      if (bearer.body.authenticated !== true)
        tally.failures.push(`token of ${user.email} refused`);
      if (index === 0) await register();
    }
  };
  const traffic = Promise.all(users.map(loop));
  const settle = (ms: number) =>
    new Promise((resolve) => setTimeout(resolve, ms));

  await settle(2000);
  for (const current of started) {
    expect(await current.stop()).toEqual({ code: 0, signal: null });
    const replacement = await startInstance(env, {
      folder: upgraded,
      port: current.port,
    });
    instances.push(replacement);
    await lb.allHealthy();
    await settle(2000);
  }
  running = false;
  await traffic;

  expect(tally.failures).toEqual([]);
  expect(tally.byRoute["create-token"]).toBeGreaterThan(10);
  // The expanded column is there, and every account has it, whichever version created it.
  const sql = postgres(database.url, { max: 1, onnotice: () => {} });
  const rows = await sql<{ time_zone: string }[]>`select time_zone from users`;
  await sql.end();
  expect(rows.length).toBe(registeredEmails.length);
  expect(new Set(rows.map((row) => row.time_zone))).toEqual(new Set(["UTC"]));
  // Each registration's verification mail, exactly once.
  await waitForMessages(work, registeredEmails);
  await settle(2000);
  const counts = messagesByRecipient(work, /Verify Email Address/);
  for (const email of registeredEmails)
    expect(counts.get(email), email).toBe(1);
  // …and each token's notice to its owner (decision record 028), exactly once.
  const noticesSent = () =>
    [
      ...messagesByRecipient(work, /new way to sign in was added/).values(),
    ].reduce((sum, n) => sum + n, 0);
  for (
    const deadline = Date.now() + 15_000;
    noticesSent() < (tally.byRoute["create-token"] ?? 0) &&
    Date.now() < deadline;
  )
    await settle(200);
  expect(noticesSent()).toBe(tally.byRoute["create-token"]);
  console.log(
    `rolling upgrade: ${tally.requests} requests (${Object.entries(
      tally.byRoute,
    )
      .map(([route, n]) => `${route} ${n}`)
      .join(
        ", ",
      )}), ${tally.failures.length} failed; ${lb.retried()} refused connections retried on the other instance; ${registeredEmails.length} registrations, each mailed once`,
  );
}, 180_000);
