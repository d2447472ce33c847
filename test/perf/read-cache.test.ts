import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { isReadOnlyStatement } from "@/db/read-cache";
import { users } from "@/db/schema";
import { ADMIN_USER_DELETE_ROUTE } from "@/lib/admin/routes";
import type { Services } from "@/lib/server/services";
import { Agent } from "../support/agent";
import { PASSWORD } from "../support/app";
import { openTestDatabase } from "../support/database";
import { insertUser, servicesOn } from "../support/services";

// Decision record 018: on PGlite the session and token lookups are cached until the next write
// through the one connection. Every change that ends access is seen by the very next request;
// everything time-based is judged on every request from the cached row. The same tests run on
// PostgreSQL, where nothing is cached.
let database: Database & { truncate(): Promise<void> };
let services: Services;
let dataDir: string;
let now: Date;
const statements: string[] = [];
const ADMIN = "cache-admin@example.test";
const NEW_PASSWORD = "a-brand-new-password";
const GUEST = {
  user: null,
  authenticated: false,
  is_admin: false,
  verified: false,
  impersonating: false,
  two_factor_enabled: false,
  two_factor_required: false,
};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "auth-cache-"));
  database = await openTestDatabase({
    logQuery: (query) => statements.push(query),
  });
  services = servicesOn(database, dataDir, {
    AUTH_CONFIG_JSON: JSON.stringify({
      hashing: { rounds: 4 },
      admins: [ADMIN],
      limits: { "impersonation-max-duration": 300 },
    }),
  });
  services.now = () => now;
});
beforeEach(async () => {
  await database.truncate();
  now = new Date("2026-11-22T12:00:00Z");
});
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const advance = (seconds: number) =>
  (now = new Date(now.getTime() + seconds * 1000));
const unique = (name: string) =>
  `${name}-${Math.random().toString(36).slice(2)}@example.test`;

async function signedIn(email: string): Promise<Agent> {
  const agent = new Agent(services);
  await agent.csrf();
  expect(
    (await agent.post("/auth/login", { email, password: PASSWORD })).status,
  ).toBe(200);
  return agent;
}

/** A second browser holding a copy of `agent`'s cookies. */
function copyOf(agent: Agent): Agent {
  const copy = new Agent(services);
  for (const [name, value] of agent.cookies) copy.cookies.set(name, value);
  return copy;
}

async function token(
  email: string,
  options: Record<string, unknown> = {},
): Promise<string> {
  const guest = new Agent(services);
  await guest.csrf();
  return (
    await guest.post("/auth/create-token", {
      email,
      password: PASSWORD,
      name: "cache",
      ...options,
    })
  ).body.token as string;
}

const getAuth = (agent: Agent, bearer?: string) =>
  agent.get("/auth/get-auth", bearer ? { bearer } : {});

/**
 * get-auth until it answers from the cache on PGlite (no statement; a token's first use writes its
 * last_used_at, so the next read is a miss), from the database on PostgreSQL; signed in each time.
 * What follows is then a change the cache has to see.
 */
async function warm(agent: Agent, bearer?: string): Promise<void> {
  expect((await getAuth(agent, bearer)).body.authenticated).toBe(true);
  expect((await getAuth(agent, bearer)).body.authenticated).toBe(true);
  statements.length = 0;
  expect((await getAuth(agent, bearer)).body.authenticated).toBe(true);
  expect(statements).toHaveLength(database.kind === "pglite" ? 0 : 1);
}

describe("the embedded database's read cache (decision record 018)", () => {
  it("a logout is seen at once by a copy of the cookie", async () => {
    const email = unique("logout");
    await insertUser(database, email);
    const browser = await signedIn(email);
    const copy = copyOf(browser);
    await warm(copy);
    expect((await browser.post("/auth/logout")).status).toBe(200);
    expect((await getAuth(copy)).body).toEqual(GUEST);
  });

  it("a password change ends the user's other sessions at once, and keeps this one", async () => {
    const email = unique("password");
    await insertUser(database, email);
    const here = await signedIn(email);
    const elsewhere = await signedIn(email);
    await warm(elsewhere);
    await warm(here);
    const changed = await here.post("/auth/update-password", {
      old_password: PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(changed.status).toBe(200);
    expect((await getAuth(elsewhere)).body).toEqual(GUEST);
    expect((await getAuth(here)).body.authenticated).toBe(true);
  });

  it("a revoked token is refused at once", async () => {
    const email = unique("revoke");
    await insertUser(database, email);
    const plain = await token(email);
    const caller = new Agent(services);
    await warm(caller, plain);
    const revoked = await (
      await signedIn(email)
    ).post("/auth/revoke-token", { token_id: Number(plain.split("|")[0]) });
    expect(revoked.body).toEqual({ revoked: true });
    expect((await getAuth(caller, plain)).body).toEqual(GUEST);
  });

  it("an administrator's deletion ends the user's session and tokens at once", async () => {
    await insertUser(database, ADMIN);
    const email = unique("deleted");
    const user = await insertUser(database, email);
    const browser = await signedIn(email);
    const plain = await token(email);
    await warm(browser);
    await warm(new Agent(services), plain);
    const admin = await signedIn(ADMIN);
    const deleted = await admin.delete(`/api/admin/users/${user.id}`, {
      host: ADMIN_USER_DELETE_ROUTE,
      params: { id: String(user.id) },
    });
    expect(deleted.status).toBe(200);
    expect((await getAuth(browser)).body).toEqual(GUEST);
    expect((await getAuth(new Agent(services), plain)).body).toEqual(GUEST);
  });

  it("an impersonation's end is seen at once, and its maximum duration is judged on every request", async () => {
    await insertUser(database, ADMIN);
    const target = await insertUser(database, unique("target"));
    const admin = await signedIn(ADMIN);
    const issued = await admin.post("/auth/impersonate", {
      target_user_id: target.id,
    });
    expect(
      (await admin.get(new URL(issued.body.url as string).pathname)).status,
    ).toBe(200);
    const copy = copyOf(admin);
    await warm(copy);
    expect((await getAuth(copy)).body).toMatchObject({
      user: { id: target.id },
      impersonating: true,
    });
    advance(301);
    // Past the maximum with no write in between: the cached row is judged again, and the end deletes it.
    expect((await getAuth(copy)).body).toEqual(GUEST);

    const again = await admin.post("/auth/impersonate", {
      target_user_id: target.id,
    });
    expect(again.status).toBe(401); // the admin's browser held that impersonation: it is a guest's now
  });

  it("revert-impersonate is seen at once by a copy of the impersonating cookie", async () => {
    await insertUser(database, ADMIN);
    const target = await insertUser(database, unique("target"));
    const admin = await signedIn(ADMIN);
    const issued = await admin.post("/auth/impersonate", {
      target_user_id: target.id,
    });
    expect(
      (await admin.get(new URL(issued.body.url as string).pathname)).status,
    ).toBe(200);
    const copy = copyOf(admin);
    await warm(copy);
    expect((await admin.post("/auth/revert-impersonate")).status).toBe(200);
    expect((await getAuth(copy)).body).toEqual(GUEST);
    expect((await getAuth(admin)).body).toMatchObject({
      user: { email: ADMIN },
      impersonating: false,
    });
  });

  it("a session's lifetime and a token's expiry are judged on every request from the cached row", async () => {
    const email = unique("expiry");
    await insertUser(database, email);
    const browser = await signedIn(email);
    const plain = await token(email, {
      expires_at: new Date(now.getTime() + 90_000).toISOString(),
    });
    await warm(browser);
    await warm(new Agent(services), plain);
    advance(91);
    expect((await getAuth(new Agent(services), plain)).body).toEqual(GUEST);
    // SESSION_LIFETIME is 120 minutes: idle past it, the same cached row is a guest's.
    advance(120 * 60);
    expect((await getAuth(browser)).body).toEqual(GUEST);
  });

  it("a write by any path, even one the cache knows nothing of, is seen at once", async () => {
    const email = unique("raw");
    const user = await insertUser(database, email);
    const browser = await signedIn(email);
    await warm(browser);
    await database.db.execute(
      sql`update users set deleted_at = now() where id = ${user.id}`,
    );
    expect((await getAuth(browser)).body).toEqual(GUEST);
    await database.db
      .update(users)
      .set({ deletedAt: null })
      .where(eq(users.id, user.id));
    await warm(browser);
    await database.db.transaction(async (tx) => {
      await tx.execute(
        sql`update users set deleted_at = now() where id = ${user.id}`,
      );
    });
    expect((await getAuth(browser)).body).toEqual(GUEST);
  });
});

describe("which statements count as writes", () => {
  it("only a lone SELECT without side effects is a read", () => {
    expect(
      isReadOnlyStatement(
        `select "users"."id", "users"."updated_at", "users"."deleted_at" from "users" where "users"."deleted_at" is null`,
      ),
    ).toBe(true);
    for (const statement of [
      "insert into users (name) values ($1)",
      "update users set name = $1",
      "delete from sessions where id = $1",
      "with hit as (insert into rate_limits values ($1) returning *) select * from hit",
      "truncate table users",
      "select nextval('users_id_seq')",
      "select pg_advisory_lock(1)",
      "select set_config('search_path', 'x', false)",
      "select * into copy from users",
      "select * from users for update",
      "select 1; delete from users",
      "begin",
      "create table x (id int)",
    ]) {
      expect(isReadOnlyStatement(statement), statement).toBe(false);
    }
  });
});
