import next from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { layerRules } from "./eslint.layers.mjs";

const config = [
  ...next,
  ...nextTs,
  {
    ignores: [
      ".next/**",
      "node_modules/**",
      ".data/**",
      "db/migrations/**",
      "test-results/**",
      "playwright-report/**",
      "bench/better-auth/**",
      "bench/oidc-provider/node_modules/**",
      "bench/anchor/**",
      "test/fixtures/**",
    ],
  },
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-non-null-assertion": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  // The floors of lib/ (docs/architecture.md, decision record 016): imports only point down.
  ...layerRules,
  {
    // Vitest's useTestApp and Playwright's fixture `use` are not React hooks.
    files: ["test/**", "e2e/**", "**/*.test.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
];

export default config;
