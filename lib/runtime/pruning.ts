import "server-only";
import type { Db } from "@/db/client";
import type { AuthConfig } from "@/lib/config/auth";
import { pruneAuthTables } from "@/lib/auth/prune";
import {
  notifyExpiringTokens,
  revokeUnusedTokens,
} from "@/lib/auth/token-expiry";
import { hit } from "@/lib/auth/rate-limit";
import type { Env } from "@/lib/env";
import { pruneFailedJobs } from "@/lib/mail/queue";
import { pruneOrphanedUploads } from "@/lib/uploads/cleanup";
import { log } from "@/lib/observability/request-scope";
import { describeError } from "@/lib/observability/logger";
import { pruneChallenges } from "@/lib/passkeys/challenges";
import { pruneUnusedRegisteredClients } from "@/lib/oauth/registered-client-pruning";
import { purgeDeletedAccounts } from "@/lib/users/purge-accounts";
import { pruneDeliveries } from "@/lib/webhooks/deliveries";

/**
 * The pruning task (decision record 015): every instance's worker looks each minute, and the first
 * to claim the window of `retention.prune-every-minutes` prunes; the others skip it. The claim is
 * a rate-limit row (one atomic upsert), so it works alike on PGlite and on PostgreSQL, and an
 * instance that dies mid-way leaves only deletes the next run repeats harmlessly.
 */
export type PruneDeps = { db: Db; config: AuthConfig; env: Env; now: Date };

const CLAIM_KEY = "prune:claim";
const DAY_MS = 86_400_000;
const TICK_MS = 60_000;

/** Prunes now, claim or not; returns how many rows or files went, per kind. */
export async function prune(deps: PruneDeps): Promise<Record<string, number>> {
  const keep = deps.config.retention;
  return {
    ...(await pruneAuthTables(
      deps.db,
      deps.config,
      deps.env.SESSION_LIFETIME,
      deps.now,
    )),
    // Decision record 045: the week's notice of an expiring token, and tokens left unused.
    token_expiry_notices: await notifyExpiringTokens(
      deps.db,
      {
        userClass: deps.config["user-class"],
        appUrl: deps.env.APP_URL,
        sessionSecret: deps.env.SESSION_SECRET,
      },
      deps.now,
    ),
    unused_tokens: await revokeUnusedTokens(
      deps.db,
      deps.config.tokens["revoke-unused-days"],
      deps.now,
    ),
    registered_oauth_clients: await pruneUnusedRegisteredClients(
      deps.db,
      deps.config.oauth["registered-client-unused-days"],
      deps.now,
    ),
    // Unanswered passkey challenges, once past their five minutes (decision record 025).
    passkey_challenges: (await pruneChallenges(deps.db, deps.now)).length,
    failed_jobs: await pruneFailedJobs(
      deps.db,
      new Date(deps.now.getTime() - keep["failed-mail-days"] * DAY_MS),
    ),
    // Before the uploads: a purged account's photo is then no one's and goes in the same run.
    deleted_accounts: await purgeDeletedAccounts(
      deps.db,
      {
        graceDays: keep["deleted-accounts-days"],
        userClass: deps.config["user-class"],
      },
      deps.now,
    ),
    webhook_deliveries: await pruneDeliveries(
      deps.db,
      new Date(deps.now.getTime() - keep["webhook-deliveries-days"] * DAY_MS),
    ),
    uploads: await pruneOrphanedUploads(
      deps.db,
      deps.env.DATA_DIR,
      new Date(deps.now.getTime() - keep["uploads-hours"] * 3_600_000),
    ),
  };
}

/** Prunes if this instance claims the current window; null when another instance has it. */
export async function pruneIfDue(
  deps: PruneDeps,
): Promise<Record<string, number> | null> {
  const window = await hit(
    deps.db,
    CLAIM_KEY,
    deps.config.retention["prune-every-minutes"] * 60,
    deps.now,
  );
  return window.hits === 1 ? prune(deps) : null;
}

/** Starts the ticks; `deps` is read at each tick (settings may change the configuration). */
export function startPruning(deps: () => PruneDeps): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    pruneIfDue(deps())
      .then((pruned) => {
        if (pruned) log().info({ pruned }, "prune: expired rows deleted");
      })
      .catch((error: unknown) =>
        log().error({ err: describeError(error) }, "prune: failed"),
      )
      .finally(() => {
        running = false;
      });
  }, TICK_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
