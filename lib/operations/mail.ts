import "server-only";
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { failedJobs, jobs } from "@/db/schema";
import { defineEndpoint } from "@/lib/server/endpoint";
import type { HostRoute } from "@/lib/server/pipeline";
import { notFound } from "@/lib/http/errors";
import { MAIL_QUEUE, retryFailedJob } from "@/lib/mail/queue";
import {
  RETRY_MAIL_CONTRACT,
  SHOW_MAIL_CONTRACT,
} from "@/lib/contract/operations/routes";

type Envelope = { to?: string[]; subject?: string };
type StoredPayload = { envelope?: Envelope; message?: Envelope };

// Only the envelope is shown: the body holds single-use links (reset, verification), sealed at rest.
function envelope(payload: string) {
  try {
    const parsed = JSON.parse(payload) as StoredPayload;
    const shown = parsed.envelope ?? parsed.message;
    return { to: shown?.to ?? [], subject: shown?.subject ?? "" };
  } catch {
    return { to: [], subject: "" };
  }
}

const LIMIT = 100;

/** Queued and failed messages (`jobs`, `failed_jobs`), newest first. */
export const showMail = defineEndpoint({
  async run(ctx) {
    const queued = await ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.queue, MAIL_QUEUE))
      .orderBy(desc(jobs.id))
      .limit(LIMIT);
    const failed = await ctx.db
      .select()
      .from(failedJobs)
      .where(eq(failedJobs.queue, MAIL_QUEUE))
      .orderBy(desc(failedJobs.id))
      .limit(LIMIT);
    return {
      queued: queued.map((job) => ({
        id: job.id,
        ...envelope(job.payload),
        attempts: job.attempts,
        available_at: new Date(job.availableAt * 1000).toISOString(),
        created_at: new Date(job.createdAt * 1000).toISOString(),
      })),
      failed: failed.map((job) => ({
        id: job.id,
        ...envelope(job.payload),
        exception: job.exception,
        failed_at: job.failedAt.toISOString(),
      })),
    };
  },
});

/** Puts a failed message back on the queue. */
export const retryMail = defineEndpoint({
  input: () => z.strictObject({ _token: z.unknown().optional() }),
  async run(ctx) {
    const id = Number(ctx.params.id);
    if (
      !Number.isSafeInteger(id) ||
      !(await retryFailedJob(ctx.db, id, ctx.now))
    )
      throw notFound();
    ctx.services.wakeMailWorker();
    return { success: true };
  },
});

export const SHOW_MAIL: HostRoute = {
  ...SHOW_MAIL_CONTRACT,
  endpoint: showMail,
  middleware: ["auth:sanctum", "admin"],
  ability: "admin",
  credential: "administers",
};
export const RETRY_MAIL: HostRoute = {
  ...RETRY_MAIL_CONTRACT,
  endpoint: retryMail,
  middleware: ["auth:sanctum", "admin"],
  ability: "admin",
  credential: "administers",
};
