import "server-only";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { MIGRATIONS_FOLDER } from "@/db/client";
import { failedJobs, jobs, webhookDeliveries } from "@/db/schema";
import type { Env } from "@/lib/env";
import { MAIL_QUEUE } from "@/lib/mail/queue";
import { KEY_FILES } from "@/lib/oauth/key-file-names";
import { lastBackup } from "@/lib/operations/backup-record";
import {
  type HealthFigures,
  judgeHealth,
} from "@/lib/operations/health-checks";
import { ADMIN_HEALTH_CONTRACT } from "@/lib/contract/operations/routes";
import type { Context } from "@/lib/server/context";
import { defineEndpoint } from "@/lib/server/endpoint";
import type { HostRoute } from "@/lib/server/pipeline";

let journal: number[] | undefined;

/** The dates of this version's migrations (drizzle's journal), read once: the files ship with the build. */
function migrationDates(): number[] {
  journal ??= (
    JSON.parse(
      readFileSync(
        path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"),
        "utf8",
      ),
    ) as { entries: { when: number }[] }
  ).entries.map((entry) => entry.when);
  return journal;
}

/** Where the signing keys come from, as lib/oauth/keys.ts reads them, without making any. */
function oauthKeySource(env: Env): HealthFigures["oauthKeys"] {
  if (env.PASSPORT_PRIVATE_KEY && env.PASSPORT_PUBLIC_KEY) return "environment";
  const has = (name: string) => existsSync(path.join(env.DATA_DIR, name));
  return has(KEY_FILES.private) && has(KEY_FILES.public) ? "files" : "absent";
}

type Counts = {
  mail_queued: number;
  mail_oldest_due_at: number | null;
  mail_failed: number;
  webhooks_failed: number;
  webhooks_retrying: number;
  migrated_at: number[] | null;
};

/**
 * The database's figures in one statement, reads only. drizzle applies the migrations dated
 * after the last one applied, so the journal's dates are compared with the applied ones.
 */
async function readCounts(ctx: Context): Promise<Counts> {
  const migrations = sql`${sql.identifier(ctx.services.database.migrationsSchema)}.${sql.identifier("__drizzle_migrations")}`;
  const result = (await ctx.db.execute(sql`
    select
      (select count(*)::int from ${jobs} where queue = ${MAIL_QUEUE}) as mail_queued,
      (select min(available_at) from ${jobs} where queue = ${MAIL_QUEUE}) as mail_oldest_due_at,
      (select count(*)::int from ${failedJobs} where queue = ${MAIL_QUEUE}) as mail_failed,
      (select count(*)::int from ${webhookDeliveries} where status = 'failed') as webhooks_failed,
      (select count(*)::int from ${webhookDeliveries} where status = 'retrying') as webhooks_retrying,
      (select array_agg(created_at::float8) from ${migrations}) as migrated_at
  `)) as unknown as Counts[] | { rows: Counts[] };
  const row = (Array.isArray(result) ? result : result.rows)[0];
  if (!row) throw new Error("the health statement answered no row");
  return row;
}

/** GET /api/admin/health: the operator's checks (decision record 096). */
export const showHealth = defineEndpoint({
  async run(ctx) {
    const counts = await readCounts(ctx);
    const known = migrationDates();
    const applied = (counts.migrated_at ?? []).map(Number);
    const lastApplied = Math.max(0, ...applied);
    const lastKnown = Math.max(0, ...known);
    const figures: HealthFigures = {
      now: ctx.now,
      isProduction: ctx.env.isProduction,
      database: ctx.services.database.kind,
      oauthKeys: oauthKeySource(ctx.env),
      mailDriver: ctx.env.MAIL_DRIVER,
      mailQueued: counts.mail_queued,
      mailOldestDueAt:
        counts.mail_oldest_due_at === null
          ? null
          : Number(counts.mail_oldest_due_at),
      mailFailed: counts.mail_failed,
      webhooksFailed: counts.webhooks_failed,
      webhooksRetrying: counts.webhooks_retrying,
      migrationsKnown: known.length,
      migrationsPending: known.filter((when) => when > lastApplied).length,
      migrationsNewer: applied.filter((when) => when > lastKnown).length,
      backup: lastBackup(ctx.env.DATA_DIR),
    };
    return { checks: judgeHealth(figures) };
  },
});

export const SHOW_HEALTH: HostRoute = {
  ...ADMIN_HEALTH_CONTRACT,
  endpoint: showHealth,
  middleware: ["auth:sanctum", "admin"],
  ability: "admin",
  credential: "administers",
};
