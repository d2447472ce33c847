import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/passwords";
import { createServices } from "@/lib/runtime/services";
import type { Services } from "@/lib/server/services";
import { SWITCH_TEAM } from "@/lib/teams/routes";
import { Agent } from "../support/agent";
import { PASSWORD, testEnv } from "../support/app";
import { openTestDatabase } from "../support/database";

// Jetstream's tables made by Laravel's own DDL (its three migrations, on PostgreSQL) before this
// server's migrations run: 0013 leaves them and their rows as they are (decision record 087).
const JETSTREAM_DDL = [
  `create table "teams" ("id" bigserial not null primary key, "user_id" bigint not null, "name" varchar(255) not null, "personal_team" boolean not null, "created_at" timestamp(0) without time zone null, "updated_at" timestamp(0) without time zone null)`,
  `create index "teams_user_id_index" on "teams" ("user_id")`,
  `create table "team_user" ("id" bigserial not null primary key, "team_id" bigint not null, "user_id" bigint not null, "role" varchar(255) null, "created_at" timestamp(0) without time zone null, "updated_at" timestamp(0) without time zone null)`,
  `alter table "team_user" add constraint "team_user_team_id_user_id_unique" unique ("team_id", "user_id")`,
  `create table "team_invitations" ("id" bigserial not null primary key, "team_id" bigint not null, "email" varchar(255) not null, "role" varchar(255) null, "created_at" timestamp(0) without time zone null, "updated_at" timestamp(0) without time zone null)`,
  `alter table "team_invitations" add constraint "team_invitations_team_id_foreign" foreign key ("team_id") references "teams" ("id") on delete cascade`,
  `alter table "team_invitations" add constraint "team_invitations_team_id_email_unique" unique ("team_id", "email")`,
  // CreateTeam and AddTeamMember's rows: user 1 owns "Laravel", user 2 is its editor.
  `insert into "teams" ("user_id", "name", "personal_team", "created_at", "updated_at") values (1, 'Laravel', false, '2025-01-01 00:00:00', '2025-01-01 00:00:00')`,
  `insert into "team_user" ("team_id", "user_id", "role", "created_at", "updated_at") values (1, 2, 'editor', '2025-01-01 00:00:00', '2025-01-01 00:00:00')`,
];

let database: Database;
let services: Services;
let dataDir = "";
beforeAll(async () => {
  database = await openTestDatabase({
    beforeMigrate: async (made) => {
      for (const statement of JETSTREAM_DDL)
        await made.db.execute(sql.raw(statement));
    },
  });
  dataDir = mkdtempSync(path.join(tmpdir(), "auth-test-"));
  services = createServices(
    testEnv(dataDir, { auth: { teams: { enabled: true } } }),
    { database },
  );
  const password = await hashPassword(PASSWORD, 4);
  for (const email of ["taylor@example.com", "dries@example.com"])
    await database.db.insert(users).values({
      name: "Jetstream User",
      email,
      password,
      emailVerifiedAt: new Date(),
    });
});
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function signedIn(email: string): Promise<Agent> {
  const agent = new Agent(services);
  await agent.csrf();
  const login = await agent.post("/auth/login", { email, password: PASSWORD });
  expect(login.status).toBe(200);
  return agent;
}

describe("a database Jetstream made", () => {
  it("keeps its tables and rows; its member sees the team and switches to it", async () => {
    const constraints = await database.db.execute(
      sql`select conname from pg_constraint where conrelid = 'team_invitations'::regclass and contype = 'f'`,
    );
    const rows = Array.isArray(constraints)
      ? constraints
      : (constraints as { rows: unknown[] }).rows;
    expect(rows).toEqual([{ conname: "team_invitations_team_id_foreign" }]);

    const member = await signedIn("dries@example.com");
    const seen = (await member.get("/auth/get-auth")).body.user;
    expect(seen.all_teams).toEqual([
      expect.objectContaining({
        id: 1,
        name: "Laravel",
        membership: expect.objectContaining({ role: "editor" }),
      }),
    ]);
    expect(
      (await member.put("/current-team", { team_id: 1 }, { host: SWITCH_TEAM }))
        .status,
    ).toBe(200);
    expect((await member.get("/auth/get-auth")).body.user.current_team_id).toBe(
      1,
    );
    const owner = await signedIn("taylor@example.com");
    expect(
      (await owner.get("/auth/get-auth")).body.user.all_teams[0].user_id,
    ).toBe(1);
  });
});
