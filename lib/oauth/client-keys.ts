import "server-only";
import { randomUUID } from "node:crypto";
import { eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { preparedPerDb } from "@/db/prepared";
import { oauthClients } from "@/db/schema";

/**
 * How the database keys its clients (decision record 075): `uuid` (Passport 13, or this server's
 * own tables), `text` (char(36): Passport 12's ids kept by Passport 13's upgrade guide) or
 * `integer` (Passport 12 and older as they are: a sequence).
 */
export type ClientKeyKind = "uuid" | "text" | "integer";

/** Read from the catalogue once per database: the column's type never changes while a server runs. */
export const clientKeyKind = preparedPerDb(
  async (db: Db): Promise<ClientKeyKind> => {
    const result = (await db.execute(
      sql`select format_type(atttypid, atttypmod) as type from pg_attribute
          where attrelid = to_regclass('oauth_clients') and attname = 'id' and not attisdropped`,
    )) as unknown as { type: string }[] | { rows: { type: string }[] };
    // postgres.js answers the rows, PGlite an object holding them.
    const type =
      (Array.isArray(result) ? result : result.rows)[0]?.type ?? "uuid";
    if (type === "uuid") return "uuid";
    return /^(bigint|integer|smallint)$/.test(type) ? "integer" : "text";
  },
);

/** The key of a new client: a UUID as Passport 13 makes it, or the next of Passport 12's sequence. */
export async function newClientKey(db: Db): Promise<string | SQL> {
  return (await clientKeyKind(db)) === "integer" ? sql`default` : randomUUID();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Passport 12's integer keys (within bigint's range), as themselves or as char(36) text. */
const LEGACY_ID = /^[1-9][0-9]{0,17}$/;

/**
 * Whether `id` can be a key of this database's clients: a UUID where keys are integers, digits
 * where they are UUIDs, cannot. So a client id from a request is compared only with a column that
 * can hold it, never a PostgreSQL error.
 */
export async function clientKeyFits(db: Db, id: unknown): Promise<boolean> {
  if (typeof id !== "string") return false;
  const kind = await clientKeyKind(db);
  return (
    (UUID.test(id) && kind !== "integer") ||
    (LEGACY_ID.test(id) && kind !== "uuid")
  );
}

/** The condition selecting the client `id`, or null for a value that cannot be one (`clientKeyFits`). */
export async function clientKeyIs(db: Db, id: unknown): Promise<SQL | null> {
  return (await clientKeyFits(db, id))
    ? eq(oauthClients.id, id as string)
    : null;
}
