import "server-only";
import {
  CliError,
  type CliCommand,
  type CliContext,
  withServices,
} from "@/cli/context";
import { flatten } from "@/lib/settings/keys";

/** A value as typed: JSON when it parses (true, 10, ["a@b.c"]), else the text itself (/home). */
function parseValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const change = (cli: CliContext) => ({
  db: cli.services.database.db,
  env: cli.services.env,
  current: {
    overrides: cli.services.settingsOverrides,
    config: cli.services.config,
  },
  actorId: null,
  ip: "cli",
  now: cli.now,
});

function show(cli: CliContext, key: string): void {
  const leaves = flatten(cli.services.config);
  if (!(key in leaves)) throw new CliError(`There is no setting ${key}.`);
  const value = leaves[key];
  const source =
    key in cli.services.settingsOverrides
      ? "settings"
      : "start-up configuration";
  cli.print(`${key} = ${JSON.stringify(value)} (${source})`);
}

/** Reads and changes the runtime settings administrators edit on /admin/settings (same rules, same audit). */
export const settingCommand: CliCommand = (program, io) => {
  const setting = program
    .command("setting")
    .description("read or change a runtime setting (as /admin/settings does)");
  setting
    .command("get")
    .description("print a setting's value and where it comes from")
    .argument("<key>", "dotted key, e.g. allow-registration or password.length")
    .action(withServices(io, async (cli, key: string) => show(cli, key)));
  setting
    .command("set")
    .description(
      "change a setting for every instance (validated; recorded in the activity log)",
    )
    .argument("<key>", "dotted key")
    .argument("<value>", 'JSON (true, 10, ["a@example.com"]) or plain text')
    .action(
      withServices(io, async (cli, key: string, value: string) => {
        const before = JSON.stringify(flatten(cli.services.config)[key]);
        const { changeSetting } = await import("@/lib/settings/store");
        const state = await changeSetting(change(cli), key, parseValue(value));
        cli.print(
          `${key}: ${before} → ${JSON.stringify(flatten(state.config)[key])} (in force on every instance within seconds)`,
        );
      }),
    );
  setting
    .command("reset")
    .description("put a setting back to its start-up value")
    .argument("<key>", "dotted key")
    .action(
      withServices(io, async (cli, key: string) => {
        if (!(key in cli.services.settingsOverrides)) {
          cli.print(`${key} is not changed by a setting: nothing to do.`);
          return;
        }
        const { revertSetting } = await import("@/lib/settings/store");
        const { buildAuthConfig } = await import("@/lib/config/auth");
        const state = await revertSetting(change(cli), key);
        cli.print(
          `${key}: back to ${JSON.stringify(flatten(state.config)[key])} (start-up value ${JSON.stringify(flatten(buildAuthConfig(cli.services.env))[key])})`,
        );
      }),
    );
};
