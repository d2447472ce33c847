import os from "node:os";
import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";
import { PGLITE, POSTGRES_INCLUDE } from "./test/lanes.mts";

const root = import.meta.dirname;
if (process.env.TEST_LANE === "postgres" && !process.env.DATABASE_URL)
  throw new Error(
    "npm run test:postgres needs DATABASE_URL (a PostgreSQL database to use)",
  );

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@\/(.*)$/, replacement: `${root}/$1` },
      // `server-only` throws outside React Server Components; tests are server code by definition.
      {
        find: "server-only",
        replacement: path.join(root, "test/support/server-only.ts"),
      },
    ],
  },
  test: {
    // Which files run where: test/lanes.mts (decision record 083). `npm run test:postgres` runs
    // the files that depend on the database server; production servers over HTTP, after a build,
    // are `npm run test:scale` (vitest.scale.config.mts).
    include:
      process.env.TEST_LANE === "postgres" ? POSTGRES_INCLUDE : PGLITE.include,
    exclude: [...configDefaults.exclude, ...PGLITE.exclude],
    setupFiles: [
      "test/support/quiet-logs.ts",
      "test/support/shared-process.ts",
    ],
    globalSetup: ["test/support/pglite-snapshot.ts"],
    pool: "forks",
    // Every core: Vitest's default leaves one idle, which on a 2-core machine is half of it.
    // Files are independent (their own database, ports of their own); within a worker they share
    // the process (below).
    maxWorkers: os.availableParallelism(),
    // Test files share their worker's process instead of each loading the application anew: in
    // CI the PGlite suite takes 13 minutes instead of 33 (decision record 079). What a file changes for the
    // files after it is reset by test/support (app.ts, database.ts); a changed global fails the
    // next file (shared-process.ts).
    isolate: false,
    // A timeout catches a test that hangs, not a slow one: speed is the benchmarks' to judge
    // (docs/performance.md). In CI the suites run at a lower priority beside the browser lanes on
    // two cores, and on a slow day a file of a thousand requests took 79 s there, 15 s in the
    // PostgreSQL lane of the same run; a hang still fails, two minutes later.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    reporters: ["default"],
  },
});
