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
