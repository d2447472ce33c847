import "server-only";
import { rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import type { Database } from "@/db/client";
import { describeError } from "@/lib/observability/logger";
import { log } from "@/lib/observability/request-scope";

/**
 * Where a server on PGlite hands out backups (`auth backup`, decision record 042): a socket in
 * DATA_DIR, so only who may read the data files may ask, and no port is opened.
 */
export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, "backup.sock");
}

/** Answers each connection to the backup socket with one dump of the database, then closes it. */
export function serveBackups(
  database: Database,
  dataDir: string,
): { stop(): Promise<void> } {
  const dump = database.dump;
  if (!dump) throw new Error("backups over the socket are PGlite's only");
  const socketPath = backupSocketPath(dataDir);
  // A socket file left by a server that was killed would make listen fail.
  rmSync(socketPath, { force: true });
  const server = net.createServer((connection) => {
    connection.on("error", () => {});
    dump()
      .then((tar) => {
        log().info({ bytes: tar.byteLength }, "backup: database dumped");
        connection.end(tar);
      })
      .catch((error: unknown) => {
        log().error({ err: describeError(error) }, "backup: dump failed");
        connection.destroy();
      });
  });
  server.on("error", (error) =>
    log().error({ err: describeError(error) }, "backup: socket failed"),
  );
  server.listen(socketPath);
  server.unref();
  return {
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
      }),
  };
}
