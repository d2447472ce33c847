import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "@/db/client";

declare module "vitest" {
  export interface ProvidedContext {
    /** A tar of an in-memory PGlite cluster with every migration applied; absent on PostgreSQL. */
    pgliteSnapshot?: string;
  }
}

/**
 * Vitest's global setup: on PGlite, migrates one database and leaves its files as a tar that each
 * test file's database starts from (test/support/database.ts). An empty cluster plus the
 * migrations costs about 3.4 s per file; loading the migrated copy about a third of it, and the
 * suite has one database per file. The migrations still run for each file, and find nothing to do.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) return;
  const directory = mkdtempSync(path.join(tmpdir(), "auth-pglite-snapshot-"));
  const database = openDatabase({});
  await database.migrate();
  if (!database.dump) throw new Error("PGlite without dump()");
  const tar = await database.dump();
  await database.close();
  const file = path.join(directory, "migrated.tar.gz");
  writeFileSync(file, tar);
  project.provide("pgliteSnapshot", file);
  return () => rmSync(directory, { recursive: true, force: true });
}
