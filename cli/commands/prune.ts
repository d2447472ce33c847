import "server-only";
import { type CliCommand, withServices } from "@/cli/context";

/** Prunes now what the pruning task would (decision record 015), whoever holds the current window. */
export const pruneCommand: CliCommand = (program, io) => {
  program
    .command("prune")
    .description(
      "delete expired sessions, tokens, reset tokens, rate-limit windows, old failed mail and orphaned uploads now",
    )
    .action(
      withServices(io, async (cli) => {
        const { prune } = await import("@/lib/runtime/pruning");
        const { db } = cli.services.database;
        const pruned = await prune({
          db,
          config: cli.services.config,
          env: cli.services.env,
          now: cli.now,
        });
        for (const [kind, count] of Object.entries(pruned))
          cli.print(`${kind}: ${count} deleted`);
      }),
    );
};
