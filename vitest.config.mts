import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

const root = import.meta.dirname;

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
    include: ["test/**/*.test.ts", "lib/**/*.test.ts"],
    // Production servers over HTTP, after a build: `npm run test:scale` (vitest.scale.config.mts).
    exclude: [...configDefaults.exclude, "test/scale/**"],
    setupFiles: [
      "test/support/quiet-logs.ts",
      "test/support/shared-process.ts",
    ],
    globalSetup: ["test/support/pglite-snapshot.ts"],
    pool: "forks",
    // Test files share their worker's process instead of each loading the application anew: in
    // CI the PGlite suite takes 13 minutes instead of 33 (decision record 079). What a file changes for the
    // files after it is reset by test/support (app.ts, database.ts); a changed global fails the
    // next file (shared-process.ts).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ["default"],
  },
});
