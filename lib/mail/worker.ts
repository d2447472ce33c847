import "server-only";
import type { Db } from "@/db/client";
import type { Mailer } from "@/lib/server/mailer";
import {
  claimJob,
  completeJob,
  type ComposeJob,
  failJob,
  type JobPayload,
  openMailJob,
  type QueueKey,
} from "@/lib/mail/queue";
import { log } from "@/lib/observability/request-scope";
import { describeError } from "@/lib/observability/logger";

/** Runs a deferred job: typically stores what it needs and queues the message it decided on. */
export type Composer = (data: ComposeJob["data"]) => Promise<void>;

export type WorkerDeps = {
  db: Db;
  mailer: Mailer;
  now: () => Date;
  key: QueueKey;
  composers?: Record<string, Composer>;
  /** The queues this worker takes jobs from (default: mail). */
  queues?: readonly string[];
};

async function run(deps: WorkerDeps, payload: JobPayload): Promise<void> {
  if (payload.type === "mail")
    return deps.mailer.send(openMailJob(payload, deps.key));
  const composer = deps.composers?.[payload.composer];
  if (!composer) throw new Error(`no composer named ${payload.composer}`);
  await composer(payload.data);
}

/**
 * Runs every job that is due, one at a time (a message sent, or a deferred one composed); returns
 * how many. `isStopping` is asked before each job: a shutdown lets the current one finish.
 */
export async function drainQueue(
  deps: WorkerDeps,
  limit = 100,
  isStopping: () => boolean = () => false,
): Promise<number> {
  let sent = 0;
  for (let i = 0; i < limit && !isStopping(); i++) {
    const claimed = await claimJob(deps.db, deps.now(), deps.queues);
    if (!claimed) break;
    try {
      await run(deps, claimed.payload);
      await completeJob(deps.db, claimed.job);
      sent++;
    } catch (error) {
      const outcome = await failJob(deps.db, claimed.job, error, deps.now());
      log().error(
        { job: claimed.job.id, err: describeError(error) },
        `mail: job ${claimed.job.id} attempt ${claimed.job.attempts} failed (${outcome})`,
      );
    }
  }
  return sent;
}

const POLL_MS = 1000;

/** A running worker; `stop` resolves once the job under way (if any) has finished, and no other starts. */
export type Worker = { wake(): void; stop(): Promise<void> };

/**
 * The in-process worker: polls every second and can be woken at once after a request queued mail.
 * Every instance runs one; SKIP LOCKED keeps them from sending a message twice.
 */
export function startWorker(deps: WorkerDeps): Worker {
  let running: Promise<void> | null = null;
  let again = false;
  let stopping = false;
  const isStopping = () => stopping;
  const run = async () => {
    if (stopping) return;
    if (running) {
      again = true;
      return running;
    }
    let finish = () => {};
    running = new Promise<void>((resolve) => (finish = resolve));
    try {
      do {
        again = false;
        await drainQueue(deps, 100, isStopping);
      } while (again && !stopping);
    } catch (error) {
      log().error(
        { err: describeError(error) },
        "mail: the queue could not be read",
      );
    } finally {
      running = null;
      finish();
    }
  };
  const timer = setInterval(() => void run(), POLL_MS);
  timer.unref();
  return {
    wake: () => void run(),
    async stop() {
      stopping = true;
      clearInterval(timer);
      await running;
    },
  };
}
