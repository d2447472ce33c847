import "server-only";
import { parseUserId } from "@/cli/commands/user-id";
import { CliError, type CliCommand, withServices } from "@/cli/context";

/** Everything held about one user, as JSON on stdout (nothing else is printed there). */
export const exportUserCommand: CliCommand = (program, io) => {
  program
    .command("export-user")
    .description(
      "print one user's data as JSON (account, sessions, tokens without secrets, uploads, activity)",
    )
    .argument("<id>", "the user's id")
    .action(
      withServices(io, async (cli, id: string) => {
        const userId = parseUserId(id);
        const { findUserById } = await import("@/lib/users/users");
        const { exportUserData } = await import("@/lib/users/export-data");
        const { db } = cli.services.database;
        if (!(await findUserById(db, userId, { withTrashed: true })))
          throw new CliError(`There is no user with id ${userId}.`);
        cli.printJson(
          await exportUserData(db, userId, {
            userClass: cli.services.config["user-class"],
            now: cli.now,
          }),
        );
      }),
    );
};
