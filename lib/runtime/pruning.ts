import "server-only";
import { hit } from "@/lib/auth/rate-limit";
import type { PruneDeps } from "@/lib/server/feature";
import { credentialLedger } from "@/lib/server/credential-ledger";
import { log } from "@/lib/observability/request-scope";
import { describeError } from "@/lib/observability/logger";
import { collected } from "@/lib/runtime/features";

/**
 * The pruning task (decision record 015): every instance's worker looks each minute, and the first
 * to claim the window of `retention.prune-every-minutes` prunes; the others skip it. The claim is
 * a rate-limit row (one atomic upsert), so it works alike on PGlite and on PostgreSQL, and an
 * instance that dies mid-way leaves only deletes the next run repeats harmlessly.
 */
const CLAIM_KEY = "prune:claim";
const TICK_MS = 60_000;

/**
 * Prunes now, claim or not: each feature's pruners (their manifests), in the order of FEATURES;
 * returns how many rows or files went, per kind.
 */
export async function prune(deps: PruneDeps): Promise<Record<string, number>> {
  const pruned: Record<string, number> = {};
  // The same kinds, in the same order, as services' (lib/runtime/services.ts).
  const credentials = credentialLedger(collected("credentials").flat());
  for (const pruners of collected("pruners"))
    for (const [name, pruner] of Object.entries(pruners)) {
      const count = await pruner({ ...deps, credentials });
      if (typeof count === "number") pruned[name] = count;
      else Object.assign(pruned, count);
    }
  return pruned;
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
