import path from "node:path";

// The framework's floor (README "Performance"): nothing but what `next build` needs to serve two
// route handlers. Its packages are the repository's (node_modules two folders up), so its Next is
// the application's Next; the root is the repository for that reason.
const root = path.resolve(
  path.dirname(new URL(import.meta.url).pathname),
  "../..",
);

export default {
  poweredByHeader: false,
  outputFileTracingRoot: root,
  turbopack: { root },
  serverExternalPackages: ["@electric-sql/pglite", "postgres"],
};
