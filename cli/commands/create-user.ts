import "server-only";
import { type CliCommand, type CliContext, withServices } from "@/cli/context";
import { randomToken } from "@/lib/crypto/secrets";
import { isAdminEmail } from "@/lib/policies/is-admin";

type Options = {
  name: string;
  email: string;
  admin?: boolean;
  passwordStdin?: boolean;
};

/** Puts the address on `admins` (a stored setting, in force on every instance within seconds). */
async function makeAdministrator(
  cli: CliContext,
  email: string,
): Promise<void> {
  const { services } = cli;
  const admins = services.config.admins;
  if (isAdminEmail(email, admins)) return;
  const { changeSetting } = await import("@/lib/settings/store");
  await changeSetting(
    {
      db: services.database.db,
      env: services.env,
      current: {
        overrides: services.settingsOverrides,
        config: services.config,
      },
      actorId: null,
      ip: "cli",
      now: cli.now,
    },
    "admins",
    [...admins, email],
  );
}

/** A verified account, e.g. the first administrator: the password from stdin, or a generated one printed once. */
export const createUserCommand: CliCommand = (program, io) => {
  program
    .command("create-user")
    .description(
      "create a user whose address counts as verified (--admin: also an administrator)",
    )
    .requiredOption("--name <name>", "display name")
    .requiredOption("--email <email>", "email address")
    .option(
      "--admin",
      "add the address to the administrators (the `admins` setting)",
    )
    .option(
      "--password-stdin",
      "read the password from standard input (else one is generated and printed once)",
    )
    .action(
      withServices(io, async (cli, options: Options) => {
        const generated = !options.passwordStdin;
        const password = generated
          ? randomToken(18)
          : (await cli.stdin()).replace(/\r?\n$/, "");
        const { createVerifiedUser } = await import("@/lib/admin/create-user");
        const user = await createVerifiedUser(
          {
            db: cli.services.database.db,
            config: cli.services.config,
            now: cli.now,
          },
          {
            name: options.name,
            email: options.email,
            password,
          },
        );
        if (options.admin) await makeAdministrator(cli, user.email);
        cli.print(
          `Created user ${user.id} <${user.email}>, verified${options.admin ? ", administrator" : ""}.`,
        );
        if (generated)
          cli.print(
            `Password (shown once; change it after signing in): ${password}`,
          );
      }),
    );
};
