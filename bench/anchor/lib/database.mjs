// The anchor's database, chosen as the application's is: PostgreSQL through the `postgres` package
// (prepared statements, a pool of 10, the application's defaults) when DATABASE_URL is set, else
// PGlite in this process, in memory — the application's PGlite also runs in its server process,
// so each select costs the event loop what the application's would.
const TABLE = `create table if not exists anchor_rows (id integer primary key, name text not null)`;
const SEED = `insert into anchor_rows (id, name) values (1, 'anchor') on conflict do nothing`;

async function open() {
  if (process.env.DATABASE_URL) {
    const { default: postgres } = await import("postgres");
    const sql = postgres(process.env.DATABASE_URL, {
      max: 10,
      onnotice: () => {},
    });
    await sql.unsafe(TABLE);
    await sql.unsafe(SEED);
    return async (id) =>
      (await sql`select id, name from anchor_rows where id = ${id}`)[0];
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const db = await PGlite.create();
  await db.exec(`${TABLE}; ${SEED}`);
  return async (id) =>
    (await db.query("select id, name from anchor_rows where id = $1", [id]))
      .rows[0];
}

let ready;

/** The row with primary key `id`. */
export function selectOne(id) {
  ready ??= open();
  return ready.then((select) => select(id));
}
