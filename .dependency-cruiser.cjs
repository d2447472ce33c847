// Import cycles (decision record 016), checked by `npm run lint` over the whole repository.
// dependency-cruiser builds the module graph once; ESLint's import/no-cycle walked it again from
// every file and was four fifths of the lint's time (decision record 093 has the figures).
// Type-only imports are left out, as import/no-cycle left them: they vanish at compile time.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycle",
      comment:
        "An import cycle: two modules that need each other to load. Move the shared part down a floor.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: {
      path: "^(node_modules|\\.next|\\.data|db/migrations|test-results|playwright-report|bench/better-auth|bench/anchor|test/fixtures)/",
    },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: false,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
