import "server-only";
import path from "node:path";
import { type Database, openDatabase } from "@/db/client";
import { startupAuthConfig } from "@/lib/config/startup";
import { type Env, loadEnv } from "@/lib/env";
import type { Mailer } from "@/lib/server/mailer";
import {
  type Application,
  applySettings,
  type Services,
} from "@/lib/server/services";
import { ACTION_ENDPOINTS } from "@/lib/runtime/routes";
import { impersonationWatch } from "@/lib/auth/impersonation-watch";
import { noticeCredentialChange } from "@/lib/auth/credential-notice";
import { oauthBearer } from "@/lib/oauth/bearer";
import { registerAuthMiddleware } from "@/lib/auth/middleware/built-in";
import { applyExtensions } from "@/lib/extensions";
import { outboxMailer } from "@/lib/mail/outbox";
import { resendMailer } from "@/lib/mail/resend";
import { startWorker, type WorkerDeps } from "@/lib/mail/worker";
import { startPruning } from "@/lib/runtime/pruning";
import { serveBackups } from "@/lib/runtime/backup-socket";
import { WEBHOOK_QUEUE } from "@/lib/mail/queue";
import { DELIVER_COMPOSER, FANOUT_COMPOSER } from "@/lib/webhooks/deliveries";
import { webhookSecretKey } from "@/lib/webhooks/secrets";
import {
  attemptDelivery,
  fanOutActivity,
  type WebhookDeps,
} from "@/lib/webhooks/worker";
import {
  composeResetLink,
  RESET_LINK_COMPOSER,
} from "@/lib/auth/password-reset";
import {
  composeConfirmationLink,
  CONFIRM_LINK_COMPOSER,
} from "@/lib/users/email-change";
import { mailQueueKey } from "@/lib/crypto/secrets";
import { loadServicesConfig } from "@/lib/config/services";
import { corsPolicy, statefulPolicy } from "@/lib/http/stateful";
import { loadSettings, SETTINGS_REFRESH_MS } from "@/lib/settings/store";
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

/**
 * What the features give the framework: the auth actions' endpoints, the impersonation watch of
 * every request, the owner's notice after a sensitive action (decision record 028), and the
 * guard of OAuth access tokens (decision record 050).
 */
const APPLICATION: Application = {
  endpoints: ACTION_ENDPOINTS,
  prepareContext: (ctx) =>
    ctx.session.watchImpersonation(impersonationWatch(ctx)),
  noticeCredentialChange,
  jwtBearer: oauthBearer,
};

/**
 * Builds the services from an environment; throws a ConfigError naming the first bad key. The
 * features' middleware and the application's extensions (lib/extensions.ts) are registered here,
 * before any request.
 */
export function createServices(
  source: Record<string, string | undefined>,
  options: { database?: Database } = {},
): Services {
  registerAuthMiddleware();
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
    providers,
    database,
    mailer: createMailer(env, now),
    now,
    stateful,
    cors: corsPolicy(env, stateful),
    wakeMailWorker: () => {},
    wakeWebhookWorker: () => {},
    application: APPLICATION,
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
        composeResetLink({
          db,
          config: target.config,
          env: target.env,
          wakeMailWorker: () => target.wakeMailWorker(),
        })(data),
      [CONFIRM_LINK_COMPOSER]: (data) =>
        composeConfirmationLink({
          db,
          config: target.config,
          env: target.env,
          mailer: target.mailer,
        })(data),
    },
  };
}

/** What the webhook worker runs with (decision record 022): its own queue, so a slow endpoint never holds mail back. */
export function webhookWorkerDeps(target: Services): WorkerDeps {
  const db = target.database.db;
  const deps: WebhookDeps = {
    db,
    now: target.now,
    secretKey: webhookSecretKey(target.env.SESSION_SECRET),
    allowPrivate: () => target.config.webhooks["allow-private-addresses"],
  };
  return {
    db,
    mailer: target.mailer,
    now: target.now,
    key: mailQueueKey(target.env.SESSION_SECRET),
    queues: [WEBHOOK_QUEUE],
    composers: {
      [FANOUT_COMPOSER]: async (data) =>
        void (await fanOutActivity(deps, Number(data.activity_id))),
      [DELIVER_COMPOSER]: (data) =>
        attemptDelivery(deps, Number(data.delivery_id)),
    },
  };
}

/** Re-reads the settings table (every instance does this every SETTINGS_REFRESH_MS). */
export async function refreshSettings(target: Services): Promise<void> {
  applySettings(
    target,
    await loadSettings(target.database.db, target.env, {
      overrides: target.settingsOverrides,
      config: target.config,
    }),
  );
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
      await refreshSettings(created);
      const refresh = setInterval(() => {
        refreshSettings(created).catch((error: unknown) =>
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
        const mail = startWorker(workerDeps(created));
        const webhooks = startWorker(webhookWorkerDeps(created));
        created.wakeMailWorker = mail.wake;
        created.wakeWebhookWorker = webhooks.wake;
        const pruning = startPruning(() => ({
          db: created.database.db,
          config: created.config,
          env: created.env,
          now: created.now(),
        }));
        background.push(mail, webhooks, pruning);
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
