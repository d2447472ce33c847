// The floors of lib/ and the order of the features (docs/architecture.md, decision record 016).
// A lower floor never imports a higher one, and no two folders import each other: an upward
// import fails `npm run lint` (test/unit/layers.test.ts shows it); a cycle fails it through
// dependency-cruiser (.dependency-cruiser.cjs, `npm run cycles`).

/**
 * The base floor, in tiers (lowest first): plain building blocks. A base folder imports only the
 * tiers below its own. The lowest is the contract (decision record 113): the route types, the
 * auth actions' table, the token abilities, the credential classes and every feature's request
 * and response schemas, pure zod that the configuration, the server, the features and the
 * browser's client all read.
 */
const BASE_TIERS = [
  ["lib/contract"],
  ["db", "lib/config", "lib/crypto", "lib/i18n"],
  ["lib/env.ts", "lib/http"],
  ["lib/validation", "lib/observability"],
];
const SERVER = ["lib/server"];
const POLICIES = ["lib/policies"];
/** The features, each above those it may use: an upper one may import a lower one, never the reverse. */
const FEATURES = [
  ["lib/audit", "lib/mail", "lib/uploads"],
  // Browser sessions and the step-up (decision record 024): the profile update asks for it.
  ["lib/sessions"],
  ["lib/users"],
  // Teams on Jetstream's tables (decision record 087): get-auth and registration read them.
  ["lib/teams"],
  // The sign-in history (decision record 095): the sign-in paths of lib/auth write it.
  ["lib/authentication-log"],
  ["lib/auth"],
  [
    "lib/admin",
    "lib/settings",
    "lib/operations",
    "lib/account",
    "lib/webhooks",
    "lib/passkeys",
    // The OAuth 2.1 / OpenID Connect server (decision record 050): the guard reaches it through the services.
    "lib/oauth",
  ],
];
/** The composition root: builds the services from the features and the application's extensions. */
const APP = ["lib/runtime", "lib/extensions.ts"];
/** The browser's side. */
const CLIENT = ["lib/client"];

/** Every folder and file of lib/, each on one floor (test/unit/layers.test.ts checks that none is missing). */
export const PLACED = [
  ...BASE_TIERS.flat(),
  ...SERVER,
  ...POLICIES,
  ...FEATURES.flat(),
  ...APP,
  ...CLIENT,
];

const above = (floors, index) => floors.slice(index + 1).flat();
const features = FEATURES.flat();

const zone = (target, from, message) => ({
  target: target.map((path) => `./${path}`),
  from: from.map((path) => `./${path}`),
  message,
});

const zones = [
  ...BASE_TIERS.map((tier, index) =>
    zone(
      tier,
      [
        ...above(BASE_TIERS, index),
        ...SERVER,
        ...POLICIES,
        ...features,
        ...APP,
        ...CLIENT,
      ],
      "the base floor imports nothing above it (eslint.layers.mjs BASE_TIERS)",
    ),
  ),
  zone(
    SERVER,
    [...POLICIES, ...features, ...APP, ...CLIENT],
    "lib/server is the framework: it imports no policy, feature or application module (features are handed to it in the services)",
  ),
  zone(POLICIES, [...features, ...APP], "lib/policies imports no feature"),
  ...FEATURES.map((level, index) =>
    zone(
      level,
      [...above(FEATURES, index), ...APP],
      "a feature imports only the features below it (eslint.layers.mjs FEATURES)",
    ),
  ),
  // The browser's side: pure modules only (the contract, the base's pure files, the policies' rules,
  // the upload address).
  zone(
    CLIENT,
    [
      ...SERVER,
      ...APP,
      "db",
      "lib/crypto",
      ...features.filter((folder) => folder !== "lib/uploads"),
    ],
    "lib/client runs in the browser: no server module",
  ),
];

export const layerRules = [
  {
    files: ["**/*.ts", "**/*.tsx"],
    settings: { "import/ignore": ["node_modules"] },
    rules: {
      "import/no-restricted-paths": ["error", { zones }],
    },
  },
];
