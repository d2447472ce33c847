import "server-only";
import { type CliCommand, withServices } from "@/cli/context";

/**
 * Applies the pending migrations (opening the services does, under the advisory lock): what
 * `npm run db:migrate` does, in the standalone folder where only the bundled command line runs.
 */
export const migrateCommand: CliCommand = (program, io) => {
  program
    .command("migrate")
    .description(
      "apply pending migrations to DATABASE_URL, or to the embedded database in DATA_DIR",
    )
    .action(
      withServices(io, async (cli) => {
        const { kind } = cli.services.database;
        cli.print(
          kind === "postgres"
            ? "Migrations applied to DATABASE_URL."
            : "Migrations applied to the embedded database.",
        );
      }),
    );
};
