import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { readFileSync } from "node:fs";
import postgres from "postgres";
import { inject } from "vitest";
import { forgetTokenUses } from "@/lib/auth/token-usage";
import { type Database, type DatabaseOptions, openDatabase } from "@/db/client";
import { emptyingInPlace, handingOn, takeHandedOn } from "./pglite-handoff";

const TABLES = [
  "users",
  "two_factor_challenges",
  "pending_user_emails",
  "password_reset_tokens",
  "personal_access_tokens",
  "personal_access_token_settings",
  "personal_access_token_usage",
  "sessions",
  "jobs",
  "failed_jobs",
  "rate_limits",
  "activity_log",
  "settings",
  "uploads",
  "passkeys",
  "passkey_challenges",
  "account_deletions",
  "webhook_endpoints",
  "webhook_deliveries",
  "oauth_clients",
  "oauth_access_tokens",
  "oauth_refresh_tokens",
  "oauth_auth_codes",
  "oauth_device_codes",
  "oauth_device_code_resources",
  "oauth_client_settings",
  "oauth_consents",
  "oauth_resources",
  "oauth_session_clients",
  "teams",
  "team_user",
  "team_invitations",
  "passwordless_links",
  "authentication_log",
];

/**
 * The test file's own database: in-process PGlite by default, or its own schema of the
 * PostgreSQL server in DATABASE_URL. Migrations are the real ones (on PGlite, run once for the
 * suite by test/support/pglite-snapshot.ts and copied).
 */
export async function openTestDatabase(
  options: Pick<DatabaseOptions, "logQuery"> & {
    /** Runs on the empty database before the migrations, as another application's tables would be there. */
    beforeMigrate?: (database: Database) => Promise<void>;
  } = {},
): Promise<Database & { truncate(): Promise<void>; schema?: string }> {
  const url = process.env.DATABASE_URL;
  const { beforeMigrate, ...databaseOptions } = options;
  if (!url) {
    // A plain database is the one the previous file of this process handed on, emptied
    // (test/support/pglite-handoff.ts, decision record 114).
    const reusable = !beforeMigrate && !databaseOptions.logQuery;
    const handed = reusable ? takeHandedOn() : undefined;
    if (handed) return handed;
    const snapshot = beforeMigrate ? undefined : inject("pgliteSnapshot");
    const database = openDatabase({
      ...databaseOptions,
      loadDataDir: snapshot ? readFileSync(snapshot) : undefined,
    });
    await beforeMigrate?.(database);
    await database.migrate();
    return reusable
      ? handingOn(database, TABLES, () => truncate(database))
      : {
          ...database,
          truncate: await emptyingInPlace(database, TABLES),
          close: () => closeQuietly(database),
        };
  }
  const schema = `test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create schema "${schema}"`);
  await admin.end();
  const database = openDatabase({
    url,
    searchPath: schema,
    max: 5,
    ...databaseOptions,
  });
  await beforeMigrate?.(database);
  await database.migrate();
  return {
    ...database,
    schema,
    truncate: () => truncate(database),
    async close() {
      await database.db.execute(sql.raw(`drop schema "${schema}" cascade`));
      await closeQuietly(database);
    },
  };
}

/**
 * Closes, after dropping the token uses still waiting on a timer: test files share their process
 * (decision record 079), and one firing later would write to this closed database.
 */
function closeQuietly(database: Database): Promise<void> {
  forgetTokenUses(database.db);
  return database.close();
}

async function truncate(database: Database): Promise<void> {
  await database.db.execute(
    sql.raw(
      `truncate table ${TABLES.map((t) => `"${t}"`).join(", ")} restart identity`,
    ),
  );
}
