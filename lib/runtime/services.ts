import "server-only";
import path from "node:path";
import { type Database, openDatabase } from "@/db/client";
import { startupAuthConfig } from "@/lib/config/startup";
import { type Env, loadEnv } from "@/lib/env";
import type { Mailer } from "@/lib/server/mailer";
import { type Application, type Services } from "@/lib/server/services";
import { ACTION_ENDPOINTS } from "@/lib/runtime/routes";
import { collected } from "@/lib/runtime/features";
import { credentialLedger } from "@/lib/server/credential-ledger";
import { applyExtensions } from "@/lib/extensions";
import { outboxMailer } from "@/lib/mail/outbox";
import { resendMailer } from "@/lib/mail/resend";
import { startWorker, type WorkerDeps } from "@/lib/mail/worker";
import { MAIL_QUEUE, WEBHOOK_QUEUE } from "@/lib/mail/queue";
import { startPruning } from "@/lib/runtime/pruning";
import { serveBackups } from "@/lib/runtime/backup-socket";
import { registerMiddleware } from "@/lib/server/middleware";
import { listen } from "@/lib/server/events";
import type { EventListeners } from "@/lib/server/feature";
import type { Context } from "@/lib/server/context";
import { mailQueueKey } from "@/lib/crypto/secrets";
import { loadServicesConfig } from "@/lib/config/services";
import { corsPolicy, statefulPolicy } from "@/lib/http/stateful";
import { reloadSettings, SETTINGS_REFRESH_MS } from "@/lib/settings/store";
import { onShutdown } from "@/lib/server/lifecycle";
import { log } from "@/lib/observability/request-scope";
import { configureLogging, describeError } from "@/lib/observability/logger";

export function createMailer(env: Env, now: () => Date): Mailer {
  if (env.MAIL_DRIVER === "resend") {
    if (!env.RESEND_API_KEY)
      throw new Error("RESEND_API_KEY: required when MAIL_DRIVER is resend");
    return resendMailer(
      env.RESEND_API_KEY,
      env.MAIL_FROM ?? "onboarding@resend.dev",
      env.RESEND_BASE_URL,
    );
  }
  return outboxMailer(env.MAIL_OUTBOX_DIR, now);
}

/** The one request hook of kind `key` the manifests give (none, or one feature's), else a start-up error. */
function requestHook<K extends keyof Application>(
  key: K,
): Application[K] | undefined {
  const given = collected("requestHooks").flatMap((hooks) =>
    key in hooks ? [(hooks as Partial<Application>)[key]] : [],
  );
  if (given.length > 1)
    throw new Error(`request hook ${key}: given by ${given.length} features`);
  return given[0] as Application[K] | undefined;
}

/**
 * What the features give the framework, from their manifests: the auth actions' endpoints, the
 * impersonation watch of every request, the owner's notice after a sensitive action (decision
 * record 028), the guard of OAuth access tokens (decision record 050) and the address of their
 * resource's metadata for bearer challenges (decision record 085).
 */
function application(): Application {
  const prepareContext = requestHook("prepareContext");
  const noticeCredentialChange = requestHook("noticeCredentialChange");
  if (!noticeCredentialChange)
    throw new Error("request hook noticeCredentialChange: no feature gives it");
  return {
    endpoints: ACTION_ENDPOINTS,
    credentials: credentialLedger(collected("credentials").flat()),
    prepareContext: (ctx: Context) => prepareContext?.(ctx),
    noticeCredentialChange,
    jwtBearer: requestHook("jwtBearer"),
    resourceMetadataUrl: requestHook("resourceMetadataUrl"),
  };
}

const APPLICATION = application();

/** Listeners are added once per process, however many times the services are built (tests build many). */
const listening = new WeakSet<EventListeners>();

/**
 * Puts the features' middleware in the registry (`auth`, `throttle`, …, `admin`) and their event
 * listeners on the events, from their manifests: before any route is resolved.
 */
export function registerFeatureMiddleware(): void {
  for (const middleware of collected("middleware"))
    for (const [name, definition] of Object.entries(middleware))
      registerMiddleware(name, definition);
  for (const listeners of collected("listeners")) {
    if (listening.has(listeners)) continue;
    listening.add(listeners);
    for (const [event, list] of Object.entries(listeners))
      for (const listener of list ?? [])
        listen(event as keyof EventListeners, listener as never);
  }
}

/**
 * Builds the services from an environment; throws a ConfigError naming the first bad key. The
 * features' middleware and listeners (their manifests) and the application's extensions
 * (lib/extensions.ts) are registered here, before any request.
 */
export function createServices(
  source: Record<string, string | undefined>,
  options: { database?: Database } = {},
): Services {
  registerFeatureMiddleware();
  applyExtensions();
  const env = loadEnv(source);
  const config = startupAuthConfig(env);
  const providers = loadServicesConfig(env);
  const now = () => new Date();
  const stateful = statefulPolicy(env);
  const database =
    options.database ??
    openDatabase({
      url: env.DATABASE_URL,
      dataDir: env.DATABASE_URL ? undefined : path.join(env.DATA_DIR, "db"),
    });
  return {
    env,
    config,
    startupConfig: config,
    settingsOverrides: {},
    settingsReads: { begun: 0, inForce: 0 },
    providers,
    database,
    mailer: createMailer(env, now),
    now,
    stateful,
    cors: corsPolicy(env, stateful),
    wakeMailWorker: () => {},
    wakeWebhookWorker: () => {},
    reportedUnreadableHashes: new Set(),
    application: APPLICATION,
  };
}

/**
 * What the worker of `queue` runs with: the queue's database, the mailer, and every feature's
 * composers of deferred jobs (their manifests), built from `target` so that they read the
 * configuration in force when they run.
 */
function queueWorkerDeps(target: Services, queue: string): WorkerDeps {
  const composers = Object.fromEntries(
    collected("composers").flatMap((declared) =>
      Object.entries(declared).map(([name, compose]) => [
        name,
        compose(target),
      ]),
    ),
  );
  return {
    db: target.database.db,
    mailer: target.mailer,
    now: target.now,
    key: mailQueueKey(target.env.SESSION_SECRET),
    queues: [queue],
    composers,
  };
}

/** What the mail worker runs with (decision record 004). */
export function workerDeps(target: Services): WorkerDeps {
  return queueWorkerDeps(target, MAIL_QUEUE);
}

/** What the webhook worker runs with (decision record 022): its own queue, so a slow endpoint never holds mail back. */
export function webhookWorkerDeps(target: Services): WorkerDeps {
  return queueWorkerDeps(target, WEBHOOK_QUEUE);
}

type Booted = { services: Services; ready: Promise<Services> };
const globalForServices = globalThis as typeof globalThis & {
  __authServices?: Booted;
};

/**
 * The process's services, created and migrated once (cached on globalThis: dev reloads and the
 * several bundles of one server share one database handle). Starts the mail worker.
 */
export function services(): Promise<Services> {
  if (!globalForServices.__authServices) {
    const created = createServices(process.env);
    const ready = (async () => {
      await configureLogging(
        created.env.LOG_LEVEL,
        created.env.NODE_ENV === "development",
      );
      await created.database.migrate();
      await reloadSettings(created);
      const refresh = setInterval(() => {
        reloadSettings(created).catch((error: unknown) =>
          log().error(
            { err: describeError(error) },
            "settings: refresh failed",
          ),
        );
      }, SETTINGS_REFRESH_MS).unref();
      const background: { stop(): void | Promise<void> }[] = [
        { stop: () => clearInterval(refresh) },
      ];
      if (created.env.QUEUE_WORKER === "true") {
        for (const declared of collected("workers").flat()) {
          const worker = startWorker(queueWorkerDeps(created, declared.queue));
          created[declared.wake] = worker.wake;
          background.push(worker);
        }
        const pruning = startPruning(() => ({
          db: created.database.db,
          config: created.config,
          env: created.env,
          now: created.now(),
        }));
        background.push(pruning);
      }
      if (created.database.kind === "pglite")
        background.push(serveBackups(created.database, created.env.DATA_DIR));
      // Decision record 040: on SIGTERM, once no request is left, the workers finish the job
      // under way (a job cut by the bound stays reserved and another instance takes it later),
      // then the pool (or PGlite) closes cleanly.
      onShutdown(async () => {
        await Promise.all(background.map((task) => task.stop()));
        await created.database.close();
      });
      return created;
    })();
    globalForServices.__authServices = { services: created, ready };
  }
  return globalForServices.__authServices.ready;
}
