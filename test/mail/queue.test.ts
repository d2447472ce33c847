import { describe, expect, it } from "vitest";
import { failedJobs, jobs } from "@/db/schema";
import type { Mailer, MailMessage } from "@/lib/server/mailer";
import {
  claimJob,
  enqueueMail,
  MAX_ATTEMPTS,
  openMailJob,
  retryFailedJob,
} from "@/lib/mail/queue";
import { drainQueue } from "@/lib/mail/worker";
import { mailQueueKey } from "@/lib/crypto/secrets";
import { TEST_SECRET, useTestApp } from "../support/app";

const app = useTestApp();
const T0 = new Date("2026-11-22T10:00:00Z");
const message: MailMessage = {
  to: ["user@example.com"],
  subject: "Hello",
  text: "Hello",
  html: "<p>Hello</p>",
};

/** A mail service that is down (the process boundary: a driver whose API refuses every message). */
function failingMailer(): Mailer & { calls: number } {
  return {
    calls: 0,
    async send() {
      this.calls++;
      throw new Error("mail service unavailable");
    },
  };
}

const key = mailQueueKey(TEST_SECRET);
const drain = (mailer: Mailer) =>
  drainQueue({ db: app.database.db, mailer, now: app.services.now, key });
const queued = () => app.database.db.select().from(jobs);

describe("the mail queue (jobs claimed once, retried with backoff, then failed_jobs)", () => {
  it("delivers a queued message through the configured mailer and removes the job", async () => {
    await enqueueMail(app.database.db, message, new Date(), key);
    expect(await drain(app.services.mailer)).toBe(1);
    expect(await queued()).toEqual([]);
    expect((await app.mail()).map((m) => m.subject)).toEqual(["Hello"]);
  });

  it("gives a job to one claimant only", async () => {
    await enqueueMail(app.database.db, message, T0, key);
    const other = app.instance();
    const claims = await Promise.all([
      claimJob(app.database.db, T0),
      claimJob(other.database.db, T0),
      claimJob(app.database.db, T0),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect((await queued())[0]).toMatchObject({
      attempts: 1,
      reservedAt: Math.floor(T0.getTime() / 1000),
    });
  });

  it("retries a failed delivery with backoff, then moves it to failed_jobs after the last attempt", async () => {
    app.setNow(T0);
    await enqueueMail(app.database.db, message, T0, key);
    const mailer = failingMailer();
    const backoff = [10, 30, 120, 600];
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      expect(await drain(mailer)).toBe(0);
      expect(mailer.calls).toBe(attempt);
      const [job] = await queued();
      expect(job).toMatchObject({ attempts: attempt, reservedAt: null });
      const wait = backoff[attempt - 1] ?? 0;
      app.advance(wait - 1);
      await drain(mailer);
      expect(mailer.calls).toBe(attempt); // not due yet
      app.advance(1);
    }
    await drain(mailer);
    expect(mailer.calls).toBe(MAX_ATTEMPTS);
    expect(await queued()).toEqual([]);
    const [failed] = await app.database.db.select().from(failedJobs);
    expect(failed).toMatchObject({
      queue: "mail",
      exception: "Error: mail service unavailable",
    });
    // Sealed at rest: the envelope in clear, the message only with the key.
    expect(JSON.parse(failed?.payload ?? "{}").envelope).toEqual({
      to: message.to,
      subject: message.subject,
    });
    expect(openMailJob(JSON.parse(failed?.payload ?? "{}"), key)).toEqual(
      message,
    );
  });

  it("lets an operator put a failed job back, and then delivers it", async () => {
    app.setNow(T0);
    await enqueueMail(app.database.db, message, T0, key);
    const mailer = failingMailer();
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await drain(mailer);
      app.advance(600);
    }
    const [failed] = await app.database.db.select().from(failedJobs);
    expect(
      await retryFailedJob(
        app.database.db,
        failed?.id ?? 0,
        app.services.now(),
      ),
    ).toBe(true);
    expect(await drain(app.services.mailer)).toBe(1);
    expect(await app.database.db.select().from(failedJobs)).toEqual([]);
  });

  it("gives a job reserved by a worker that died to another worker after the reservation lapses", async () => {
    app.setNow(T0);
    await enqueueMail(app.database.db, message, T0, key);
    expect(await claimJob(app.database.db, T0)).not.toBeNull(); // claimed, never completed
    expect(await drain(app.services.mailer)).toBe(0);
    app.advance(90);
    expect(await drain(app.services.mailer)).toBe(1);
  });

  it("keeps working through the other jobs when one fails", async () => {
    await enqueueMail(
      app.database.db,
      { ...message, to: ["bad@example.com"] },
      new Date(),
      key,
    );
    await enqueueMail(app.database.db, message, new Date(), key);
    const picky: Mailer = {
      async send(m) {
        if (m.to.includes("bad@example.com")) throw new Error("refused");
        await app.services.mailer.send(m);
      },
    };
    expect(await drain(picky)).toBe(1);
    expect((await app.mail()).map((m) => m.to)).toEqual([["user@example.com"]]);
  });
});
