import "server-only";
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
} from "prom-client";

/**
 * The process's metrics (decision record 019). Counters and histograms are this process's own,
 * as Prometheus expects of each instance it scrapes; the mail queue and the pool are gauges read
 * at scrape time (lib/observability/scrape.ts). Labels are route names, methods, statuses and
 * outcomes: never an address, an email or a secret.
 */
function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const on = { registers: [registry] };
  const requestLabels = ["route", "method", "status"] as const;
  return {
    registry,
    requests: new Counter({
      name: "auth_http_requests_total",
      help: "API requests answered, by route name, method and status",
      labelNames: requestLabels,
      ...on,
    }),
    duration: new Histogram({
      name: "auth_http_request_duration_seconds",
      help: "Time to answer an API request, by route name, method and status",
      labelNames: requestLabels,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      ...on,
    }),
    signIns: new Counter({
      name: "auth_sign_ins_total",
      help: "Sign-in attempts by outcome (success, bad_credentials, lockout, second_factor, passkey_refused)",
      labelNames: ["outcome"] as const,
      ...on,
    }),
    registrations: new Counter({
      name: "auth_registrations_total",
      help: "Accounts registered",
      ...on,
    }),
    passwordResets: new Counter({
      name: "auth_password_resets_total",
      help: "Passwords reset through a reset link",
      ...on,
    }),
    tokensCreated: new Counter({
      name: "auth_tokens_created_total",
      help: "Personal access tokens created",
      ...on,
    }),
    tokensUsed: new Counter({
      name: "auth_tokens_used_total",
      help: "Requests authenticated by a personal access token",
      ...on,
    }),
    oauthClientRequests: new Counter({
      name: "auth_oauth_client_requests_total",
      help: 'Requests authenticated by an OAuth access token, by client id (the first 100 clients this process saw; later ones are "other")',
      labelNames: ["client"] as const,
      ...on,
    }),
    passwordChecks: new Counter({
      name: "auth_password_checks_total",
      help: "bcrypt password checks by the cost of the hash checked (a refusal without a readable hash checks a dummy one of the configured cost)",
      labelNames: ["cost"] as const,
      ...on,
    }),
    impersonations: new Counter({
      name: "auth_impersonations_total",
      help: "Impersonations started",
      ...on,
    }),
    teamChanges: new Counter({
      name: "auth_team_changes_total",
      help: "Changes to teams by kind (created, deleted, member_invited, member_added, member_updated, member_removed, invitation_cancelled, ownership_transferred)",
      labelNames: ["change"] as const,
      ...on,
    }),
    mailQueued: new Gauge({
      name: "auth_mail_queue_depth",
      help: "Messages waiting in the mail queue (all instances)",
      ...on,
    }),
    mailOldest: new Gauge({
      name: "auth_mail_queue_oldest_seconds",
      help: "Age of the oldest queued message, 0 when the queue is empty",
      ...on,
    }),
    mailFailed: new Gauge({
      name: "auth_mail_failed",
      help: "Messages that failed for good and are kept for retry (all instances)",
      ...on,
    }),
    poolInUse: new Gauge({
      name: "auth_database_pool_in_use",
      help: "This process's database connections running a statement or a transaction",
      ...on,
    }),
    poolOpen: new Gauge({
      name: "auth_database_pool_open",
      help: "This process's open database connections",
      ...on,
    }),
    poolMax: new Gauge({
      name: "auth_database_pool_max",
      help: "This process's largest number of database connections",
      ...on,
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const SLOT = Symbol.for("next-laravel-auth.metrics");
const registry = globalThis as typeof globalThis & { [SLOT]?: Metrics };

/** The process's metrics, shared by every bundle of one server. */
export function metrics(): Metrics {
  registry[SLOT] ??= createMetrics();
  return registry[SLOT];
}
