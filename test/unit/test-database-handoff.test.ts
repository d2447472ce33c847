import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openTestDatabase } from "../support/database";

// Decision record 114: on PGlite a test file's plain database is the one the previous file handed
// on, and each test's reset deletes rows instead of truncating. Either is only sound if what the
// next file or test gets is what a fresh copy of the migrated snapshot would be.
const rows = async (
  database: Awaited<ReturnType<typeof openTestDatabase>>,
  query: string,
) => {
  const result = (await database.db.execute(sql.raw(query))) as unknown as
    Record<string, unknown>[] | { rows: Record<string, unknown>[] };
  return Array.isArray(result) ? result : result.rows;
};

const addUser = (database: Awaited<ReturnType<typeof openTestDatabase>>) =>
  rows(
    database,
    `insert into users (name, email, password, created_at, updated_at)
     values ('Test', 'handoff-' || gen_random_uuid() || '@example.com', 'x', now(), now())
     returning id`,
  );

describe("the test database's resets", () => {
  it("before each test: no rows left, identities from 1, foreign keys checked again after it", async () => {
    const database = await openTestDatabase();
    try {
      await addUser(database);
      const [{ id } = {}] = await addUser(database);
      await rows(
        database,
        `insert into sessions (id, user_id, payload, last_activity) values ('s', ${Number(id)}, '', 0)`,
      );
      await database.truncate();
      expect(await rows(database, "select id from sessions")).toEqual([]);
      expect(await addUser(database)).toEqual([{ id: 1 }]);
      // Foreign keys are checked again (the reset turns them off while it deletes).
      expect(
        await rows(
          database,
          "select current_setting('session_replication_role') as role",
        ),
      ).toEqual([{ role: "origin" }]);
    } finally {
      await database.close();
    }
  });

  it("between files: the next file's database is empty with identities from 1", async () => {
    const first = await openTestDatabase();
    await addUser(first);
    await addUser(first);
    await first.close();
    const next = await openTestDatabase();
    try {
      expect(await rows(next, "select id from users")).toEqual([]);
      expect(await addUser(next)).toEqual([{ id: 1 }]);
    } finally {
      await next.close();
    }
  });
});
