import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import v8 from "node:v8";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import {
  attachReadCache,
  ReadCache,
  trackWrites,
  WriteGeneration,
} from "./read-cache";
import * as schema from "./schema";
import { SOCKET_IDLE_TIMEOUT_MS, timedSocket } from "./timed-socket";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** The schema of drizzle's `__drizzle_migrations`, where the applied migrations are listed. */
  migrationsSchema: string;
  /** Applies pending migrations; safe when several instances start at once. */
  migrate(): Promise<void>;
  /** This process's connections: open, running something (beside the one asking), and the most it opens. */
  pool(): Promise<PoolUsage>;
  close(): Promise<void>;
  /**
   * PGlite only: a gzipped tar of the data directory taken between two transactions (a consistent
   * copy, while serving); PostgreSQL has pg_dump (decision record 042).
   */
  dump?(): Promise<Uint8Array>;
};

export type PoolUsage = { open: number; inUse: number; max: number };

export type DatabaseOptions = {
  /** postgres:// URL; when absent the embedded PGlite database is used. */
  url?: string;
  /** PGlite data directory; absent means in memory. */
  dataDir?: string;
  /** PostgreSQL schema to work in (tests give each worker its own). */
  searchPath?: string;
  /** Pool size for PostgreSQL. */
  max?: number;
  /**
   * PGlite in memory only: start from this dump (`dumpDataDir`'s tar) instead of an empty cluster.
   * The test suite starts each file's database from one migrated copy (test/support/pglite-snapshot.ts).
   */
  loadDataDir?: Uint8Array<ArrayBuffer>;
  /** Called with every statement sent (tests count a request's round trips: decision record 010). */
  logQuery?: (query: string) => void;
};

export const MIGRATIONS_FOLDER = path.join(process.cwd(), "db", "migrations");
// Any constant works; it only has to be the same for every instance of this application.
const MIGRATION_LOCK_ID = 726_351_904;

export function openDatabase(options: DatabaseOptions): Database {
  return options.url ? openPostgres(options.url, options) : openPglite(options);
}

// Names this process's connections in pg_stat_activity, so the metrics can count its pool there
// (postgres.js does not expose it); host and pid tell instances apart (at most 63 characters).
const POOL_NAME = `next-laravel-auth ${hostname()} ${process.pid}`.slice(0, 63);

const queryLogger = ({ logQuery }: DatabaseOptions) =>
  logQuery ? { logQuery: (query: string) => logQuery(query) } : undefined;

function openPostgres(url: string, options: DatabaseOptions): Database {
  // Decision record 010: a silent connection fails its query within seconds (postgres.js has no query timeout).
  const socket = { socket: timedSocket };
  const max = options.max ?? 10;
  const client = postgres(url, {
    max,
    connect_timeout: 5,
    // postgres.js waits up to 20 s before reconnecting after repeated failures, and a request
    // waits with it: during an outage every request would hang that long before its 503.
    backoff: (retries: number) => Math.min(0.05 * retries, 0.5),
    // The pool retires an idle connection itself (out of its queues, then a Terminate) a second
    // before its socket would count as silent: destroyed by that limit instead, an idle connection
    // could be handed a query before its 'close' (decision record 010, amendment of 2026-11-29).
    idle_timeout: SOCKET_IDLE_TIMEOUT_MS / 1000 - 1,
    onnotice: () => {},
    connection: {
      application_name: POOL_NAME,
      ...(options.searchPath ? { search_path: options.searchPath } : {}),
    },
    ...socket,
  });
  const db = drizzlePostgres({
    client,
    schema,
    logger: queryLogger(options),
  }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    migrationsSchema: options.searchPath ?? "drizzle",
    async migrate() {
      // A single-connection client holds the lock for the whole run: a second instance waits instead of racing.
      const single = postgres(url, {
        max: 1,
        onnotice: () => {},
        connection: options.searchPath
          ? { search_path: options.searchPath }
          : {},
      });
      try {
        await single`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
        await migratePostgres(drizzlePostgres({ client: single, schema }), {
          migrationsFolder: MIGRATIONS_FOLDER,
          migrationsSchema: options.searchPath ?? "drizzle",
        });
      } finally {
        await single.end({ timeout: 5 });
      }
    },
    async pool() {
      const [row] = await client<{ open: number; in_use: number }[]>`
        select count(*)::int + 1 as open, (count(*) filter (where state <> 'idle'))::int as in_use
        from pg_stat_activity where application_name = ${POOL_NAME} and pid <> pg_backend_pid()`;
      return { open: row?.open ?? 1, inUse: row?.in_use ?? 0, max };
    },
    close: () => client.end({ timeout: 5 }),
  };
}

// Server RSS (decision records 010, 018): PostgreSQL's shared buffers are all touched at start;
// a development database fits in 4 MB, and the pages it reads beyond them come from the OS's cache.
const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  "-c",
  "shared_buffers=4MB",
];

/**
 * PGlite keeps the memory of an initdb run in its process (about 0.5 GB) for good, so a new data
 * directory is initialised by a short-lived child process instead (decision record 010: server RSS).
 */
function initialiseDataDir(dataDir: string): void {
  if (existsSync(path.join(dataDir, "PG_VERSION"))) return;
  const script = `require("@electric-sql/pglite").PGlite.create(process.argv[1]).then((db) => db.close())`;
  const child = spawnSync(process.execPath, ["-e", script, dataDir], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (child.status !== 0)
    throw new Error(
      `PGlite could not initialise ${dataDir} (exit ${child.status ?? child.signal})`,
    );
}

function openPglite(options: DatabaseOptions): Database {
  const { dataDir } = options;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    initialiseDataDir(dataDir);
  }
  // Decision record 018: PGlite's 9 MB of WebAssembly compiled by V8's baseline compiler only
  // costs about 50 MB less memory than with the optimising tier, and runs our statements as fast.
  v8.setFlagsFromString("--liftoff-only");
  const client = new PGlite(dataDir, {
    startParams: PGLITE_START_PARAMS,
    loadDataDir: options.loadDataDir && new Blob([options.loadDataDir]),
  });
  // Decision record 018: one process owns the data, so the hot lookups are cached until a write.
  const generation = new WriteGeneration();
  trackWrites(client, generation);
  const db = drizzlePglite({
    client,
    schema,
    logger: queryLogger(options),
  }) as unknown as Db;
  attachReadCache(db, new ReadCache(generation));
  return {
    db,
    kind: "pglite",
    migrationsSchema: "drizzle",
    migrate: () =>
      migratePglite(drizzlePglite({ client, schema }), {
        migrationsFolder: MIGRATIONS_FOLDER,
      }),
    // One connection, in this process, which the question itself is using.
    pool: async () => ({ open: 1, inUse: 0, max: 1 }),
    close: () => client.close(),
    async dump() {
      await client.exec("CHECKPOINT");
      // The transaction lock: no transaction is half-way through while the files are read.
      const tar = await client._runExclusiveTransaction(() =>
        client.dumpDataDir("gzip"),
      );
      return new Uint8Array(await tar.arrayBuffer());
    },
  };
}
