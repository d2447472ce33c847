import type { HealthCheck } from "@/lib/contract/operations/routes";
import type { BackupRecord } from "@/lib/operations/backup-record";

/** What the health panel is judged from: read by lib/operations/health-panel.ts, no writes. */
export type HealthFigures = {
  now: Date;
  isProduction: boolean;
  database: "pglite" | "postgres";
  oauthKeys: "environment" | "files" | "absent";
  mailDriver: "outbox" | "resend";
  mailQueued: number;
  /** When the oldest waiting message became due (seconds since the epoch, as `jobs` keeps it). */
  mailOldestDueAt: number | null;
  mailFailed: number;
  webhooksFailed: number;
  webhooksRetrying: number;
  migrationsKnown: number;
  migrationsPending: number;
  /** Applied migrations dated after this version's last one: a newer version migrated the database. */
  migrationsNewer: number;
  backup: BackupRecord | null;
};

/** A message due this long ago and still waiting means no worker is sending (decision record 096). */
export const MAIL_STUCK_MINUTES = 10;
/** A backup older than this is stale: the guide asks for one a day (docs/administration.md). */
export const BACKUP_STALE_HOURS = 48;

const NOTHING = "Nothing to do.";
const check = (
  name: HealthCheck["name"],
  status: HealthCheck["status"],
  figure: string,
  action: string,
  values: HealthCheck["values"] = {},
): HealthCheck => ({ name, status, figure, action, values });

function oauthKeys(f: HealthFigures): HealthCheck {
  if (f.oauthKeys === "environment")
    return check(
      "oauth-keys",
      "ok",
      "Set in PASSPORT_PRIVATE_KEY and PASSPORT_PUBLIC_KEY",
      NOTHING,
    );
  if (f.oauthKeys === "files")
    return check("oauth-keys", "ok", "Key files in DATA_DIR", NOTHING);
  return f.isProduction
    ? check(
        "oauth-keys",
        "fail",
        "Absent",
        "Run `npm run auth -- oauth:keys` on the server, or set PASSPORT_PRIVATE_KEY and PASSPORT_PUBLIC_KEY: until then every OAuth route answers 503.",
      )
    : check(
        "oauth-keys",
        "warn",
        "Absent",
        "Development makes them on first use; in production run `npm run auth -- oauth:keys` or set PASSPORT_PRIVATE_KEY and PASSPORT_PUBLIC_KEY.",
      );
}

function mailDriver(f: HealthFigures): HealthCheck {
  if (f.mailDriver === "resend")
    return check("mail-driver", "ok", "Resend", NOTHING);
  return f.isProduction
    ? check(
        "mail-driver",
        "fail",
        "Outbox: written to files, not sent",
        "Set RESEND_API_KEY and MAIL_FROM and restart: until then nobody receives a reset or verification link.",
      )
    : check(
        "mail-driver",
        "ok",
        "Outbox: written to files, not sent",
        "Fine for development; in production set RESEND_API_KEY and MAIL_FROM.",
      );
}

function mailQueue(f: HealthFigures): HealthCheck {
  const values = { queued: f.mailQueued, failed: f.mailFailed };
  if (f.mailFailed > 0)
    return check(
      "mail-queue",
      "fail",
      ":queued waiting, :failed failed",
      "Open Mail to read why they failed, and retry them once the cause is fixed.",
      values,
    );
  const late =
    f.mailOldestDueAt === null
      ? 0
      : Math.floor((f.now.getTime() / 1000 - f.mailOldestDueAt) / 60);
  if (late >= MAIL_STUCK_MINUTES)
    return check(
      "mail-queue",
      "warn",
      ":queued waiting, the oldest for :minutes minutes",
      "Check that a worker runs (QUEUE_WORKER on at least one instance) and that the mail provider answers: the log names the errors.",
      { ...values, minutes: late },
    );
  return check(
    "mail-queue",
    "ok",
    ":queued waiting, :failed failed",
    NOTHING,
    values,
  );
}

function webhooks(f: HealthFigures): HealthCheck {
  const values = { failed: f.webhooksFailed, retrying: f.webhooksRetrying };
  return f.webhooksFailed > 0
    ? check(
        "webhooks",
        "warn",
        ":failed failed, :retrying retrying",
        "Open Webhooks: each delivery shows the endpoint's answer. Fix the endpoint, then send it a test.",
        values,
      )
    : check(
        "webhooks",
        "ok",
        ":failed failed, :retrying retrying",
        NOTHING,
        values,
      );
}

function migrations(f: HealthFigures): HealthCheck {
  if (f.migrationsPending > 0)
    return check(
      "migrations",
      "fail",
      ":count pending",
      "Run `npm run db:migrate`, or restart the server, which applies them at start; its log says why they did not apply.",
      { count: f.migrationsPending },
    );
  if (f.migrationsNewer > 0)
    return check(
      "migrations",
      "warn",
      ":count newer than this version",
      "A newer version migrated this database: upgrade this instance.",
      { count: f.migrationsNewer },
    );
  return check("migrations", "ok", "All applied (:count)", NOTHING, {
    count: f.migrationsKnown,
  });
}

function backup(f: HealthFigures): HealthCheck {
  if (f.database === "postgres")
    return check(
      "backup",
      "warn",
      "Not recorded for PostgreSQL",
      "Back up PostgreSQL with pg_dump on a schedule (docs/deployment.md): this server records only the embedded database's backups.",
    );
  if (!f.backup)
    return check(
      "backup",
      "warn",
      "Not recorded",
      "Run `npm run auth -- backup <file>` every day, and keep the copies off this machine.",
    );
  const hours = Math.floor(
    (f.now.getTime() - f.backup.at.getTime()) / 3_600_000,
  );
  const values = { hours, size: Math.ceil(f.backup.bytes / 1024) };
  return hours >= BACKUP_STALE_HOURS
    ? check(
        "backup",
        "warn",
        ":hours hours ago (:size KB)",
        "Run `npm run auth -- backup <file>` every day, and keep the copies off this machine.",
        values,
      )
    : check(
        "backup",
        "ok",
        ":hours hours ago (:size KB)",
        "Nothing to do; keep the copies off this machine, and try a restore now and then.",
        values,
      );
}

/** The panel's checks, in HEALTH_CHECK_NAMES' order: each a status, a figure and what to do. */
export function judgeHealth(figures: HealthFigures): HealthCheck[] {
  return [
    oauthKeys(figures),
    mailDriver(figures),
    mailQueue(figures),
    webhooks(figures),
    migrations(figures),
    backup(figures),
  ];
}
