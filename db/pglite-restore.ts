import { existsSync, renameSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";

/**
 * Replaces the embedded database in `dataDir` by the dump `tar` (what `auth backup` wrote): the
 * current one is moved aside first, never deleted. Returns where it went, or null if none was there.
 */
export async function restorePglite(
  dataDir: string,
  tar: Uint8Array<ArrayBuffer>,
  now: Date,
): Promise<string | null> {
  let movedTo: string | null = null;
  if (existsSync(dataDir)) {
    movedTo = `${dataDir}.before-restore-${now.toISOString().replace(/[:.]/g, "-")}`;
    renameSync(dataDir, movedTo);
  }
  const client = await PGlite.create(dataDir, {
    loadDataDir: new Blob([tar]),
  });
  await client.query("select 1");
  await client.close();
  return movedTo;
}
