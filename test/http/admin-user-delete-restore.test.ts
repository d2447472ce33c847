import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLog, sessions, users } from "@/db/schema";
import {
  ADMIN_USER_DELETE_ROUTE,
  ADMIN_USER_RESTORE_ROUTE,
} from "@/lib/admin/routes";
import type { Agent } from "../support/agent";
import { PASSWORD, signIn, useTestApp } from "../support/app";

const ADMIN = "admin@example.com";
const app = useTestApp({ auth: { admins: [ADMIN, "boss@example.com"] } });

const remove = (agent: Agent, id: number | string, options = {}) =>
  agent.delete(`/api/admin/users/${id}`, {
    host: ADMIN_USER_DELETE_ROUTE,
    params: { id: String(id) },
    ...options,
  });
const restore = (agent: Agent, id: number | string, options = {}) =>
  agent.post(
    `/api/admin/users/${id}/restore`,
    {},
    { host: ADMIN_USER_RESTORE_ROUTE, params: { id: String(id) }, ...options },
  );

async function reload(id: number) {
  const [row] = await app.database.db
    .select()
    .from(users)
    .where(eq(users.id, id));
  return row;
}

async function tokenFor(email: string): Promise<string> {
  const client = app.agent();
  await client.csrf();
  return (
    await client.post("/auth/create-token", {
      email,
      password: PASSWORD,
      name: "ci",
    })
  ).body.token;
}

describe("DELETE /api/admin/users/{id} (policy delete)", () => {
  it("soft-deletes: the row stays, its sessions and tokens stop working at once", async () => {
    const admin = await app.createUser({ email: ADMIN });
    const user = await app.createUser({ email: "victim@example.com" });
    const userAgent = await signIn(app, user);
    const token = await tokenFor(user.email);
    expect(
      (await app.agent().get("/auth/get-auth", { bearer: token })).body
        .authenticated,
    ).toBe(true);
    const adminAgent = await signIn(app, admin);
    const response = await remove(adminAgent, user.id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    expect((await reload(user.id))?.deletedAt).toBeInstanceOf(Date);
    expect((await userAgent.post("/auth/tokens")).status).toBe(401);
    expect(
      (await app.agent().post("/auth/tokens", {}, { bearer: token })).status,
    ).toBe(401);
    expect(
      await app.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user.id)),
    ).toEqual([]);
    const [audit] = await app.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, "user-deleted"));
    expect(audit).toMatchObject({ subjectId: user.id, causerId: admin.id });
  });

  it("the guard itself refuses a soft-deleted user's session and token (rows left in place)", async () => {
    const user = await app.createUser();
    const agent = await signIn(app, user);
    const token = await tokenFor(user.email);
    await app.database.db
      .update(users)
      .set({ deletedAt: new Date() })
      .where(eq(users.id, user.id));
    expect(
      await app.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user.id)),
    ).not.toEqual([]);
    expect((await agent.post("/auth/tokens")).status).toBe(401);
    expect(
      (await app.agent().post("/auth/tokens", {}, { bearer: token })).status,
    ).toBe(401);
  });

  it("answers 403 to an admin deleting themself, and to a non-admin; nothing changes", async () => {
    const admin = await app.createUser({ email: ADMIN });
    const user = await app.createUser();
    const other = await app.createUser();
    expect((await remove(await signIn(app, admin), admin.id)).status).toBe(403);
    const userAgent = await signIn(app, user);
    expect((await remove(userAgent, other.id)).status).toBe(403);
    expect((await remove(userAgent, user.id)).status).toBe(403);
    expect((await remove(userAgent, 999_999)).status).toBe(403);
    for (const id of [admin.id, user.id, other.id])
      expect((await reload(id))?.deletedAt).toBeNull();
  });

  it("answers 404 for an unknown, malformed or already deleted id", async () => {
    const agent = await signIn(app, await app.createUser({ email: ADMIN }));
    const gone = await app.createUser({ deletedAt: new Date() });
    expect((await remove(agent, 999_999)).status).toBe(404);
    expect((await remove(agent, "abc")).status).toBe(404);
    expect((await remove(agent, gone.id)).status).toBe(404);
  });

  it("needs the CSRF token (419) and a user (401)", async () => {
    const user = await app.createUser();
    const agent = await signIn(app, await app.createUser({ email: ADMIN }));
    expect((await remove(agent, user.id, { noCsrf: true })).status).toBe(419);
    const guest = app.agent();
    await guest.csrf();
    expect((await remove(guest, user.id)).status).toBe(401);
    expect((await reload(user.id))?.deletedAt).toBeNull();
  });

  it("works with an admin's bearer token", async () => {
    await app.createUser({ email: ADMIN });
    const user = await app.createUser();
    expect(
      (await remove(app.agent(), user.id, { bearer: await tokenFor(ADMIN) }))
        .status,
    ).toBe(200);
  });
});

describe("POST /api/admin/users/{id}/restore (policy restore)", () => {
  it("restores a soft-deleted user, who can sign in again; the tokens the delete ended stay ended (decision record 028)", async () => {
    const admin = await app.createUser({ email: ADMIN });
    const user = await app.createUser({ email: "back@example.com" });
    const token = await tokenFor(user.email);
    const agent = await signIn(app, admin);
    await remove(agent, user.id);
    const response = await restore(agent, user.id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    expect((await reload(user.id))?.deletedAt).toBeNull();
    expect(
      (await app.agent().get("/auth/get-auth", { bearer: token })).body,
    ).toMatchObject({ authenticated: false });
    await signIn(app, user);
    const [audit] = await app.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, "user-restored"));
    expect(audit).toMatchObject({ subjectId: user.id, causerId: admin.id });
  });

  it("changes nothing for an active user; 404 for an unknown id", async () => {
    const agent = await signIn(app, await app.createUser({ email: ADMIN }));
    const user = await app.createUser();
    expect((await restore(agent, user.id)).body).toEqual({ success: true });
    expect(
      await app.database.db
        .select()
        .from(activityLog)
        .where(eq(activityLog.event, "user-restored")),
    ).toEqual([]);
    expect((await restore(agent, 999_999)).status).toBe(404);
  });

  it("answers 403 to a non-admin", async () => {
    const gone = await app.createUser({ deletedAt: new Date() });
    const agent = await signIn(app, await app.createUser());
    expect((await restore(agent, gone.id)).status).toBe(403);
    expect((await reload(gone.id))?.deletedAt).not.toBeNull();
  });
});
