import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { users } from "@/db/schema";
import { verifyPassword } from "@/lib/auth/passwords";
import { createCliTarget, startCli, tsxCommand } from "./run-cli";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The module files the command line has loaded once its commands are declared, before one runs. */
function loadedByTheProgram(): string[] {
  const command = tsxCommand("test/cli/loaded-modules.ts");
  const out = execFileSync(command.file, command.args, {
    cwd: ROOT,
    encoding: "utf8",
  });
  return JSON.parse(out) as string[];
}

// `--help` and the commands that speak HTTP to a running server (login, whoami, logout) need
// none of the server: a command loads what it runs when it runs (cli/context.ts, withServices).
// Loaded at the top, the server is about a thousand modules, about two seconds of CPU on this
// machine before every command (decision record 020, amendment of 2026-11-29).
describe("npm run auth, before a command runs", () => {
  it("has loaded no part of the server: no services, database client, ORM or route table", () => {
    const loaded = loadedByTheProgram();
    expect(loaded).toContain(path.join("cli", "program.ts"));
    const server = loaded.filter((file) =>
      /^(lib\/runtime\/(services|routes)\.ts|db\/(client|schema)|node_modules\/(drizzle-orm|postgres|@electric-sql)\/)/.test(
        file,
      ),
    );
    expect(server).toEqual([]);
    expect(loaded.length).toBeLessThan(300);
  });
});

// The commands run in process in commands.test.ts, through the function cli/auth.ts calls. What
// only the entry does is proven here, on the process itself: its arguments, environment and
// standard input reach the command, and its exit code is the command's, commander's refusals
// included. The login tests (login.test.ts) run their commands as processes too, exit codes 0 and 1.
describe("npm run auth, as a process of its own", () => {
  it("reads the password from its stdin and its database from its environment, and exits 0; an unknown command exits 1", async () => {
    const target = await createCliTarget();
    try {
      const created = await startCli(
        target.env,
        [
          "create-user",
          "--name",
          "Ada",
          "--email",
          "ada@example.com",
          "--password-stdin",
        ],
        "a-long-password\n",
      ).exited;
      expect(created).toEqual({
        status: 0,
        stdout: "Created user 1 <ada@example.com>, verified.\n",
        stderr: "",
      });
      const database = target.open();
      try {
        const [ada] = await database.db.select().from(users);
        expect(
          await verifyPassword("a-long-password", ada?.password ?? ""),
        ).toBe(true);
      } finally {
        await database.close();
      }
      const unknown = await startCli(target.env, ["frobnicate"]).exited;
      expect(unknown.status).toBe(1);
      expect(unknown.stderr).toContain("unknown command 'frobnicate'");
    } finally {
      await target.dispose();
    }
  });
});
