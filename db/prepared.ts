import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "./client";

/**
 * A statement built and prepared once per database handle, for the hot paths (decision record 010): building
 * a drizzle query costs about 0.3 ms of CPU, several times what executing it prepared costs.
 * Values go in through `sql.placeholder(name)` and `execute({ name: value })`.
 */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let statement = cache.get(db);
    if (statement === undefined) {
      statement = build(db);
      cache.set(db, statement);
    }
    return statement;
  };
}

/**
 * `preparedPerDb` for a statement whose shape varies with `shape` (how many limiters a route has,
 * which of them count): one prepared statement per database handle and shape.
 */
export function preparedPerShape<K, T>(
  build: (db: Db, shape: K) => T,
): (db: Db, shape: K) => T {
  const byDb = preparedPerDb(() => new Map<K, T>());
  return (db, shape) => {
    const statements = byDb(db);
    let statement = statements.get(shape);
    if (statement === undefined) {
      statement = build(db, shape);
      statements.set(shape, statement);
    }
    return statement;
  };
}

const dialect = new PgDialect();

/**
 * A statement written as `sql` (data-modifying CTEs a query builder cannot say), turned into its
 * text once and prepared, as a query builder's `.prepare()` does: `execute({ name: value })` fills
 * its `sql.placeholder`s. It answers the driver's rows as they come (postgres.js an array of rows,
 * PGlite an object holding them), as `db.execute` does.
 */
export function prepareSql(db: Db, name: string | undefined, statement: SQL) {
  return db._.session.prepareQuery(
    dialect.sqlToQuery(statement),
    undefined,
    name,
    false,
  );
}
