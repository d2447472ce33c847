import { describe, expect, it } from "vitest";
import { failedJobs } from "@/db/schema";
import { drainQueue } from "@/lib/mail/worker";
import { workerDeps } from "@/lib/runtime/services";
import { MAX_ATTEMPTS } from "@/lib/mail/queue";
import { RETRY_MAIL, SHOW_MAIL } from "@/lib/operations/mail";
import { signIn, useTestApp } from "../support/app";

// The mail operations page: queued, failed, retry.
const app = useTestApp({ auth: { admins: ["admin@example.test"] } });

const failing = {
  send: async () => Promise.reject(new Error("provider unreachable")),
};

describe("mail operations", () => {
  it("shows a message that failed every attempt and retries it", async () => {
    const user = await app.createUser({ emailVerifiedAt: null });
    const agent = await signIn(app, user);
    await agent.post("/auth/email-verification-notification");
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      await drainQueue({ ...workerDeps(app.services), mailer: failing });
      app.advance(3600);
    }
    const admin = await signIn(
      app,
      await app.createUser({ email: "admin@example.test" }),
    );
    const listed = await admin.get("/api/admin/mail", { host: SHOW_MAIL });
    expect(listed.status).toBe(200);
    expect(listed.body.queued).toHaveLength(0);
    expect(listed.body.failed).toEqual([
      expect.objectContaining({
        to: [user.email],
        subject: "Verify Email Address",
        exception: expect.stringContaining("provider unreachable"),
      }),
    ]);
    expect(listed.text).not.toContain("signature=");

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
    expect(await app.database.db.select().from(failedJobs)).toHaveLength(0);
    expect((await app.lastMailTo(user.email)).subject).toBe(
      "Verify Email Address",
    );
  });

  it("answers 404 for an unknown failed job and 403 to non-administrators", async () => {
    const admin = await signIn(
      app,
      await app.createUser({ email: "admin@example.test" }),
    );
    expect(
      (
        await admin.post(
          "/api/admin/mail/failed/999/retry",
          {},
          { host: RETRY_MAIL, params: { id: "999" } },
        )
      ).status,
    ).toBe(404);
    const user = await signIn(app, await app.createUser());
    expect(
      (await user.get("/api/admin/mail", { host: SHOW_MAIL })).status,
    ).toBe(403);
    expect(
      (
        await user.post(
          "/api/admin/mail/failed/1/retry",
          {},
          { host: RETRY_MAIL, params: { id: "1" } },
        )
      ).status,
    ).toBe(403);
  });
});
