import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { failedJobs, jobs, passwordResetTokens } from "@/db/schema";
import { sha256Hex } from "@/lib/crypto/secrets";
import { MAIL_QUEUE, MAX_ATTEMPTS, retryFailedJob } from "@/lib/mail/queue";
import { drainQueue } from "@/lib/mail/worker";
import { prune } from "@/lib/runtime/pruning";
import { workerDeps } from "@/lib/runtime/services";
import { PASSWORD, useTestApp } from "../support/app";

// Queued mail holds reset and verification links; at rest they are sealed (decision 004).
const app = useTestApp();
const T0 = new Date("2026-11-22T10:00:00Z");
const failing = {
  send: async () => Promise.reject(new Error("provider unreachable")),
};

const stored = async () =>
  [
    ...(await app.database.db.select({ payload: jobs.payload }).from(jobs)),
    ...(await app.database.db
      .select({ payload: failedJobs.payload })
      .from(failedJobs)),
  ].map((row) => row.payload);

/** The reset link's token and the link itself, as the message delivered them. */
function resetLinkIn(text: string): { link: string; token: string } {
  const link =
    /http:\/\/localhost:3000\/auth\/reset-password\/[^\s"<]+/.exec(text)?.[0] ??
    "";
  return { link, token: decodeURIComponent(link.split("/")[5] ?? "") };
}

/** Every delivery fails until the message is in failed_jobs. */
async function failEveryAttempt() {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    await drainQueue({ ...workerDeps(app.services), mailer: failing });
    app.advance(3600);
  }
}

describe("sealed mail payloads", () => {
  it("keeps no reset link in jobs or failed_jobs; the delivered message has the right link; a delivered job is deleted", async () => {
    app.setNow(T0);
    const user = await app.createUser();
    const agent = app.agent();
    await agent.csrf();
    expect(
      (await agent.post("/auth/forgot-password", { email: user.email })).status,
    ).toBe(200);
    await failEveryAttempt();
    const atRest = await stored();
    expect(atRest).toHaveLength(1);
    const [failed] = await app.database.db.select().from(failedJobs);
    expect(JSON.parse(failed?.payload ?? "{}")).toMatchObject({
      type: "mail",
      envelope: { to: [user.email], subject: "Reset Password Notification" },
    });

    // The operator's retry puts the sealed row back as it is.
    expect(
      await retryFailedJob(
        app.database.db,
        failed?.id ?? 0,
        app.services.now(),
      ),
    ).toBe(true);
    const message = await app.lastMailTo(user.email);
    const { link, token } = resetLinkIn(message.text);
    expect(token.length).toBeGreaterThan(20);
    for (const payload of atRest) {
      expect(payload).not.toContain(token);
      expect(payload).not.toContain(encodeURIComponent(token));
      expect(payload).not.toContain("reset-password");
    }
    expect(await app.database.db.select().from(jobs)).toEqual([]);
    // The right link: the token it carries is the one stored (hashed) for this email.
    const [row] = await app.database.db.select().from(passwordResetTokens);
    expect(row).toMatchObject({ email: user.email, token: sha256Hex(token) });
    expect(link).toContain(encodeURIComponent(user.email));
  });

  it("keeps no verification link in jobs, and delivers it", async () => {
    const agent = app.agent();
    await agent.csrf();
    const email = "new-user@example.com";
    await agent.post("/auth/register", {
      name: "New",
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    const [queued] = await stored();
    expect(queued).toBeDefined();
    expect(queued).not.toContain("signature=");
    expect(queued).not.toContain("/email/verify/");
    const message = await app.lastMailTo(email);
    expect(message.text).toMatch(
      /\/auth\/email\/verify\/\d+\/[0-9a-f]{40}\?expires=\d+&signature=[0-9a-f]+/,
    );
  });

  it("does not deliver a message sealed under another SESSION_SECRET (it fails, it is never sent garbled)", async () => {
    const agent = app.agent();
    await agent.csrf();
    await agent.post("/auth/register", {
      name: "New",
      email: "other-key@example.com",
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    app.configure({
      env: { SESSION_SECRET: "another-secret-that-is-at-least-32-characters" },
    });
    expect(await drainQueue(workerDeps(app.services))).toBe(0);
    expect(await app.database.db.select().from(jobs)).toEqual([
      expect.objectContaining({ attempts: 1, reservedAt: null }),
    ]);
  });

  it("still delivers a message queued in clear before messages were sealed", async () => {
    const message = {
      to: ["legacy@example.com"],
      subject: "Legacy",
      text: "legacy body",
      html: "<p>legacy body</p>",
    };
    const payload = JSON.stringify({
      uuid: randomUUID(),
      type: "mail",
      message,
    });
    await app.database.db.insert(jobs).values({
      queue: MAIL_QUEUE,
      payload,
      attempts: 0,
      availableAt: 0,
      createdAt: 0,
    });
    expect((await app.lastMailTo("legacy@example.com")).text).toBe(
      "legacy body",
    );
  });

  it("keeps a failed message retention.failed-mail-days, then the pruning deletes it", async () => {
    app.configure({ auth: { retention: { "failed-mail-days": 3 } } });
    app.setNow(T0);
    const user = await app.createUser();
    const agent = app.agent();
    await agent.csrf();
    await agent.post("/auth/forgot-password", { email: user.email });
    await failEveryAttempt();
    const [failed] = await app.database.db.select().from(failedJobs);
    const failedAt = failed?.failedAt ?? T0;
    const pruneAt = (ms: number) =>
      prune({
        db: app.database.db,
        config: app.services.config,
        env: app.services.env,
        now: new Date(ms),
      });
    expect(
      (await pruneAt(failedAt.getTime() + 3 * 86_400_000)).failed_jobs,
    ).toBe(0);
    expect(await app.database.db.select().from(failedJobs)).toHaveLength(1);
    expect(
      (await pruneAt(failedAt.getTime() + 3 * 86_400_000 + 1000)).failed_jobs,
    ).toBe(1);
    expect(await app.database.db.select().from(failedJobs)).toEqual([]);
  });
});
