import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import {
  jobs,
  passwordResetTokens,
  personalAccessTokens,
  sessions,
  users,
} from "@/db/schema";
import { verifyPassword } from "@/lib/auth/passwords";
import { mailQueueKey } from "@/lib/crypto/secrets";
import {
  enqueueMail,
  openMailJob,
  type JobPayload,
  type MailJob,
} from "@/lib/mail/queue";
import { lastBackup } from "@/lib/operations/backup-record";
import { TEST_SECRET } from "../support/app";
import { type CliTarget, createCliTarget, runCli } from "./run-cli";

// Every command run to its end as `npm run auth` runs it, in this process (test/cli/run-cli.ts;
// the entry as a process of its own: start-up.test.ts), on PGlite (a temporary DATA_DIR) or,
// with DATABASE_URL, a temporary database on that PostgreSQL server. Each command opens the
// database of its environment and closes it when it ends.
let target: CliTarget;
const cli = (
  args: string[],
  options: { stdin?: string; env?: Record<string, string> } = {},
) => runCli({ ...target.env, ...options.env }, args, options.stdin);

/** Runs `check` on the command's database, opened only for it between two commands (PGlite's data directory is one client's at a time). */
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
});
afterAll(async () => {
  await target?.dispose();
});

describe("npm run auth", () => {
  it("is the package script", () => {
    const pkg = JSON.parse(
      readFileSync(
        path.resolve(import.meta.dirname, "../../package.json"),
        "utf8",
      ),
    ) as { scripts: Record<string, string> };
    expect(pkg.scripts.auth).toBe("tsx --conditions=react-server cli/auth.ts");
  });

  it("create-user: a verified administrator with the password from stdin; bad input refused with a clear message", async () => {
    const created = await cli(
      [
        "create-user",
        "--name",
        "Ada",
        "--email",
        "ada@example.com",
        "--admin",
        "--password-stdin",
      ],
      { stdin: "a-long-password\n" },
    );
    expect(created.stderr).toBe("");
    expect(created.status).toBe(0);
    expect(created.stdout).toBe(
      "Created user 1 <ada@example.com>, verified, administrator.\n",
    );
    const admins = await cli(["setting", "get", "admins"]);
    expect(admins.stdout).toBe('admins = ["ada@example.com"] (settings)\n');
    await onDatabase(async ({ db }) => {
      const [ada] = await db.select().from(users).where(eq(users.id, 1));
      expect(ada?.emailVerifiedAt).toBeInstanceOf(Date);
      expect(await verifyPassword("a-long-password", ada?.password ?? "")).toBe(
        true,
      );
    });

    const generated = await cli([
      "create-user",
      "--name",
      "Bob",
      "--email",
      "bob@example.com",
    ]);
    expect(generated.status).toBe(0);
    expect(generated.stdout).toMatch(
      /^Created user 2 <bob@example.com>, verified\.\nPassword \(shown once; change it after signing in\): \S{24}\n$/,
    );

    const taken = await cli([
      "create-user",
      "--name",
      "Ada",
      "--email",
      "ADA@example.com",
    ]);
    expect([taken.status, taken.stderr]).toEqual([
      1,
      "The email has already been taken.\n",
    ]);
    const badEmail = await cli([
      "create-user",
      "--name",
      "X",
      "--email",
      "not-an-address",
    ]);
    expect([badEmail.status, badEmail.stderr]).toEqual([
      1,
      "The email field must be a valid email address.\n",
    ]);
    const short = await cli(
      [
        "create-user",
        "--name",
        "X",
        "--email",
        "x@example.com",
        "--password-stdin",
      ],
      { stdin: "short" },
    );
    expect([short.status, short.stderr]).toEqual([
      1,
      "The password field must be at least 8 characters.\n",
    ]);
    const missing = await cli(["create-user", "--email", "x@example.com"]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain(
      "required option '--name <name>' not specified",
    );
  });

  it("setting: reads, changes (validated, audited) and resets a runtime setting", async () => {
    expect((await cli(["setting", "get", "password.length"])).stdout).toBe(
      "password.length = 8 (start-up configuration)\n",
    );
    const set = await cli(["setting", "set", "password.length", "12"]);
    expect([set.status, set.stdout]).toEqual([
      0,
      "password.length: 8 → 12 (in force on every instance within seconds)\n",
    ]);
    expect((await cli(["setting", "get", "password.length"])).stdout).toBe(
      "password.length = 12 (settings)\n",
    );
    const redirect = await cli([
      "setting",
      "set",
      "routes.redirects.login",
      "/welcome",
    ]);
    expect(redirect.status).toBe(0);

    const wrongType = await cli(["setting", "set", "password.length", "long"]);
    expect(wrongType.status).toBe(1);
    expect(wrongType.stderr).toMatch(/^Minimum length must be a whole number/);
    const locked = await cli(["setting", "set", "hashing.rounds", "10"]);
    expect([locked.status, locked.stderr]).toEqual([
      1,
      "The setting hashing.rounds cannot be changed here.\n",
    ]);
    const unknown = await cli(["setting", "get", "no.such.key"]);
    expect([unknown.status, unknown.stderr]).toEqual([
      1,
      "There is no setting no.such.key.\n",
    ]);

    const reset = await cli(["setting", "reset", "password.length"]);
    expect([reset.status, reset.stdout]).toEqual([
      0,
      "password.length: back to 8 (start-up value 8)\n",
    ]);
    expect((await cli(["setting", "reset", "password.length"])).stdout).toBe(
      "password.length is not changed by a setting: nothing to do.\n",
    );
  });

  it("export-user prints the user's data as JSON and no secret; delete-user ends their sessions", async () => {
    await onDatabase(async ({ db }) => {
      await db.insert(sessions).values({
        id: "s-hash-1",
        userId: 2,
        ipAddress: "192.0.2.1",
        userAgent: "UA",
        payload: "{}",
        lastActivity: Math.floor(Date.now() / 1000),
      });
      await db.insert(personalAccessTokens).values({
        tokenableType: "App\\Models\\User",
        tokenableId: 2,
        name: "ci",
        token: "f".repeat(64),
        abilities: '["*"]',
      });
    });
    const exported = await cli(["export-user", "2"]);
    expect(exported.status).toBe(0);
    const data = JSON.parse(exported.stdout) as Record<string, unknown> & {
      account: { email: string };
      sessions: unknown[];
      tokens: { name: string }[];
    };
    expect(data.account.email).toBe("bob@example.com");
    expect(data.sessions).toEqual([
      expect.objectContaining({ ip_address: "192.0.2.1", user_agent: "UA" }),
    ]);
    expect(data.tokens.map((token) => token.name)).toEqual(["ci"]);
    for (const secret of ["$2", "s-hash-1", "f".repeat(64), "password"])
      expect(exported.stdout).not.toContain(secret);

    const unknown = await cli(["export-user", "99"]);
    expect([unknown.status, unknown.stdout, unknown.stderr]).toEqual([
      1,
      "",
      "There is no user with id 99.\n",
    ]);
    expect((await cli(["export-user", "two"])).stderr).toBe(
      '"two" is not a user id (a positive whole number).\n',
    );

    const deleted = await cli(["delete-user", "2"]);
    expect([deleted.status, deleted.stdout]).toEqual([
      0,
      "Deleted user 2; their sessions and tokens have ended.\n",
    ]);
    const again = await cli(["delete-user", "2"]);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(
      /^User 2 is already deleted \(since .+\)\.\n$/,
    );
    await onDatabase(async ({ db }) => {
      expect(
        await db.select().from(sessions).where(eq(sessions.userId, 2)),
      ).toEqual([]);
      expect(
        (await db.select().from(users).where(eq(users.id, 2)))[0]?.deletedAt,
      ).toBeInstanceOf(Date);
    });
    expect(
      JSON.parse((await cli(["export-user", "2"])).stdout).account.deleted_at,
    ).toEqual(expect.any(String));
  });

  it("prune deletes what has expired now, and says how much", async () => {
    const longAgo = new Date(Date.now() - 90 * 86_400_000);
    await onDatabase(async ({ db }) => {
      await db.insert(sessions).values({
        id: "old-session",
        userId: 1,
        payload: "{}",
        lastActivity: Math.floor(longAgo.getTime() / 1000),
      });
      await db
        .insert(passwordResetTokens)
        .values({ email: "ada@example.com", token: "x", createdAt: longAgo });
      await db.insert(personalAccessTokens).values({
        tokenableType: "App\\Models\\User",
        tokenableId: 1,
        name: "old",
        token: "e".repeat(64),
        expiresAt: longAgo,
      });
    });
    const pruned = await cli(["prune"]);
    expect(pruned.status).toBe(0);
    expect(pruned.stdout).toContain("sessions: 1 deleted\n");
    expect(pruned.stdout).toContain("password_reset_tokens: 1 deleted\n");
    expect(pruned.stdout).toContain("personal_access_tokens: 1 deleted\n");
    await onDatabase(async ({ db }) => {
      expect(
        await db.select().from(sessions).where(eq(sessions.id, "old-session")),
      ).toEqual([]);
      expect(await db.select().from(passwordResetTokens)).toEqual([]);
    });
  });

  it("reencrypt moves queued mail from OLD_SESSION_SECRET to the new SESSION_SECRET", async () => {
    const newSecret = "a-new-session-secret-of-at-least-32-characters";
    await onDatabase(async ({ db }) => {
      await enqueueMail(
        db,
        {
          to: ["ada@example.com"],
          subject: "Reset",
          text: "link",
          html: "<p>link</p>",
        },
        new Date(),
        mailQueueKey(TEST_SECRET),
      );
    });
    const refused = await cli(["reencrypt"], {
      env: { SESSION_SECRET: newSecret },
    });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("OLD_SESSION_SECRET is not set");
    const same = await cli(["reencrypt"], {
      env: { OLD_SESSION_SECRET: TEST_SECRET },
    });
    expect(same.status).toBe(1);

    const moved = await cli(["reencrypt"], {
      env: { SESSION_SECRET: newSecret, OLD_SESSION_SECRET: TEST_SECRET },
    });
    expect(moved.status).toBe(0);
    expect(moved.stdout).toContain(
      "mail queue (jobs, failed_jobs): 1 re-encrypted, 0 unchanged, 0 unreadable under either key\n",
    );
    const payload = await onDatabase(
      async ({ db }) =>
        JSON.parse(
          (await db.select().from(jobs))[0]?.payload ?? "{}",
        ) as JobPayload & MailJob,
    );
    expect(openMailJob(payload, mailQueueKey(newSecret)).subject).toBe("Reset");
    expect(() => openMailJob(payload, mailQueueKey(TEST_SECRET))).toThrow();
    // Run again (a run that stopped half-way): nothing left to do.
    const again = await cli(["reencrypt"], {
      env: { SESSION_SECRET: newSecret, OLD_SESSION_SECRET: TEST_SECRET },
    });
    expect(again.stdout).toContain(
      "mail queue (jobs, failed_jobs): 0 re-encrypted, 1 unchanged, 0 unreadable under either key\n",
    );
  });

  // PostgreSQL is backed up with pg_dump, which the command refuses to stand in for.
  it.skipIf(process.env.DATABASE_URL)(
    "backup writes the copy and records when, for the health panel (decision record 096)",
    async () => {
      const file = path.join(target.env.DATA_DIR ?? "", "copy.tar.gz");
      const backup = await cli(["backup", file]);
      expect(backup.stderr).toBe("");
      expect(backup.status).toBe(0);
      const recorded = lastBackup(target.env.DATA_DIR ?? "");
      expect(recorded?.bytes).toBe(statSync(file).size);
      expect(Date.now() - (recorded?.at.getTime() ?? 0)).toBeLessThan(60_000);
    },
  );

  it("refuses an unknown command, exit code 1", async () => {
    const unknown = await cli(["frobnicate"]);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain("unknown command 'frobnicate'");
  });
});
