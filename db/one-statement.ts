import { sql, type SQLWrapper } from "drizzle-orm";
import type { Db } from "./client";

/**
 * Runs `main` with `alongside` as data-modifying CTEs: several writes in one statement, so one
 * round trip, and atomic. They must write different rows (all parts see one snapshot: a part never
 * sees what another wrote).
 */
export async function writeInOneStatement(
  db: Db,
  main: SQLWrapper,
  alongside: SQLWrapper[] = [],
): Promise<void> {
  if (alongside.length === 0) {
    await db.execute(main.getSQL());
    return;
  }
  // getSQL(): a query builder embedded as such would be wrapped in parentheses.
  const parts = alongside.map(
    (statement, index) =>
      sql`${sql.identifier(`write_${index}`)} as (${statement.getSQL()})`,
  );
  await db.execute(sql`with ${sql.join(parts, sql`, `)} ${main.getSQL()}`);
}
