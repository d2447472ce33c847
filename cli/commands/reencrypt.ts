import "server-only";
import { CliError, type CliCommand, withServices } from "@/cli/context";

/**
 * Re-encrypts every stored secret from the old SESSION_SECRET (in OLD_SESSION_SECRET, never on
 * the command line: it would stay in the shell's history) to the current one (decision record 020).
 */
export const reencryptCommand: CliCommand = (program, io) => {
  program
    .command("reencrypt")
    .description(
      "re-encrypt stored secrets (queued mail, second-factor columns, webhook secrets) from OLD_SESSION_SECRET to the current SESSION_SECRET",
    )
    .action(
      withServices(io, async (cli) => {
        const from = cli.environment.OLD_SESSION_SECRET;
        const to = cli.services.env.SESSION_SECRET;
        if (!from)
          throw new CliError(
            "OLD_SESSION_SECRET is not set: put the previous SESSION_SECRET there (and the new one in SESSION_SECRET).",
          );
        if (from === to)
          throw new CliError(
            "OLD_SESSION_SECRET is the current SESSION_SECRET: set SESSION_SECRET to the new secret first.",
          );
        const { REENCRYPTORS } = await import("@/lib/runtime/reencryptors");
        let unreadable = 0;
        for (const reencryptor of REENCRYPTORS) {
          const result = await reencryptor.run(cli.services.database.db, {
            from,
            to,
            appKey: cli.services.env.APP_KEY,
          });
          unreadable += result.unreadable;
          cli.print(
            `${reencryptor.name}: ${result.changed} re-encrypted, ${result.unchanged} unchanged, ${result.unreadable} unreadable under either key`,
          );
        }
        if (unreadable > 0)
          throw new CliError(
            `${unreadable} value(s) could not be opened with OLD_SESSION_SECRET nor SESSION_SECRET; they were left as they are.`,
          );
      }),
    );
};
