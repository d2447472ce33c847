import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CredentialKind } from "@/lib/server/credential-ledger";
import { useTestApp } from "../support/app";

const app = useTestApp();

/** A column that names an account, directly or through a token of one. */
const NAMES_AN_ACCOUNT =
  /^(user_id|tokenable_id|impersonator_id|email)$|token_id$/;
/** A column that holds something secret (a hash, a token, a key, a credential) or where one is sent. */
const HOLDS_A_SECRET =
  /secret|token|hash|key|credential|password|code|payload|redirect_uri/;

/**
 * Tables that name an account and hold something secret but are no way into it, each with why.
 * A new table lands here only with a reason a reviewer can check.
 */
const NOT_A_WAY_IN: Record<string, string> = {
  "users.password":
    "the password itself: replaced by a reset or a change, never ended",
  "users.payload":
    "the profile's own fields (contract §2's payload): nothing secret in it",
  "users.passkey_offer_dismissed_at":
    "when the offer to add a passkey was dismissed (decision record 107): a time, nothing secret",
  webhook_endpoints:
    "a secret that signs what this server sends out; it lets no one in",
};

type Column = { table: string; column: string; type: string; key: boolean };

async function catalogue(): Promise<Column[]> {
  const result = await app.database.db.execute(sql`
    select c.table_name as "table", c.column_name as "column", c.data_type as "type",
      exists (
        select 1 from information_schema.key_column_usage k
        join information_schema.table_constraints t
          on t.constraint_name = k.constraint_name and t.table_schema = k.table_schema
        where t.constraint_type = 'PRIMARY KEY' and k.table_schema = c.table_schema
          and k.table_name = c.table_name and k.column_name = c.column_name
      ) as "key"
    from information_schema.columns c
    where c.table_schema = current_schema()`);
  // postgres.js answers the rows, PGlite an object holding them.
  const rows: unknown = Array.isArray(result)
    ? result
    : (result as { rows: unknown }).rows;
  return rows as Column[];
}

/**
 * What holds a way in, by the catalogue: a table that names an account and holds a secret column
 * or a random text key (a session's id, an OAuth token's), and the users table's secret columns.
 */
export async function credentialStores(): Promise<string[]> {
  const columns = await catalogue();
  const tables = new Map<string, Column[]>();
  for (const column of columns)
    tables.set(column.table, [...(tables.get(column.table) ?? []), column]);
  const found: string[] = [];
  for (const [table, list] of tables) {
    if (table === "users") {
      for (const { column } of list)
        if (HOLDS_A_SECRET.test(column)) found.push(`users.${column}`);
      continue;
    }
    if (!list.some(({ column }) => NAMES_AN_ACCOUNT.test(column))) continue;
    const secret = list.some(
      ({ column, type, key }) =>
        (HOLDS_A_SECRET.test(column) && !NAMES_AN_ACCOUNT.test(column)) ||
        (key && /char|text/.test(type)),
    );
    if (secret) found.push(table);
  }
  return found.sort();
}

/** What the catalogue holds that no kind declares (and no reason excuses). */
export function uncovered(
  stores: readonly string[],
  kinds: readonly CredentialKind[],
): string[] {
  const declared = new Set(kinds.flatMap((kind) => kind.stores));
  const tablesDeclared = new Set([...declared].map((s) => s.split(".")[0]));
  return stores.filter((store) => {
    if (Object.hasOwn(NOT_A_WAY_IN, store)) return false;
    return store.includes(".")
      ? !declared.has(store)
      : !tablesDeclared.has(store);
  });
}

const kinds = () => app.services.application.credentials.kinds;

// Decision record 082: a new table that holds a way in joins the ledger, or this fails.
describe("the credential ledger against the database's catalogue", () => {
  it("declares every table and column that holds a way into an account", async () => {
    const stores = await credentialStores();
    // The walk finds what it should: the tables of the findings that started the ledger.
    expect(stores).toEqual(
      expect.arrayContaining([
        "sessions",
        "personal_access_tokens",
        "oauth_access_tokens",
        "oauth_refresh_tokens",
        "oauth_auth_codes",
        "oauth_device_codes",
        "oauth_clients",
        "oauth_consents",
        "passkeys",
        "pending_user_emails",
        "passwordless_links",
        "users.two_factor_secret",
      ]),
    );
    expect(uncovered(stores, kinds())).toEqual([]);
  });

  it("names a store the moment its kind leaves the ledger", async () => {
    const stores = await credentialStores();
    for (const kind of kinds()) {
      const others = kinds().filter((other) => other !== kind);
      // What the catalogue sees (tables, and the users table's columns) that no other kind declares.
      const seen = (store: string) =>
        store.startsWith("users.") ? store : store.split(".")[0];
      const alone = kind.stores
        .map(seen)
        .filter(
          (store) =>
            !others.some((other) => other.stores.map(seen).includes(store)),
        );
      if (alone.length === 0) continue;
      expect(uncovered(stores, others), kind.name).not.toEqual([]);
    }
  });

  it("declares only stores the database has", async () => {
    const columns = await catalogue();
    const exists = (store: string) => {
      const [table, column] = store.split(".");
      return columns.some(
        (c) =>
          c.table === table && (column === undefined || c.column === column),
      );
    };
    const missing = kinds()
      .flatMap((kind) => kind.stores)
      .filter((store) => !exists(store));
    expect(missing).toEqual([]);
  });
});
