import "server-only";
import { Command, CommanderError } from "commander";
import { COMMANDS } from "@/cli/commands";
import { describeFailure, type Io } from "@/cli/context";

/** `npm run auth -- <command>`: every command of cli/commands/index.ts (decision record 020). */
export function buildProgram(io: Io): Command {
  const program = new Command("auth")
    .description(
      "Operate the authentication server: accounts, pruning, data export, keys, settings; sign in to a running one.",
    )
    .showHelpAfterError()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    // Commander's own ends (a refused option, an unknown command, help shown) throw instead of
    // ending the process: runCommandLine turns them into the exit code. The commands declared
    // below inherit it.
    .exitOverride();
  for (const command of COMMANDS) command(program, io);
  return program;
}

/**
 * Runs one command line (`args` after the script's name) to its end and gives its exit code:
 * commander's own, or 1 for a command's refused input or failure, whose message it prints on
 * stderr. cli/auth.ts runs the process's; the command-line tests run theirs in process.
 */
export async function runCommandLine(
  args: readonly string[],
  io: Io,
): Promise<number> {
  try {
    await buildProgram(io).parseAsync(args, { from: "user" });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    io.stderr(`${describeFailure(error)}\n`);
    return 1;
  }
}
