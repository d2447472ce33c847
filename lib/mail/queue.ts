import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { failedJobs, type Job, jobs } from "@/db/schema";
import type { MailMessage } from "@/lib/server/mailer";
import { seal, unseal } from "@/lib/mail/sealed";

export const MAIL_QUEUE = "mail";
/** Webhook fan-out and deliveries (decision record 022): a worker loop of their own, so a slow endpoint never holds mail back. */
export const WEBHOOK_QUEUE = "webhooks";
export const MAX_ATTEMPTS = 5;
/** Seconds before the next try, by attempts made so far. */
const BACKOFF_SECONDS = [10, 30, 120, 600];
/** A job reserved longer than this belongs to a worker that died; another may take it. */
const RESERVATION_SECONDS = 90;

type Executor = Pick<Db, "insert">;
/**
 * A queued message, or a deferred one: a `compose` job names a composer (given to the worker by
 * the services) that decides, off the request path, whether there is anything to send.
 */
export type ComposeJob = {
  type: "compose";
  composer: string;
  data: Record<string, unknown>;
};
/**
 * A message is stored sealed (its links are secrets: reset tokens, signed verification links);
 * the envelope stays readable for the operations page. `message` in clear is a row queued before
 * messages were sealed, still delivered.
 */
export type MailJob = {
  type: "mail";
  envelope?: Pick<MailMessage, "to" | "subject">;
  sealed?: string;
  message?: MailMessage;
};
export type JobPayload = { uuid: string } & (MailJob | ComposeJob);
/** The key that seals queued messages (`mailQueueKey(SESSION_SECRET)`). */
export type QueueKey = Buffer;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function jobRow(
  payload: JobPayload,
  now: Date,
  queue = MAIL_QUEUE,
  delaySeconds = 0,
) {
  return {
    queue,
    payload: JSON.stringify(payload),
    attempts: 0,
    availableAt: seconds(now) + delaySeconds,
    createdAt: seconds(now),
  };
}

/** The row that queues `message`, sealed with `key` (for a caller that inserts it as part of a larger statement). */
export function mailJobValues(message: MailMessage, now: Date, key: QueueKey) {
  const uuid = randomUUID();
  const envelope = { to: message.to, subject: message.subject };
  return jobRow(
    {
      uuid,
      type: "mail",
      envelope,
      sealed: seal(key, JSON.stringify(message), uuid),
    },
    now,
  );
}

/** Queues a message. Pass the transaction of the change that causes it, so both commit or neither. */
export async function enqueueMail(
  db: Executor,
  message: MailMessage,
  now: Date,
  key: QueueKey,
): Promise<void> {
  await db.insert(jobs).values(mailJobValues(message, now, key));
}

/** The message of a mail job; throws when it was sealed with another key (SESSION_SECRET changed). */
export function openMailJob(
  payload: { uuid: string } & MailJob,
  key: QueueKey,
): MailMessage {
  if (payload.sealed !== undefined)
    return JSON.parse(unseal(key, payload.sealed, payload.uuid)) as MailMessage;
  if (!payload.message) throw new Error("a mail job without a message");
  return payload.message;
}

/**
 * Queues a deferred job: the worker runs `job.composer` over `job.data`. On the mail queue unless
 * told otherwise; `delaySeconds` holds it back (a webhook's next attempt).
 */
export async function enqueueCompose(
  db: Executor,
  job: ComposeJob,
  now: Date,
  options: { queue?: string; delaySeconds?: number } = {},
): Promise<void> {
  await db
    .insert(jobs)
    .values(
      jobRow(
        { uuid: randomUUID(), ...job },
        now,
        options.queue,
        options.delaySeconds,
      ),
    );
}

/** Reserves the oldest available job of `queues`; concurrent workers never get the same one. */
export async function claimJob(
  db: Db,
  now: Date,
  queues: readonly string[] = [MAIL_QUEUE],
): Promise<{ job: Job; payload: JobPayload } | null> {
  const at = seconds(now);
  const available = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        queues.length === 1
          ? eq(jobs.queue, queues[0] ?? MAIL_QUEUE)
          : inArray(jobs.queue, [...queues]),
        lte(jobs.availableAt, at),
        or(
          isNull(jobs.reservedAt),
          lte(jobs.reservedAt, at - RESERVATION_SECONDS),
        ),
      ),
    )
    .orderBy(asc(jobs.id))
    .limit(1)
    .for("update", { skipLocked: true });
  const [job] = await db
    .update(jobs)
    .set({ reservedAt: at, attempts: sql`${jobs.attempts} + 1` })
    .where(eq(jobs.id, sql`(${available})`))
    .returning();
  if (!job) return null;
  return { job, payload: JSON.parse(job.payload) as JobPayload };
}

export async function completeJob(db: Db, job: Job): Promise<void> {
  await db.delete(jobs).where(eq(jobs.id, job.id));
}

/** After a failed try: back in the queue with backoff, or into failed_jobs after the last attempt. */
export async function failJob(
  db: Db,
  job: Job,
  error: unknown,
  now: Date,
): Promise<"retry" | "failed"> {
  const reason =
    error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  if (job.attempts >= MAX_ATTEMPTS) {
    const uuid =
      (JSON.parse(job.payload) as Partial<JobPayload>).uuid ?? randomUUID();
    await db.transaction(async (tx) => {
      await tx.insert(failedJobs).values({
        uuid,
        connection: "database",
        queue: job.queue,
        payload: job.payload,
        exception: reason,
        failedAt: now,
      });
      await tx.delete(jobs).where(eq(jobs.id, job.id));
    });
    return "failed";
  }
  const delay =
    BACKOFF_SECONDS[Math.min(job.attempts - 1, BACKOFF_SECONDS.length - 1)] ??
    600;
  await db
    .update(jobs)
    .set({ reservedAt: null, availableAt: seconds(now) + delay })
    .where(eq(jobs.id, job.id));
  return "retry";
}

/** Puts a failed job back on the queue (the operations page's retry). */
export async function retryFailedJob(
  db: Db,
  id: number,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [failed] = await tx
      .delete(failedJobs)
      .where(eq(failedJobs.id, id))
      .returning();
    if (!failed) return false;
    await tx.insert(jobs).values({
      queue: failed.queue,
      payload: failed.payload,
      attempts: 0,
      availableAt: seconds(now),
      createdAt: seconds(now),
    });
    return true;
  });
}

/** Deletes failed messages older than `before` (their sealed links are long spent); returns how many. */
export async function pruneFailedJobs(db: Db, before: Date): Promise<number> {
  return (
    await db
      .delete(failedJobs)
      .where(lt(failedJobs.failedAt, before))
      .returning({ id: failedJobs.id })
  ).length;
}
