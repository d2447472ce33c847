import postgres from "postgres";

/** The PostgreSQL server of the run (DATABASE_URL), else the one every development machine and CI has. */
export const POSTGRES_SERVER =
  process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const SERVER = new URL(POSTGRES_SERVER);

/**
 * A fresh, uniquely named database on the PostgreSQL server of DATABASE_URL (else the local one);
 * `drop` removes it, connections and all.
 */
export async function scratchDatabase(
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = () =>
    postgres(SERVER.toString(), { max: 1, onnotice: () => {} });
  const creator = admin();
  await creator.unsafe(`create database "${name}"`);
  await creator.end();
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = admin();
      await dropper.unsafe(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}
