import {
  type Column,
  getTableColumns,
  type InferSelectModel,
  sql,
  type SQL,
  type Table,
} from "drizzle-orm";

type JsonRow = Record<string, unknown>;

/**
 * A left-joined table's row as one JSON column, null when the join found none (`present`, a
 * column never null in a row, tells which). For a hot statement whose join is usually empty:
 * drizzle maps each selected column of every row, found or not, and the session row's join of an
 * impersonation's requester (14 columns) cost each signed-in request 4 KiB of garbage (decision
 * record 060, "Bytes allocated per request"). Read it back with `fromJsonRow`.
 */
export function jsonRow(table: Table, present: Column): SQL<JsonRow | null> {
  return sql<JsonRow | null>`case when ${present} is null then null
    else row_to_json(${table}) end`;
}

/** Columns whose value the JSON already holds parsed: decoding them again would re-parse a string. */
const PARSED = new Set(["json", "jsonb"]);

/**
 * The row `jsonRow` selected, as drizzle gives a selected table: each column decoded as drizzle
 * decodes the driver's text (a timestamp's, a bigint's), but json and jsonb.
 */
export function fromJsonRow<T extends Table>(
  table: T,
  row: JsonRow,
): InferSelectModel<T> {
  const decoded: JsonRow = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = row[column.name] ?? null;
    decoded[key] =
      value === null || PARSED.has(column.getSQLType())
        ? value
        : column.mapFromDriverValue(value);
  }
  return decoded as InferSelectModel<T>;
}
