import "server-only";
import { daysBefore, defineFeature } from "@/lib/server/feature";
import { MAIL_QUEUE, pruneFailedJobs } from "@/lib/mail/queue";
import { mailQueueReencryptor } from "@/lib/mail/reencrypt";

/** The mail queue (decision record 004): its worker, its failed jobs' retention, its sealed messages. */
export const MAIL = defineFeature({
  name: "mail",
  workers: [{ queue: MAIL_QUEUE, wake: "wakeMailWorker" }],
  pruners: {
    failed_jobs: (deps) =>
      pruneFailedJobs(
        deps.db,
        daysBefore(deps.now, deps.config.retention["failed-mail-days"]),
      ),
  },
  reencryptors: [mailQueueReencryptor],
});
