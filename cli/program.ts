import "server-only";
import { Command } from "commander";
import { COMMANDS } from "@/cli/commands";
import type { Io } from "@/cli/context";

/** `npm run auth -- <command>`: every command of cli/commands/index.ts (decision record 020). */
export function buildProgram(io: Io): Command {
  const program = new Command("auth")
    .description(
      "Operate the authentication server: accounts, pruning, data export, keys, settings; sign in to a running one.",
    )
    .showHelpAfterError()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr });
  for (const command of COMMANDS) command(program, io);
  return program;
}
