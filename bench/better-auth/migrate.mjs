// Creates Better Auth's tables in DATABASE_URL (its own migration code, as its CLI would).
import { getMigrations } from "better-auth/db/migration";
import { auth } from "./lib/auth.mjs";

const { runMigrations } = await getMigrations(auth.options);
await runMigrations();
await auth.options.database.end();
