import { sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { forgetTokenUses } from "@/lib/auth/token-usage";

// Decision record 114. Opening a PGlite database from the migrated snapshot costs about 2 s of
// processor time (the tar unpacked, PostgreSQL started in WebAssembly), once per test file: most
// of the suite's time. Test files share their worker's process (decision record 079), so a file
// that opened a plain database (no statement log, nothing before the migrations) hands it on when
// it closes it, emptied and with every identity back at 1: what the next file would have got from
// the snapshot. Kept on globalThis: it outlives the modules of the file that made it.

type TestDatabase = Database & { truncate(): Promise<void> };
const SLOT = Symbol.for("test-support.pglite-handed-on");
const slot = globalThis as { [SLOT]?: TestDatabase };

/** The database the previous file of this process handed on, now this file's; undefined if none. */
export function takeHandedOn(): TestDatabase | undefined {
  const handed = slot[SLOT];
  delete slot[SLOT];
  return handed;
}

/**
 * `database` as a test file's (`tables` being every table the application writes), with `truncate` before each test (`emptyingInPlace`) and a
 * `close` that empties it with `emptyFully` and hands it to the next file instead of closing it.
 * When emptying fails, the file's `afterAll` fails and the next file opens a database of its own.
 */
export async function handingOn(
  database: Database,
  tables: readonly string[],
  emptyFully: () => Promise<void>,
): Promise<TestDatabase> {
  const handed: TestDatabase = {
    ...database,
    truncate: await emptyingInPlace(database, tables),
    async close() {
      forgetTokenUses(database.db);
      // TRUNCATE between files: new files for every table, so the dead rows the deletes left
      // between tests do not pile up over a worker's files.
      await emptyFully();
      slot[SLOT] = handed;
    },
  };
  return handed;
}

/**
 * The reset before each test: the end TRUNCATE reaches (no rows, every identity from 1), by
 * deleting the rows and setting the tables' sequences back. TRUNCATE gives each of the tables
 * new files, about 35 ms of processor time a test in WebAssembly; this takes about 4. Foreign keys
 * are not checked meanwhile (the replica role), so the order of the tables does not matter, as
 * with one TRUNCATE of them all.
 */
export async function emptyingInPlace(
  database: Database,
  tables: readonly string[],
): Promise<() => Promise<void>> {
  const owned = (await database.db.execute(
    sql.raw(
      `select s.relname as sequence from pg_class s
         join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.oid
         join pg_class t on t.oid = d.refobjid
       where s.relkind = 'S' and t.relnamespace = current_schema()::regnamespace
         and t.relname in (${tables.map((t) => `'${t}'`).join(", ")})`,
    ),
  )) as unknown as { rows: { sequence: string }[] };
  const statements = [
    "set session_replication_role = replica;",
    ...tables.map((t) => `delete from "${t}";`),
    "set session_replication_role = origin;",
    ...owned.rows.map(
      ({ sequence }) => `select setval('"${sequence}"', 1, false);`,
    ),
  ].join("\n");
  // Several statements in one round trip: drizzle's execute sends one, PGlite's exec takes many
  // (and counts as a write for the read cache, db/read-cache.ts).
  const client = (
    database.db as unknown as {
      $client: { exec(text: string): Promise<unknown> };
    }
  ).$client;
  return async () => void (await client.exec(statements));
}
