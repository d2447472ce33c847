import { expect, it } from "vitest";
import { jobs } from "@/db/schema";
import { mailQueueKey } from "@/lib/crypto/secrets";
import { enqueueMail } from "@/lib/mail/queue";
import { startWorker } from "@/lib/mail/worker";
import type { Mailer, MailMessage } from "@/lib/server/mailer";
import { TEST_SECRET, useTestApp } from "../support/app";

// Decision record 040: on shutdown the worker finishes the message it is sending and takes no
// other; what is left stays in the queue, unreserved, for the next instance.
const app = useTestApp();
const key = mailQueueKey(TEST_SECRET);
const message = (to: string): MailMessage => ({
  to: [to],
  subject: "Hello",
  text: "Hello",
  html: "<p>Hello</p>",
});

it("stop() lets the message under way be sent, starts no other, and leaves the rest queued", async () => {
  for (const to of ["a@example.test", "b@example.test", "c@example.test"])
    await enqueueMail(app.database.db, message(to), app.services.now(), key);
  const sent: string[] = [];
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let started = () => {};
  const sending = new Promise<void>((resolve) => (started = resolve));
  // A mail service that answers only when the test says so (the process boundary).
  const mailer: Mailer = {
    async send(mail) {
      started();
      await held;
      sent.push(mail.to.join());
    },
  };
  const worker = startWorker({
    db: app.database.db,
    mailer,
    now: app.services.now,
    key,
  });
  worker.wake();
  await sending;
  const stopped = worker.stop();
  let isStopped = false;
  void stopped.then(() => (isStopped = true));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(isStopped).toBe(false);
  release();
  await stopped;
  expect(sent).toHaveLength(1);
  const left = await app.database.db.select().from(jobs);
  expect(left).toHaveLength(2);
  expect(left.every((job) => job.reservedAt === null)).toBe(true);
  worker.wake();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(sent).toHaveLength(1);
});
