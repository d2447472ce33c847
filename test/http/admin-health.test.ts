import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { type User, webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { MAX_ATTEMPTS } from "@/lib/mail/queue";
import { drainQueue } from "@/lib/mail/worker";
import { recordBackup } from "@/lib/operations/backup-record";
import { SHOW_HEALTH } from "@/lib/operations/health-panel";
import { healthCheckSchema } from "@/lib/contract/operations/routes";
import { workerDeps } from "@/lib/runtime/services";
import { signIn, useTestApp } from "../support/app";

// The operator's health panel (decision record 096): one read-only route, a status, a figure and
// what to do for each check.
const ADMIN = "admin@example.test";
const app = useTestApp({ auth: { admins: [ADMIN] } });

let administrator: User | null = null;
beforeEach(() => {
  administrator = null;
});

/** The checks by name, as an administrator reads them (signed in anew: `configure` rebuilds the services). */
async function health() {
  administrator ??= await app.createUser({ email: ADMIN });
  const admin = await signIn(app, administrator);
  const response = await admin.get("/api/admin/health", { host: SHOW_HEALTH });
  expect(response.status).toBe(200);
  const checks = healthCheckSchema.array().parse(response.body.checks);
  return Object.fromEntries(checks.map((check) => [check.name, check]));
}

describe("the health panel", () => {
  it("fails the OAuth keys in production when they are absent, naming the command that makes them", async () => {
    app.configure({
      env: {
        NODE_ENV: "production",
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "no-keys-")),
        SESSION_SECURE_COOKIE: "false",
        MAIL_DRIVER: "resend",
        RESEND_API_KEY: "re_test",
      },
    });
    const checks = await health();
    expect(checks["oauth-keys"]).toMatchObject({
      status: "fail",
      figure: "Absent",
      action: expect.stringContaining("npm run auth -- oauth:keys"),
    });
    expect(checks["mail-driver"]).toMatchObject({ status: "ok" });
  });

  it("finds the keys in the environment, and warns in development when there are none", async () => {
    expect((await health())["oauth-keys"]?.status).toBe("warn");
    app.configure({
      env: { PASSPORT_PRIVATE_KEY: "private", PASSPORT_PUBLIC_KEY: "public" },
    });
    expect((await health())["oauth-keys"]).toMatchObject({ status: "ok" });
  });

  it("fails the mail queue when a message failed every attempt", async () => {
    expect((await health())["mail-queue"]).toMatchObject({
      status: "ok",
      values: { queued: 0, failed: 0 },
    });
    const user = await app.createUser({ emailVerifiedAt: null });
    const agent = await signIn(app, user);
    await agent.post("/auth/email-verification-notification");
    const failing = { send: () => Promise.reject(new Error("unreachable")) };
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      await drainQueue({ ...workerDeps(app.services), mailer: failing });
      app.advance(3600);
    }
    expect((await health())["mail-queue"]).toMatchObject({
      status: "fail",
      values: { queued: 0, failed: 1 },
      action: expect.stringContaining("Mail"),
    });
  });

  it("warns when a message waits long after it was due (no worker sends)", async () => {
    const agent = await signIn(
      app,
      await app.createUser({ emailVerifiedAt: null }),
    );
    await agent.post("/auth/email-verification-notification");
    expect((await health())["mail-queue"]?.status).toBe("ok");
    app.advance(15 * 60);
    expect((await health())["mail-queue"]).toMatchObject({
      status: "warn",
      values: { queued: 1, minutes: 15 },
    });
  });

  it("warns of failed webhook deliveries", async () => {
    const now = new Date();
    const [endpoint] = await app.database.db
      .insert(webhookEndpoints)
      .values({
        uuid: "3f1c2d4e-0000-4000-8000-000000000001",
        url: "https://hooks.example.test/",
        events: ["*"],
        secret: "sealed",
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const delivery = (status: string) => ({
      endpointId: endpoint?.id ?? 0,
      messageId: `msg_${status}`,
      event: "login",
      payload: "{}",
      status,
      attempts: 1,
      createdAt: now,
    });
    await app.database.db
      .insert(webhookDeliveries)
      .values([
        delivery("failed"),
        delivery("retrying"),
        delivery("succeeded"),
      ]);
    expect((await health()).webhooks).toMatchObject({
      status: "warn",
      values: { failed: 1, retrying: 1 },
    });
  });

  it("fails while a migration of this version is not applied", async () => {
    expect((await health()).migrations).toMatchObject({ status: "ok" });
    const table = sql`${sql.identifier(app.database.migrationsSchema)}.${sql.identifier("__drizzle_migrations")}`;
    type Applied = { id: number; hash: string; created_at: string };
    // postgres.js answers the rows, PGlite an object holding them.
    const removed = (await app.database.db.execute(
      sql`delete from ${table} where id = (select max(id) from ${table}) returning id, hash, created_at`,
    )) as unknown as Applied[] | { rows: Applied[] };
    const row = (Array.isArray(removed) ? removed : removed.rows)[0];
    if (!row) throw new Error("no migration applied");
    try {
      expect((await health()).migrations).toMatchObject({
        status: "fail",
        values: { count: 1 },
        action: expect.stringContaining("npm run db:migrate"),
      });
    } finally {
      await app.database.db.execute(
        sql`insert into ${table} (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at})`,
      );
    }
    expect((await health()).migrations?.status).toBe("ok");
  });

  it("shows the last backup the backup command recorded, and warns when none is or it is old", async () => {
    if (app.database.kind === "postgres") {
      // pg_dump runs outside this server: nothing to read (decision record 096).
      expect((await health()).backup).toMatchObject({
        status: "warn",
        figure: "Not recorded for PostgreSQL",
        action: expect.stringContaining("pg_dump"),
      });
      return;
    }
    expect((await health()).backup).toMatchObject({
      status: "warn",
      figure: "Not recorded",
    });
    recordBackup(app.services.env.DATA_DIR, {
      at: new Date(Date.now() - 3 * 3_600_000),
      bytes: 2048,
    });
    expect((await health()).backup).toMatchObject({
      status: "ok",
      values: { hours: 3, size: 2 },
    });
    app.advance(3 * 24 * 3600);
    expect((await health()).backup).toMatchObject({ status: "warn" });
  });

  it("answers 403 to a user who is not an administrator", async () => {
    const user = await signIn(app, await app.createUser());
    expect(
      (await user.get("/api/admin/health", { host: SHOW_HEALTH })).status,
    ).toBe(403);
  });
});
