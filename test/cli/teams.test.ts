import { asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { activityLog, teams, teamUser, users } from "@/db/schema";
import { type CliTarget, createCliTarget, runCli } from "./run-cli";

// team:create, team:add-member and team:list run in this process as `npm run auth` runs them
// (test/cli/run-cli.ts), on PGlite or, with DATABASE_URL, a temporary PostgreSQL database; the
// rows checked are the ones Jetstream's CreateTeam and AddTeamMember write.
let target: CliTarget;
const cli = (args: string[], env: Record<string, string> = {}) =>
  runCli({ ...target.env, ...env }, args);

async function onDatabase<T>(
  check: (database: Database) => Promise<T>,
): Promise<T> {
  const database = target.open();
  try {
    return await check(database);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  target = await createCliTarget();
  for (const [name, email] of [
    ["Ada", "ada@example.com"],
    ["Bob", "bob@example.com"],
    ["Cy", "cy@example.com"],
  ] as const) {
    const made = await cli(["create-user", "--name", name, "--email", email]);
    if (made.status !== 0) throw new Error(made.stderr);
  }
});
afterAll(async () => {
  await target?.dispose();
});

describe("npm run auth -- team:*", () => {
  it("team:create makes a team owned by the user, switched to, as Jetstream's CreateTeam; bad input refused", async () => {
    const created = await cli([
      "team:create",
      "ada@example.com",
      "  Research  ",
    ]);
    expect([created.status, created.stderr, created.stdout]).toEqual([
      0,
      "",
      "1\n",
    ]);
    await onDatabase(async ({ db }) => {
      const [team] = await db.select().from(teams).where(eq(teams.id, 1));
      expect(team).toMatchObject({
        userId: 1,
        name: "Research",
        personalTeam: false,
      });
      expect(team?.createdAt).toBeInstanceOf(Date);
      const [ada] = await db.select().from(users).where(eq(users.id, 1));
      expect(ada?.currentTeamId).toBe(1);
      expect(await db.select().from(teamUser)).toEqual([]);
      const [entry] = await db
        .select()
        .from(activityLog)
        .where(eq(activityLog.event, "team-created"));
      expect(entry).toMatchObject({ subjectId: 1, causerId: null });
      expect(entry?.properties).toEqual({ ip: "cli", team_id: 1 });
    });

    const unknown = await cli(["team:create", "nobody@example.com", "X"]);
    expect([unknown.status, unknown.stderr]).toEqual([
      1,
      "There is no user <nobody@example.com>.\n",
    ]);
    const long = await cli(["team:create", "ada@example.com", "x".repeat(256)]);
    expect([long.status, long.stderr]).toEqual([
      1,
      "The name field must not be greater than 255 characters.\n",
    ]);
    const blank = await cli(["team:create", "ada@example.com", "   "]);
    expect([blank.status, blank.stderr]).toEqual([
      1,
      "The name field is required.\n",
    ]);
    await onDatabase(async ({ db }) => {
      expect(await db.select().from(teams)).toHaveLength(1);
    });
  });

  it("team:add-member adds a user with a role as Jetstream's AddTeamMember; the owner, a member, an unknown role, user or team refused", async () => {
    const added = await cli([
      "team:add-member",
      "1",
      "BOB@example.com",
      "--role",
      "editor",
    ]);
    expect([added.status, added.stderr, added.stdout]).toEqual([
      0,
      "",
      "Added <bob@example.com> to team 1 as editor.\n",
    ]);
    await onDatabase(async ({ db }) => {
      const rows = await db
        .select({
          teamId: teamUser.teamId,
          userId: teamUser.userId,
          role: teamUser.role,
          createdAt: teamUser.createdAt,
        })
        .from(teamUser);
      expect(rows).toEqual([
        { teamId: 1, userId: 2, role: "editor", createdAt: expect.any(Date) },
      ]);
      const [entry] = await db
        .select()
        .from(activityLog)
        .where(eq(activityLog.event, "team-member-added"));
      expect(entry).toMatchObject({ subjectId: 2, causerId: null });
      expect(entry?.properties).toEqual({
        ip: "cli",
        team_id: 1,
        role: "editor",
      });
    });

    const refusals: [string[], string][] = [
      [
        ["team:add-member", "1", "cy@example.com", "--role", "owner"],
        "There is no role owner; the roles are: admin, editor.\n",
      ],
      [
        ["team:add-member", "1", "bob@example.com", "--role", "admin"],
        "This user already belongs to the team.\n",
      ],
      [
        ["team:add-member", "1", "ada@example.com", "--role", "admin"],
        "This user already belongs to the team.\n",
      ],
      [
        ["team:add-member", "1", "nobody@example.com", "--role", "admin"],
        "There is no user <nobody@example.com>.\n",
      ],
      [
        ["team:add-member", "9", "cy@example.com", "--role", "admin"],
        "There is no team 9.\n",
      ],
      [
        ["team:add-member", "x", "cy@example.com", "--role", "admin"],
        "There is no team x.\n",
      ],
    ];
    for (const [args, message] of refusals) {
      const refused = await cli(args);
      expect([args, refused.status, refused.stderr]).toEqual([
        args,
        1,
        message,
      ]);
    }
    const noRole = await cli(["team:add-member", "1", "cy@example.com"]);
    expect(noRole.status).toBe(1);
    expect(noRole.stderr).toContain("required option '--role <key>'");

    const full = await cli(
      ["team:add-member", "1", "cy@example.com", "--role", "admin"],
      {
        AUTH_CONFIG_JSON: JSON.stringify({
          hashing: { rounds: 4 },
          teams: { "max-members": 1 },
        }),
      },
    );
    expect([full.status, full.stderr]).toEqual([
      1,
      "This team has reached its member limit.\n",
    ]);
    await onDatabase(async ({ db }) => {
      const rows = await db
        .select({ userId: teamUser.userId })
        .from(teamUser)
        .orderBy(asc(teamUser.userId));
      expect(rows).toEqual([{ userId: 2 }]);
      const added = await db
        .select()
        .from(activityLog)
        .where(inArray(activityLog.event, ["team-member-added"]));
      expect(added).toHaveLength(1);
    });
  });

  it("team:list lists a user's teams (owned and joined) or every team", async () => {
    const bob = await cli(["team:list", "bob@example.com"]);
    expect([bob.status, bob.stdout]).toEqual([
      0,
      "1\tResearch\towner 1\trole editor\n",
    ]);
    const all = await cli(["team:list"]);
    expect(all.stdout).toBe("1\tResearch\towner 1\n");
    const cy = await cli(["team:list", "cy@example.com"]);
    expect([cy.status, cy.stdout]).toEqual([0, ""]);
  });
});
