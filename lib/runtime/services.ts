import "server-only";
import path from "node:path";
import { type Database, openDatabase } from "@/db/client";
import { type AuthConfig, buildAuthConfig } from "@/lib/auth/config";
import { type Env, loadEnv } from "@/lib/env";
import type { Mailer } from "@/lib/mail/mailer";
import { outboxMailer } from "@/lib/mail/outbox";
import { resendMailer } from "@/lib/mail/resend";
import { startWorker, type WorkerDeps } from "@/lib/mail/worker";
import { startPruning } from "@/lib/runtime/pruning";
import { composeResetLink, RESET_LINK_COMPOSER } from "@/lib/auth/password-reset";
import { composeConfirmationLink, CONFIRM_LINK_COMPOSER } from "@/lib/users/email-change";
import { mailQueueKey } from "@/lib/auth/secrets";
import { loadServicesConfig, type ServicesConfig } from "@/lib/auth/social/config";
import { corsPolicy, statefulPolicy, type OriginPolicy } from "@/lib/auth/stateful";
import { loadSettings, SETTINGS_REFRESH_MS, type SettingsState } from "@/lib/settings/store";

/** Everything a request needs from the process: configuration, database, mail, clock. */
export type Services = {
  env: Env;
  /** The effective auth configuration: start-up configuration plus the administrators' settings. */
  config: AuthConfig;
  /** The settings stored in the database, as `dotted.key → value`. */
  settingsOverrides: Record<string, unknown>;
  providers: ServicesConfig;
  database: Database;
  mailer: Mailer;
  now: () => Date;
  /** Origins whose requests may use the session cookie (issue 9). */
  stateful: OriginPolicy;
  /** Origins allowed to call with credentials (CORS); by default the stateful ones. */
  cors: OriginPolicy;
  /** Asks the mail worker to look at the queue now (after a request queued a message). */
  wakeMailWorker: () => void;
};

export function createMailer(env: Env, now: () => Date): Mailer {
  if (env.MAIL_DRIVER === "resend") {
    if (!env.RESEND_API_KEY) throw new Error("RESEND_API_KEY: required when MAIL_DRIVER is resend");
    return resendMailer(env.RESEND_API_KEY, env.MAIL_FROM ?? "onboarding@resend.dev", env.RESEND_BASE_URL);
  }
  return outboxMailer(env.MAIL_OUTBOX_DIR, now);
}

/** Builds the services from an environment; throws a ConfigError naming the first bad key. */
export function createServices(source: Record<string, string | undefined>, options: { database?: Database } = {}): Services {
  const env = loadEnv(source);
  const config = buildAuthConfig(env);
  const providers = loadServicesConfig(env);
  const now = () => new Date();
  const stateful = statefulPolicy(env);
  const database =
    options.database ?? openDatabase({ url: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : path.join(env.DATA_DIR, "db") });
  return {
    env,
    config,
    settingsOverrides: {},
    providers,
    database,
    mailer: createMailer(env, now),
    now,
    stateful,
    cors: corsPolicy(env, stateful),
    wakeMailWorker: () => {},
  };
}

/** What the mail worker runs with: the queue's database, the mailer, and the composers of deferred messages. */
export function workerDeps(target: Services): WorkerDeps {
  const db = target.database.db;
  return {
    db,
    mailer: target.mailer,
    now: target.now,
    key: mailQueueKey(target.env.SESSION_SECRET),
    composers: {
      // Read through `target` at run time: settings change the configuration, and the worker's wake-up is set after start.
      [RESET_LINK_COMPOSER]: (data) =>
        composeResetLink({ db, config: target.config, env: target.env, wakeMailWorker: () => target.wakeMailWorker() })(data),
      [CONFIRM_LINK_COMPOSER]: (data) => composeConfirmationLink({ db, config: target.config, env: target.env, mailer: target.mailer })(data),
    },
  };
}

/** Puts a settings state in force in this process. */
export function applySettings(target: Services, state: SettingsState): void {
  target.config = state.config;
  target.settingsOverrides = state.overrides;
}

/** Re-reads the settings table (every instance does this every SETTINGS_REFRESH_MS). */
export async function refreshSettings(target: Services): Promise<void> {
  applySettings(target, await loadSettings(target.database.db, target.env));
}

type Booted = { services: Services; ready: Promise<Services> };
const globalForServices = globalThis as typeof globalThis & { __authServices?: Booted };

/**
 * The process's services, created and migrated once (cached on globalThis: dev reloads and the
 * several bundles of one server share one database handle). Starts the mail worker.
 */
export function services(): Promise<Services> {
  if (!globalForServices.__authServices) {
    const created = createServices(process.env);
    const ready = (async () => {
      await created.database.migrate();
      await refreshSettings(created);
      setInterval(() => {
        refreshSettings(created).catch((error: unknown) => console.error("[settings] refresh failed", (error as Error).message));
      }, SETTINGS_REFRESH_MS).unref();
      if (created.env.QUEUE_WORKER === "true") {
        const worker = startWorker(workerDeps(created));
        created.wakeMailWorker = worker.wake;
        startPruning(() => ({ db: created.database.db, config: created.config, env: created.env, now: created.now() }));
      }
      return created;
    })();
    globalForServices.__authServices = { services: created, ready };
  }
  return globalForServices.__authServices.ready;
}
