import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  accountDeletions,
  activityLog,
  authenticationLog,
  personalAccessTokens,
  sessions,
  users,
} from "@/db/schema";
import {
  ADMIN_USER_DELETE_ROUTE,
  ADMIN_USER_RESTORE_ROUTE,
} from "@/lib/admin/routes";
import { prune } from "@/lib/runtime/pruning";
import { USER_DELETE_ROUTE } from "@/lib/account/routes";
import { PASSWORD, signIn, useTestApp } from "../support/app";

// Decision record 021: an account its owner deleted is purged retention.deleted-accounts-days later.
const ADMIN = "admin@example.com";
const app = useTestApp({
  auth: { admins: [ADMIN], retention: { "deleted-accounts-days": 7 } },
});
const T0 = new Date("2026-11-25T09:00:00Z");
const DAY = 86_400_000;
const pruneAt = (now: Date) =>
  prune({
    db: app.database.db,
    config: app.services.config,
    env: app.services.env,
    now,
  });
const userRow = async (id: number) =>
  (await app.database.db.select().from(users).where(eq(users.id, id)))[0];

async function deleteOwnAccount(email: string) {
  const user = (
    await app.database.db.select().from(users).where(eq(users.email, email))
  )[0];
  if (!user) throw new Error("no user");
  const response = await (
    await signIn(app, user)
  ).request("DELETE", "/api/app/user", {
    json: { password: PASSWORD },
    host: USER_DELETE_ROUTE,
  });
  expect(response.status).toBe(200);
  return user;
}

describe("purging deleted accounts", () => {
  it("erases the account and what is about it after the grace period; entries it caused about others stay, anonymous", async () => {
    app.setNow(T0);
    const admin = await app.createUser({ email: ADMIN });
    await app.createUser({ email: "leaving@example.com" });
    const bystander = await app.createUser({ email: "bystander@example.com" });
    await signIn(app, bystander);
    const user = await deleteOwnAccount("leaving@example.com");
    // Something the leaving user caused about someone else: it stays in the trail, without them.
    await app.database.db.insert(activityLog).values({
      description: "x",
      event: "user-updated",
      subjectType: "App\\Models\\User",
      subjectId: bystander.id,
      causerType: "App\\Models\\User",
      causerId: user.id,
      properties: { ip: "10.1.2.3" },
      createdAt: T0,
    });

    const signInsOf = (id: number) =>
      app.database.db
        .select()
        .from(authenticationLog)
        .where(eq(authenticationLog.authenticatableId, id));

    expect(
      (await pruneAt(new Date(T0.getTime() + 7 * DAY))).deleted_accounts,
    ).toBe(0);
    expect(await userRow(user.id)).toBeDefined();
    // A deleted account's sign-in history stays until the purge, as its other rows do.
    expect((await signInsOf(user.id)).length).toBeGreaterThan(0);
    const pruned = await pruneAt(new Date(T0.getTime() + 7 * DAY + 1000));
    expect(pruned.deleted_accounts).toBe(1);
    expect(await userRow(user.id)).toBeUndefined();
    expect(await app.database.db.select().from(accountDeletions)).toEqual([]);
    expect(
      await app.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user.id)),
    ).toEqual([]);
    expect(
      await app.database.db
        .select()
        .from(personalAccessTokens)
        .where(eq(personalAccessTokens.tokenableId, user.id)),
    ).toEqual([]);
    expect(await signInsOf(user.id)).toEqual([]);
    expect((await signInsOf(bystander.id)).length).toBeGreaterThan(0);
    const trail = await app.database.db.select().from(activityLog);
    expect(
      trail.filter(
        (entry) =>
          entry.subjectId === user.id && entry.event !== "account-purged",
      ),
    ).toEqual([]);
    expect(
      trail.find(
        (entry) =>
          entry.event === "user-updated" && entry.subjectId === bystander.id,
      ),
    ).toMatchObject({ causerId: null, causerType: null, properties: {} });
    expect(
      trail.find((entry) => entry.event === "account-purged"),
    ).toMatchObject({
      subjectId: null,
      properties: { ip: null, user_id: user.id },
    });
    expect(JSON.stringify(trail)).not.toContain("leaving@example.com");
    // Others are untouched.
    expect(await userRow(bystander.id)).toBeDefined();
    expect(await userRow(admin.id)).toBeDefined();
  });

  it("never purges an account an administrator restored, nor one an administrator deleted", async () => {
    app.setNow(T0);
    const admin = await signIn(app, await app.createUser({ email: ADMIN }));
    const restored = await app.createUser({ email: "restored@example.com" });
    await deleteOwnAccount(restored.email);
    const id = String(restored.id);
    expect(
      (
        await admin.post(
          `/api/admin/users/${id}/restore`,
          {},
          { host: ADMIN_USER_RESTORE_ROUTE, params: { id } },
        )
      ).status,
    ).toBe(200);
    const removed = await app.createUser({ email: "removed@example.com" });
    const removedId = String(removed.id);
    expect(
      (
        await admin.delete(`/api/admin/users/${removedId}`, {
          host: ADMIN_USER_DELETE_ROUTE,
          params: { id: removedId },
        })
      ).status,
    ).toBe(200);

    expect(
      (await pruneAt(new Date(T0.getTime() + 400 * DAY))).deleted_accounts,
    ).toBe(0);
    expect((await userRow(restored.id))?.deletedAt).toBeNull();
    expect((await userRow(removed.id))?.deletedAt).toBeInstanceOf(Date);
  });

  it("refuses a grace period under a day or over ten years at start, naming the key", () => {
    expect(() =>
      app.configure({ auth: { retention: { "deleted-accounts-days": 0 } } }),
    ).toThrow(/retention\.deleted-accounts-days/);
    expect(() =>
      app.configure({ auth: { retention: { "deleted-accounts-days": 3651 } } }),
    ).toThrow(/retention\.deleted-accounts-days/);
  });
});
