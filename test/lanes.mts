// Where each test file runs (decision record 083). Every file is in a lane, which
// test/unit/test-lanes.test.ts checks against the files on disk:
// - `pglite`: `npm test`, every unit and integration file, on the embedded database;
// - `postgres`: `npm run test:postgres`, the files whose outcome depends on the database server
//   (run on PGlite too): each entry says why;
// - `scale`: `npm run test:scale`, production servers from the build on one PostgreSQL;
// - `browser`: `npm run test:e2e`, Playwright against the built server, in two halves in CI.
// The rest of the contract (validation, routing, headers, screens' schemas) is the same SQL on
// the same engine, and runs once.

/** Unit and integration files, run on PGlite by `npm test`. */
export const PGLITE: { include: string[]; exclude: string[] } = {
  include: ["test/**/*.test.ts", "lib/**/*.test.ts"],
  exclude: ["test/scale/**"],
};

/**
 * The files that run on PostgreSQL as well: PGlite is one connection in one process, so what
 * crosses connections (a race, a lock, a pool, a lost connection), what the driver sends and
 * what another application's tables hold is proven only against the server.
 */
export const POSTGRES: Record<string, string[]> = {
  "the driver, its pool and lost connections": [
    "test/faults/concurrency.test.ts",
    "test/faults/database-connection-lost.test.ts",
    "test/faults/database-unreachable.test.ts",
    "test/perf/database-pool-queue.test.ts",
    "test/perf/hot-paths.test.ts",
    "test/perf/read-cache.test.ts",
    "test/observability/health.test.ts",
  ],
  "what the server accepts in a value (NUL bytes, odd Unicode, lengths at the limits)":
    ["test/faults/hostile-content.test.ts"],
  "migrations, the catalogue and tables another application wrote": [
    "test/unit/migration-journal.test.ts",
    "test/http/admin-health.test.ts",
    "test/ledger/catalogue.test.ts",
    "test/oauth/passport-database.test.ts",
    "test/oauth/passport-fixtures.test.ts",
    "test/teams/jetstream-database.test.ts",
    "test/authentication-log/laravel-table.test.ts",
    "test/cli/commands.test.ts",
  ],
  "requests that race for one row (locks, single use, counters)": [
    "test/http/admin-user-delete-restore.test.ts",
    "test/http/challenge.test.ts",
    "test/http/delete-account.test.ts",
    "test/http/email-change.test.ts",
    "test/http/forgot-password.test.ts",
    "test/http/impersonation-lifecycle.test.ts",
    "test/http/login.test.ts",
    "test/http/passkey-registration.test.ts",
    "test/http/register.test.ts",
    "test/http/roll-token.test.ts",
    "test/http/rolled-token.test.ts",
    "test/http/sensitive-actions.test.ts",
    "test/http/socialite-callback.test.ts",
    "test/http/token-limits.test.ts",
    "test/http/token-use.test.ts",
    "test/http/two-factor-challenge.test.ts",
    "test/http/upload-quota.test.ts",
    "test/http/user-update.test.ts",
    "test/oauth/client-secret.test.ts",
    "test/oauth/token-families.test.ts",
    "test/oauth/device-grant.test.ts",
    "test/passwordless/sign-in-link.test.ts",
    "test/teams/teams.test.ts",
    "test/teams/team-tokens.test.ts",
    "test/teams/team-clients.test.ts",
    "test/teams/team-permission-races.test.ts",
  ],
  "queues and deletes in bulk (SKIP LOCKED, time arithmetic in SQL)": [
    "test/mail/queue.test.ts",
    "test/retention/*.test.ts",
    "test/webhooks/*.test.ts",
  ],
  "an MCP host's whole sign-in through the SDK, its metadata document's client made by an upsert":
    ["test/oauth/mcp-example.test.ts"],
  "every account event against every kind of credential": [
    "test/ledger/event-walk.test.ts",
  ],
};

/** The PostgreSQL lane's files, as Vitest's `include`. */
export const POSTGRES_INCLUDE = Object.values(POSTGRES).flat();

/** Production servers from the build, on one PostgreSQL (vitest.scale.config.mts). */
export const SCALE = { include: ["test/scale/**/*.test.ts"] };

/** Playwright's specs (playwright.config.ts). */
export const BROWSER = { include: ["e2e/**/*.spec.ts"] };

/**
 * The browser suite's second half (decision record 117): `E2E_HALF=second npm run test:e2e` runs
 * these specs, `E2E_HALF=first` the others, and .ci/run runs the two halves side by side, each with
 * its own server. About half of the suite's time, as CI's report of 2026-12-04 timed its files
 * (`node scripts/slowest-tests.mjs <playwright report>`): the accessibility walk and the next
 * slowest specs, 464 s of 944. A new spec runs in the first half.
 */
export const BROWSER_SECOND_HALF = [
  "e2e/accessibility.spec.ts",
  "e2e/oauth-clients.spec.ts",
  "e2e/passkeys.spec.ts",
  "e2e/api-reference.spec.ts",
  "e2e/oauth-resources.spec.ts",
  "e2e/passwordless.spec.ts",
  "e2e/oauth-consent.spec.ts",
  "e2e/tokens.spec.ts",
];
