import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/passwords";
import { USER_AUTHENTICATION_LOG_ROUTE } from "@/lib/authentication-log/routes";
import { drainQueue } from "@/lib/mail/worker";
import { createServices, workerDeps } from "@/lib/runtime/services";
import type { Services } from "@/lib/server/services";
import { Agent } from "../support/agent";
import { PASSWORD, testEnv } from "../support/app";
import { openTestDatabase } from "../support/database";
import { readOutbox } from "../support/outbox";

const CHROME =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const FIREFOX =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:141.0) Gecko/20100101 Firefox/141.0";

// rappasoft/laravel-authentication-log's table made by Laravel's own DDL (its migration on
// PostgreSQL, with the later columns of the package's upgrades) and the rows its listeners wrote,
// before this server's migrations run: 0015 leaves them as they are (decision record 095).
const LARAVEL_DDL = [
  `create table "authentication_log" ("id" bigserial not null primary key, "authenticatable_type" varchar(255) not null, "authenticatable_id" bigint not null, "ip_address" varchar(45) null, "user_agent" text null, "login_at" timestamp(0) without time zone null, "login_url" varchar(255) null, "login_successful" boolean not null default '0', "logout_at" timestamp(0) without time zone null, "cleared_by_user" boolean not null default '0', "location" json null, "device_id" varchar(255) null, "is_trusted" boolean not null default '0')`,
  `create index "authentication_log_authenticatable_type_authenticatable_id_index" on "authentication_log" ("authenticatable_type", "authenticatable_id")`,
  // User 1 signed in from Chrome at the office, and signed out; then a failed attempt.
  `insert into "authentication_log" ("authenticatable_type", "authenticatable_id", "ip_address", "user_agent", "login_at", "login_url", "login_successful", "logout_at", "location", "device_id") values ('App\\Models\\User', 1, '198.51.100.7', '${CHROME}', '2025-06-01 08:00:00', 'https://example.com/login', true, '2025-06-01 17:00:00', '{"city":"Lyon","default":false}', 'abc123')`,
  `insert into "authentication_log" ("authenticatable_type", "authenticatable_id", "ip_address", "user_agent", "login_at", "login_successful") values ('App\\Models\\User', 1, '203.0.113.50', 'curl/8.0', '2025-06-02 08:00:00', false)`,
];

let database: Database;
let services: Services;
let dataDir = "";
beforeAll(async () => {
  database = await openTestDatabase({
    beforeMigrate: async (made) => {
      for (const statement of LARAVEL_DDL)
        await made.db.execute(sql.raw(statement));
    },
  });
  dataDir = mkdtempSync(path.join(tmpdir(), "auth-test-"));
  services = createServices(testEnv(dataDir), { database });
  await database.db.insert(users).values({
    name: "Laravel User",
    email: "taylor@example.com",
    password: await hashPassword(PASSWORD, 4),
    emailVerifiedAt: new Date(),
  });
});
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function signInFrom(ip: string, userAgent: string): Promise<Agent> {
  const agent = new Agent(services, ip);
  await agent.csrf();
  const login = await agent.post(
    "/auth/login",
    { email: "taylor@example.com", password: PASSWORD },
    { headers: { "user-agent": userAgent } },
  );
  expect(login.status).toBe(200);
  return agent;
}

async function newDeviceMails(): Promise<string[]> {
  while ((await drainQueue(workerDeps(services))) > 0);
  return readOutbox<{ subject: string }>(services.env.MAIL_OUTBOX_DIR)
    .map((mail) => mail.subject)
    .filter((subject) => subject.includes("new device"));
}

describe("a Laravel authentication_log table read as it is", () => {
  it("keeps its rows and columns; its devices are known; the activity screen lists them", async () => {
    // The device the package recorded is known: no mail.
    await signInFrom("198.51.100.7", CHROME);
    expect(await newDeviceMails()).toEqual([]);
    // A device it only saw fail is not.
    const agent = await signInFrom("203.0.113.50", FIREFOX);
    expect(await newDeviceMails()).toEqual([
      "Your account was signed in from a new device",
    ]);

    const listed = await agent.get(USER_AUTHENTICATION_LOG_ROUTE.path, {
      host: USER_AUTHENTICATION_LOG_ROUTE,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.total).toBe(4);
    expect(listed.body.data.slice(2)).toEqual([
      expect.objectContaining({
        ip_address: "203.0.113.50",
        login_at: "2025-06-02T08:00:00.000Z",
        login_successful: false,
      }),
      expect.objectContaining({
        ip_address: "198.51.100.7",
        browser: "Chrome 140",
        login_at: "2025-06-01T08:00:00.000Z",
        logout_at: "2025-06-01T17:00:00.000Z",
        login_successful: true,
        location: { city: "Lyon", default: false },
      }),
    ]);
    // The package's later columns stay, with their values and defaults.
    const kept = await database.db.execute(
      sql`select login_url, device_id, is_trusted from authentication_log order by id`,
    );
    const rows = Array.isArray(kept)
      ? kept
      : (kept as { rows: unknown[] }).rows;
    expect(rows).toEqual([
      {
        login_url: "https://example.com/login",
        device_id: "abc123",
        is_trusted: false,
      },
      { login_url: null, device_id: null, is_trusted: false },
      { login_url: null, device_id: null, is_trusted: false },
      { login_url: null, device_id: null, is_trusted: false },
    ]);
  });
});
