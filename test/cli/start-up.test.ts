import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tsxCommand } from "./run-cli";

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
describe("npm run auth, before a command runs", { timeout: 60_000 }, () => {
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
