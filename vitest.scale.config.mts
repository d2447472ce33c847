import { defineConfig } from "vitest/config";

// npm run test:scale (decision record 010): real production servers (`next start` on the existing build)
// against one PostgreSQL database, over HTTP; slower than the in-process suite, so a run of its own.
export default defineConfig({
  test: {
    include: ["test/scale/**/*.test.ts"],
    pool: "forks",
    fileParallelism: false,
    // CI runs these beside the unit suites (.ci/run lanes): a busy machine, so generous.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    reporters: ["default"],
  },
});
