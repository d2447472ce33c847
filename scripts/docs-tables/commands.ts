import { Command } from "commander";
import { buildProgram } from "@/cli/program";
import { code, markdownTable } from "./markers";

// docs/operating.md "Command line": every command of `npm run auth`, as its --help says it.
function rows(command: Command, prefix: string): string[][] {
  const name = `${prefix}${command.name()}`;
  if (command.commands.length)
    return command.commands.flatMap((sub) => rows(sub, `${name} `));
  const args = command.registeredArguments.map((arg) =>
    arg.required ? `<${arg.name()}>` : `[${arg.name()}]`,
  );
  const options = command.options.map((option) =>
    option.mandatory ? option.flags : `[${option.flags}]`,
  );
  return [[code([name, ...args, ...options].join(" ")), command.description()]];
}

export function commandsTable(): string {
  const program = buildProgram({
    environment: {},
    stdout: () => {},
    stderr: () => {},
    stdin: async () => "",
  });
  return markdownTable(
    ["command", "what it does (its --help)"],
    program.commands.flatMap((command) => rows(command, "")),
  );
}
