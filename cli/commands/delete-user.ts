import "server-only";
import { parseUserId } from "@/cli/commands/user-id";
import { CliError, type CliCommand, withServices } from "@/cli/context";

/** Soft-deletes a user as the administrators' page does: sessions ended at once, restorable. */
export const deleteUserCommand: CliCommand = (program, io) => {
  program
    .command("delete-user")
    .description(
      "delete a user (soft delete: their sessions, tokens and app grants end now; an administrator can restore the account)",
    )
    .argument("<id>", "the user's id")
    .action(
      withServices(io, async (cli, id: string) => {
        const userId = parseUserId(id);
        const { findUserById } = await import("@/lib/users/users");
        const { softDeleteUser } = await import("@/lib/users/soft-delete");
        const { db } = cli.services.database;
        const user = await findUserById(db, userId, { withTrashed: true });
        if (!user) throw new CliError(`There is no user with id ${userId}.`);
        if (user.deletedAt)
          throw new CliError(
            `User ${userId} is already deleted (since ${user.deletedAt.toISOString()}).`,
          );
        await softDeleteUser(
          {
            db,
            now: cli.now,
            ip: "cli",
            config: cli.services.config,
            credentials: cli.services.application.credentials,
          },
          null,
          user,
        );
        cli.print(
          `Deleted user ${userId}; their sessions and tokens have ended.`,
        );
      }),
    );
};
