import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { failedJobs, jobs, users } from "@/db/schema";
import { MAX_ATTEMPTS } from "@/lib/mail/queue";
import { drainQueue } from "@/lib/mail/worker";
import { workerDeps } from "@/lib/runtime/services";
import { RETRY_MAIL, SHOW_MAIL } from "@/lib/operations/mail";
import { PASSWORD, signIn, useTestApp } from "../support/app";
import { captureLogs } from "../support/logs";
import { closedPort, startFakeResend } from "../support/fake-resend";

// Decision record 010: the mail driver fails (the Resend API unreachable, the outbox not writable). Mail goes
// through the jobs queue, so the answers do not change, and nothing is lost.
const ADMIN = "admin@example.test";
const app = useTestApp({ auth: { admins: [ADMIN] } });
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function guest() {
  const agent = app.agent();
  await agent.csrf();
  return agent;
}

/** Runs the worker's drain once, returning what it logged. */
async function drainLogged(): Promise<string[]> {
  const logged = captureLogs("error");
  try {
    await drainQueue(workerDeps(app.services));
    return logged.text().split("\n").filter(Boolean);
  } finally {
    logged.restore();
  }
}

/** Register and forgot-password while mail cannot be delivered: the answers are the usual ones. */
async function exerciseWhileMailFails(): Promise<{ email: string }> {
  const email = "new@example.test";
  const registered = await (
    await guest()
  ).post("/auth/register", {
    name: "New",
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  expect(registered.status).toBe(200);
  expect(registered.body).toMatchObject({ success: true, user: { email } });
  expect(await app.database.db.select().from(users)).toHaveLength(1);
  const known = await (await guest()).post("/auth/forgot-password", { email });
  const unknown = await (
    await guest()
  ).post("/auth/forgot-password", { email: "nobody@example.test" });
  expect(known.status).toBe(200);
  expect(known.body).toEqual(unknown.body);
  return { email };
}

describe("mail driver failing (decision record 010)", () => {
  it("Resend unreachable: answers unchanged, failures logged, every message delivered once the API is back", async () => {
    const port = await closedPort();
    app.configure({
      env: {
        MAIL_DRIVER: "resend",
        RESEND_API_KEY: "re_test_key",
        RESEND_BASE_URL: `http://127.0.0.1:${port}`,
      },
    });
    app.setNow(new Date("2026-11-22T12:00:00Z"));
    const { email } = await exerciseWhileMailFails();
    const log = await drainLogged();
    expect(
      log.filter((line) =>
        /mail: job \d+ attempt 1 failed \(retry\)/.test(line),
      ),
    ).toHaveLength(2);
    expect(await app.database.db.select().from(jobs)).toHaveLength(2);

    const api = await startFakeResend(port);
    stops.push(api.stop);
    app.advance(10 * 60);
    await drainLogged();
    expect(api.received.map((mail) => [mail.to, mail.subject]).sort()).toEqual([
      [[email], "Reset Password Notification"],
      [[email], "Verify Email Address"],
    ]);
    expect(await app.database.db.select().from(jobs)).toEqual([]);
    expect(await app.database.db.select().from(failedJobs)).toEqual([]);
  });

  it("Resend unreachable through every retry: the message lands in failed_jobs, administrators see it and resend it", async () => {
    const port = await closedPort();
    app.configure({
      env: {
        MAIL_DRIVER: "resend",
        RESEND_API_KEY: "re_test_key",
        RESEND_BASE_URL: `http://127.0.0.1:${port}`,
      },
    });
    app.setNow(new Date("2026-11-22T12:00:00Z"));
    const email = "late@example.test";
    expect(
      (
        await (
          await guest()
        ).post("/auth/register", {
          name: "Late",
          email,
          password: PASSWORD,
          password_confirmation: PASSWORD,
        })
      ).status,
    ).toBe(200);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const outcome = attempt === MAX_ATTEMPTS ? "failed" : "retry";
      expect(await drainLogged()).toEqual([
        expect.stringContaining(`attempt ${attempt} failed (${outcome})`),
      ]);
      app.advance(3600);
    }
    expect(await app.database.db.select().from(jobs)).toEqual([]);

    const admin = await signIn(app, await app.createUser({ email: ADMIN }));
    const listed = await admin.get("/api/admin/mail", { host: SHOW_MAIL });
    expect(listed.body.failed).toEqual([
      expect.objectContaining({
        to: [email],
        subject: "Verify Email Address",
        exception: expect.stringContaining("Resend"),
      }),
    ]);

    const api = await startFakeResend(port);
    stops.push(api.stop);
    const id = String(listed.body.failed[0].id);
    expect(
      (
        await admin.post(
          `/api/admin/mail/failed/${id}/retry`,
          {},
          { host: RETRY_MAIL, params: { id } },
        )
      ).status,
    ).toBe(200);
    await drainLogged();
    expect(api.received).toEqual([
      expect.objectContaining({ to: [email], subject: "Verify Email Address" }),
    ]);
    expect(await app.database.db.select().from(failedJobs)).toEqual([]);
  });

  it("outbox not writable: answers unchanged, the failure logged, the message written once the directory can be", async () => {
    const root = path.join(
      tmpdir(),
      `auth-outbox-${process.pid}-${Date.now()}`,
    );
    mkdirSync(root, { recursive: true });
    stops.push(async () => rmSync(root, { recursive: true, force: true }));
    // A file where the outbox's parent directory should be: not writable, even for root.
    const blocker = path.join(root, "blocked");
    writeFileSync(blocker, "");
    const outbox = path.join(blocker, "outbox");
    app.configure({ env: { MAIL_DRIVER: "outbox", MAIL_OUTBOX_DIR: outbox } });
    app.setNow(new Date("2026-11-22T12:00:00Z"));
    const { email } = await exerciseWhileMailFails();
    const log = await drainLogged();
    expect(log).toHaveLength(2);
    expect(
      log.every(
        (line) => line.includes("failed (retry)") && line.includes("ENOTDIR"),
      ),
    ).toBe(true);

    rmSync(blocker);
    app.advance(10 * 60);
    const messages = await app.mail();
    expect(messages.map((mail) => [mail.to, mail.subject]).sort()).toEqual([
      [[email], "Reset Password Notification"],
      [[email], "Verify Email Address"],
    ]);
    expect(await app.database.db.select().from(jobs)).toEqual([]);
  });
});
