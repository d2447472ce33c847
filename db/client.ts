import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as schema from "./schema";
import { timedSocket } from "./timed-socket";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Applies pending migrations; safe when several instances start at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  /** postgres:// URL; when absent the embedded PGlite database is used. */
  url?: string;
  /** PGlite data directory; absent means in memory. */
  dataDir?: string;
  /** PostgreSQL schema to work in (tests give each worker its own). */
  searchPath?: string;
  /** Pool size for PostgreSQL. */
  max?: number;
  /** Called with every statement sent (tests count a request's round trips: issue 8). */
  logQuery?: (query: string) => void;
};

export const MIGRATIONS_FOLDER = path.join(process.cwd(), "db", "migrations");
// Any constant works; it only has to be the same for every instance of this application.
const MIGRATION_LOCK_ID = 726_351_904;

export function openDatabase(options: DatabaseOptions): Database {
  return options.url ? openPostgres(options.url, options) : openPglite(options);
}

const queryLogger = ({ logQuery }: DatabaseOptions) => (logQuery ? { logQuery: (query: string) => logQuery(query) } : undefined);

function openPostgres(url: string, options: DatabaseOptions): Database {
  // Issue 8: a silent connection fails its query within seconds (postgres.js has no query timeout).
  const socket = { socket: timedSocket };
  const client = postgres(url, {
    max: options.max ?? 10,
    connect_timeout: 5,
    // postgres.js waits up to 20 s before reconnecting after repeated failures, and a request
    // waits with it: during an outage every request would hang that long before its 503.
    backoff: (retries: number) => Math.min(0.05 * retries, 0.5),
    idle_timeout: 30,
    onnotice: () => {},
    connection: options.searchPath ? { search_path: options.searchPath } : {},
    ...socket,
  });
  const db = drizzlePostgres({ client, schema, logger: queryLogger(options) }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    async migrate() {
      // A single-connection client holds the lock for the whole run: a second instance waits instead of racing.
      const single = postgres(url, { max: 1, onnotice: () => {}, connection: options.searchPath ? { search_path: options.searchPath } : {} });
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
    close: () => client.end({ timeout: 5 }),
  };
}

// Issue 8 (server RSS): PostgreSQL's default 128 MB of shared buffers are all touched at start;
// a development database needs far less.
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

/**
 * PGlite keeps the memory of an initdb run in its process (about 0.5 GB) for good, so a new data
 * directory is initialised by a short-lived child process instead (issue 8: server RSS).
 */
function initialiseDataDir(dataDir: string): void {
  if (existsSync(path.join(dataDir, "PG_VERSION"))) return;
  const script = `require("@electric-sql/pglite").PGlite.create(process.argv[1]).then((db) => db.close())`;
  const child = spawnSync(process.execPath, ["-e", script, dataDir], { stdio: ["ignore", "inherit", "inherit"] });
  if (child.status !== 0) throw new Error(`PGlite could not initialise ${dataDir} (exit ${child.status ?? child.signal})`);
}

function openPglite(options: DatabaseOptions): Database {
  const { dataDir } = options;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    initialiseDataDir(dataDir);
  }
  const client = new PGlite(dataDir, { startParams: PGLITE_START_PARAMS });
  const db = drizzlePglite({ client, schema, logger: queryLogger(options) }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}

/** A trivial query, for health checks. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
