#!/usr/bin/env node
// `npm run db:migrate`: applies pending migrations to DATABASE_URL (or to the embedded database
// in DATA_DIR/db when it is unset). Plain JavaScript, so it runs where only production
// dependencies are installed. The server applies the same migrations itself at start.
import { mkdirSync } from "node:fs";
import path from "node:path";

const folder = path.join(import.meta.dirname, "migrations");
const url = process.env.DATABASE_URL;

if (url) {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    // The same lock the server takes, so a deploy and a starting instance never race.
    await client`select pg_advisory_lock(726351904)`;
    await migrate(drizzle({ client }), { migrationsFolder: folder });
    console.log("Migrations applied to DATABASE_URL.");
  } finally {
    await client.end({ timeout: 5 });
  }
} else {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const dir = path.join(process.env.DATA_DIR || ".data", "db");
  mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir);
  await migrate(drizzle({ client }), { migrationsFolder: folder });
  await client.close();
  console.log(`Migrations applied to the embedded database in ${dir}.`);
}
