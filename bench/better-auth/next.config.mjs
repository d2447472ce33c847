import path from "node:path";

// A project of its own inside the repository: its own root, never the application's.
const root = path.dirname(new URL(import.meta.url).pathname);

export default {
  poweredByHeader: false,
  outputFileTracingRoot: root,
  turbopack: { root },
  serverExternalPackages: ["pg"],
};
