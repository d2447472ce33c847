import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  accountDeletions,
  activityLog,
  personalAccessTokens,
  sessions,
  users,
} from "@/db/schema";
import { ADMIN_USER_RESTORE_ROUTE } from "@/lib/admin/routes";
import { USER_DELETE_ROUTE } from "@/lib/account/routes";
import type { Agent } from "../support/agent";
import { PASSWORD, signIn, useTestApp } from "../support/app";
import { createToken } from "../support/tokens";

// "Delete my account" (Jetstream's DELETE /user with `password`), decision record 021.
const ADMIN = "admin@example.com";
const app = useTestApp({ auth: { admins: [ADMIN] } });

const deleteAccount = (agent: Agent, json: unknown, options = {}) =>
  agent.request("DELETE", "/api/app/user", {
    json,
    host: USER_DELETE_ROUTE,
    ...options,
  });

async function reload(id: number) {
  const [row] = await app.database.db
    .select()
    .from(users)
    .where(eq(users.id, id));
  return row;
}

describe("DELETE /api/app/user", () => {
  it("soft-deletes the account, ends every session and token at once, mails the owner and audits it", async () => {
    app.setNow(new Date("2026-11-25T09:00:00Z"));
    const user = await app.createUser({ email: "leaving@example.com" });
    const agent = await signIn(app, user);
    const elsewhere = await signIn(app, user);
    const token = await createToken(app, user.email);
    expect(
      (await app.agent().get("/auth/get-auth", { bearer: token })).body
        .authenticated,
    ).toBe(true);

    const response = await deleteAccount(agent, { password: PASSWORD });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      message: "Your account has been deleted.",
      purge_at: "2026-12-25T09:00:00.000Z",
    });
    // This browser got a fresh guest session: signed out, with a new CSRF token.
    expect(
      response.setCookies.some((cookie) => cookie.startsWith("XSRF-TOKEN=")),
    ).toBe(true);
    expect((await agent.get("/auth/get-auth")).body.authenticated).toBe(false);
    expect((await elsewhere.get("/auth/get-auth")).body.authenticated).toBe(
      false,
    );
    expect(
      (await app.agent().get("/auth/get-auth", { bearer: token })).body
        .authenticated,
    ).toBe(false);

    expect((await reload(user.id))?.deletedAt).toEqual(
      new Date("2026-11-25T09:00:00Z"),
    );
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
    expect(await app.database.db.select().from(accountDeletions)).toEqual([
      { userId: user.id, requestedAt: new Date("2026-11-25T09:00:00Z") },
    ]);
    const [audit] = await app.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, "account-deleted"));
    expect(audit).toMatchObject({
      subjectId: user.id,
      causerId: null,
      properties: { ip: "127.0.0.1", purge_at: "2026-12-25T09:00:00.000Z" },
    });

    const mail = await app.lastMailTo(user.email);
    expect(mail.subject).toBe("Your account has been deleted");
    expect(mail.text).toContain("2026-12-25 09:00 UTC");

    // Signing in again fails like an unknown account.
    const again = app.agent();
    await again.csrf();
    expect(
      (
        await again.post("/auth/login", {
          email: user.email,
          password: PASSWORD,
        })
      ).status,
    ).toBe(422);
  });

  it("answers 422 on password when it is wrong or missing, and changes nothing", async () => {
    const user = await app.createUser();
    const agent = await signIn(app, user);
    const wrong = await deleteAccount(agent, { password: "not-my-password" });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual({
      message: "The password is incorrect.",
      errors: { password: ["The password is incorrect."] },
    });
    const missing = await deleteAccount(agent, {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({
      password: ["The password field is required."],
    });
    expect((await reload(user.id))?.deletedAt).toBeNull();
    expect((await agent.get("/auth/get-auth")).body.authenticated).toBe(true);
    expect(await app.database.db.select().from(accountDeletions)).toEqual([]);
  });

  it("is limited like every password check (throttle:password, 6 a minute per user)", async () => {
    const user = await app.createUser();
    const agent = await signIn(app, user);
    for (let i = 0; i < 6; i++)
      expect((await deleteAccount(agent, { password: "guess" })).status).toBe(
        422,
      );
    expect((await deleteAccount(agent, { password: PASSWORD })).status).toBe(
      429,
    );
    expect((await reload(user.id))?.deletedAt).toBeNull();
  });

  it("needs a session: 403 to a bearer token whatever its abilities, 401 to a guest, 419 without the CSRF header", async () => {
    const user = await app.createUser();
    const token = await createToken(app, user.email);
    expect(
      (
        await deleteAccount(
          app.agent(),
          { password: PASSWORD },
          { bearer: token },
        )
      ).status,
    ).toBe(403);
    const guest = app.agent();
    await guest.csrf();
    expect((await deleteAccount(guest, { password: PASSWORD })).status).toBe(
      401,
    );
    const agent = await signIn(app, user);
    expect(
      (await deleteAccount(agent, { password: PASSWORD }, { noCsrf: true }))
        .status,
    ).toBe(419);
    expect((await reload(user.id))?.deletedAt).toBeNull();
  });

  it("answers 403 while impersonating: the administrator holds the session, not the owner's consent", async () => {
    const admin = await app.createUser({ email: ADMIN });
    const user = await app.createUser();
    const agent = await signIn(app, admin);
    const { body } = await agent.post("/auth/impersonate", {
      target_user_id: user.id,
    });
    expect((await agent.get(`/auth/impersonate/${body.token}`)).status).toBe(
      200,
    );
    expect((await deleteAccount(agent, { password: PASSWORD })).status).toBe(
      403,
    );
    expect((await reload(user.id))?.deletedAt).toBeNull();
  });

  it("can be restored by an administrator during the grace period: no longer due to be purged, signing in works again", async () => {
    const admin = await app.createUser({ email: ADMIN });
    const user = await app.createUser();
    expect(
      (await deleteAccount(await signIn(app, user), { password: PASSWORD }))
        .status,
    ).toBe(200);
    const id = String(user.id);
    const restored = await (
      await signIn(app, admin)
    ).post(
      `/api/admin/users/${id}/restore`,
      {},
      { host: ADMIN_USER_RESTORE_ROUTE, params: { id } },
    );
    expect(restored.status).toBe(200);
    expect(await app.database.db.select().from(accountDeletions)).toEqual([]);
    expect((await signIn(app, user)).cookies.size).toBeGreaterThan(0);
  });
});
