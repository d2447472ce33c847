import "server-only";
import { log } from "@/lib/observability/request-scope";
import { describeError } from "@/lib/observability/logger";

/**
 * Work a request starts and does not wait for (bookkeeping such as a token's last use, decision
 * record 045): it runs after the current turn of the event loop, so the response goes first, and
 * a failure is logged, never thrown at a caller that has already answered.
 */
const pending = new Set<Promise<void>>();

export function runInBackground(
  label: string,
  work: () => Promise<unknown>,
): void {
  const task = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .then(
      () => undefined,
      (error: unknown) => {
        log().error({ err: describeError(error) }, `${label}: failed`);
      },
    )
    .finally(() => pending.delete(task));
  pending.add(task);
}

/** Resolves once every background task started so far (and any they start) has ended. */
export async function settleBackground(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
