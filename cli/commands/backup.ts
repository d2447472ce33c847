import "server-only";
import { readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { CliError, type CliCommand, withEnvironment } from "@/cli/context";
import { recordBackup } from "@/lib/operations/backup-record";
import { backupSocketPath } from "@/lib/runtime/backup-socket";

const POSTGRES_TOOLS =
  "DATABASE_URL is set: back up PostgreSQL with its own tools (pg_dump -Fc, pg_restore; docs/deployment.md).";

/** The dump a running server hands out on DATA_DIR's socket, or null when no server listens there. */
function dumpFromServer(dataDir: string): Promise<Uint8Array | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(backupSocketPath(dataDir));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    socket.on("error", (error: NodeJS.ErrnoException) =>
      error.code === "ENOENT" || error.code === "ECONNREFUSED"
        ? resolve(null)
        : reject(error),
    );
  });
}

/** `backup <file>` and `restore <file>` for the embedded database (decision record 042). */
export const backupCommands: CliCommand = (program, io) => {
  program
    .command("backup")
    .description(
      "write a consistent copy of the embedded database (PGlite in DATA_DIR) to a file, also while a server is running on it",
    )
    .argument("<file>", "where to write the copy (a gzipped tar)")
    .action(
      withEnvironment(io, async (cli, file: string) => {
        if (cli.env.DATABASE_URL) throw new CliError(POSTGRES_TOOLS);
        let tar = await dumpFromServer(cli.env.DATA_DIR);
        const source = tar
          ? "from the running server"
          : "with no server running";
        if (!tar) {
          const { openDatabase } = await import("@/db/client");
          const database = openDatabase({
            dataDir: path.join(cli.env.DATA_DIR, "db"),
          });
          try {
            tar = (await database.dump?.()) ?? null;
          } finally {
            await database.close();
          }
        }
        if (!tar || tar.byteLength === 0)
          throw new CliError("The server sent no copy; see its log.");
        writeFileSync(file, tar);
        // The administration's health panel shows when the last copy was taken (decision record 096).
        recordBackup(cli.env.DATA_DIR, {
          at: new Date(),
          bytes: tar.byteLength,
        });
        cli.print(
          `Backed up the embedded database (${Math.ceil(tar.byteLength / 1024)} KB, ${source}) to ${file}.`,
        );
      }),
    );
  program
    .command("restore")
    .description(
      "replace the embedded database (PGlite in DATA_DIR) by a copy written by backup; stop the server first",
    )
    .argument("<file>", "a copy written by backup")
    .action(
      withEnvironment(io, async (cli, file: string) => {
        if (cli.env.DATABASE_URL) throw new CliError(POSTGRES_TOOLS);
        if (await dumpFromServer(cli.env.DATA_DIR).catch(() => null))
          throw new CliError(
            `A server is running on ${cli.env.DATA_DIR}: stop it first.`,
          );
        const tar = new Uint8Array(
          readFileSync(file),
        ) as Uint8Array<ArrayBuffer>;
        const { restorePglite } = await import("@/db/pglite-restore");
        const movedTo = await restorePglite(
          path.join(cli.env.DATA_DIR, "db"),
          tar,
          new Date(),
        );
        cli.print(
          `Restored the embedded database from ${file}.${movedTo ? ` The one it replaced is in ${movedTo}.` : ""}`,
        );
      }),
    );
};
