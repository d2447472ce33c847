// Run by start-up.test.ts in a process of its own (tsx, as `npm run auth` runs): builds the
// command line as cli/auth.ts does, without running a command, and prints every module file
// loaded by then, relative to the repository, as JSON.
import path from "node:path";

const root = path.resolve(__dirname, "../..");

void import("@/cli/program").then(() => {
  const loaded = Object.keys(require.cache).map((file) =>
    path.relative(root, file),
  );
  process.stdout.write(JSON.stringify(loaded));
});
