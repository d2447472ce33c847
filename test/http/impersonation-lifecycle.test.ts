import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLog, sessions, users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/passwords";
import { findSession } from "@/lib/server/session-store";
import { ADMIN_USER_DELETE_ROUTE } from "@/lib/admin/routes";
import { UPDATE_SETTING } from "@/lib/settings/routes";
import type { Agent } from "../support/agent";
import { PASSWORD, signIn, useTestApp } from "../support/app";
import { impersonating as startImpersonating } from "../support/impersonation";
import { linkIn } from "../support/session";
import { stepUpIfSignedIn } from "../support/two-factor";

// Decision record 008: an impersonation ends when its conditions end, on whatever request comes
// next — not only when revert-impersonate is asked. The row is deleted and the end recorded.
const ADMIN = "admin@example.com";
const OTHER_ADMIN = "other-admin@example.com";
const app = useTestApp({ auth: { admins: [ADMIN, OTHER_ADMIN] } });
const NEW_PASSWORD = "a-brand-new-password";

/** An admin's browser, now signed in as the target through a token. */
const impersonating = () => startImpersonating(app, ADMIN);

/** The target's impersonation sessions still in the table. */
const impersonationRows = (targetId: number) =>
  app.database.db.select().from(sessions).where(eq(sessions.userId, targetId));

async function lastEnd() {
  const [row] = await app.database.db
    .select()
    .from(activityLog)
    .where(eq(activityLog.event, "impersonation-ended"))
    .orderBy(desc(activityLog.id))
    .limit(1);
  return row;
}

/** get-auth answers a guest, the row is gone, and the end is in the activity log once. */
async function expectEnded(
  agent: Agent,
  ids: { admin: number; target: number },
  reason: string,
) {
  expect((await agent.get("/auth/get-auth")).body).toEqual({
    user: null,
    authenticated: false,
    is_admin: false,
    verified: false,
    impersonating: false,
    two_factor_enabled: false,
    two_factor_required: false,
  });
  expect(await impersonationRows(ids.target)).toHaveLength(0);
  const ends = await app.database.db
    .select()
    .from(activityLog)
    .where(
      and(
        eq(activityLog.event, "impersonation-ended"),
        eq(activityLog.subjectId, ids.target),
      ),
    );
  expect(ends).toHaveLength(1);
  expect(ends[0]).toMatchObject({
    causerId: ids.admin,
    properties: { reverted: false, reason },
  });
}

async function otherAdmin(): Promise<Agent> {
  return signIn(app, await app.createUser({ email: OTHER_ADMIN }));
}

// A change needs the step-up (decision record 024): confirmed once per session here.
const setSetting = async (agent: Agent, key: string, value: unknown) => {
  await stepUpIfSignedIn(agent);
  return agent.put(
    "/api/admin/settings",
    { key, value },
    { host: UPDATE_SETTING },
  );
};

describe("an impersonation ends when its conditions end, on every request", () => {
  it("ends by itself past limits.impersonation-max-duration: get-auth shows a guest, the row is gone", async () => {
    app.configure({ auth: { limits: { "impersonation-max-duration": 5 } } });
    const { admin, target, agent } = await impersonating();
    app.advance(5);
    expect((await agent.get("/auth/get-auth")).body).toMatchObject({
      user: { id: target.id },
      impersonating: true,
    });
    app.advance(1);
    await expectEnded(agent, { admin: admin.id, target: target.id }, "expired");
    // Ended already: a later revert finds no session at all.
    expect((await agent.post("/auth/revert-impersonate")).status).toBe(401);
  });

  it("ends on any authenticated route past the deadline, as for a guest (401)", async () => {
    app.configure({ auth: { limits: { "impersonation-max-duration": 5 } } });
    const { admin, target, agent } = await impersonating();
    app.advance(6);
    expect((await agent.post("/auth/tokens")).status).toBe(401);
    await expectEnded(agent, { admin: admin.id, target: target.id }, "expired");
  });

  it("still answers a revert arriving first after the deadline as contract §3 says: {success: false, user: null}", async () => {
    app.configure({ auth: { limits: { "impersonation-max-duration": 5 } } });
    const { admin, target, agent } = await impersonating();
    app.advance(6);
    const response = await agent.post("/auth/revert-impersonate");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: false, user: null });
    await expectEnded(agent, { admin: admin.id, target: target.id }, "expired");
  });

  it("ends when the requester is soft-deleted", async () => {
    const { admin, target, agent } = await impersonating();
    await app.database.db
      .update(users)
      .set({ deletedAt: new Date() })
      .where(eq(users.id, admin.id));
    await expectEnded(
      agent,
      { admin: admin.id, target: target.id },
      "original-gone",
    );
  });

  it("ends at once when an administrator deletes the requester", async () => {
    const { admin, target } = await impersonating();
    const boss = await otherAdmin();
    // Administrators never delete each other (decision record 014): the requester leaves the list
    // first. Nothing asks the impersonating session meanwhile, so the deletion is what ends it.
    expect((await setSetting(boss, "admins", [OTHER_ADMIN])).status).toBe(200);
    const response = await boss.delete(`/api/admin/users/${admin.id}`, {
      host: ADMIN_USER_DELETE_ROUTE,
      params: { id: String(admin.id) },
    });
    expect(response.status).toBe(200);
    expect(await impersonationRows(target.id)).toHaveLength(0);
    expect(await lastEnd()).toMatchObject({
      subjectId: target.id,
      causerId: admin.id,
      properties: { reverted: false, reason: "original-gone" },
    });
  });

  it("ends when the requester is no longer an administrator (removed from admins at run time)", async () => {
    const { admin, target, agent } = await impersonating();
    expect(
      (await setSetting(await otherAdmin(), "admins", [OTHER_ADMIN])).status,
    ).toBe(200);
    await expectEnded(
      agent,
      { admin: admin.id, target: target.id },
      "not-allowed",
    );
  });

  it("ends when the target has become an administrator (the ability is asked with the target)", async () => {
    const { admin, target, agent } = await impersonating();
    expect(
      (
        await setSetting(await otherAdmin(), "admins", [
          ADMIN,
          OTHER_ADMIN,
          target.email,
        ])
      ).status,
    ).toBe(200);
    await expectEnded(
      agent,
      { admin: admin.id, target: target.id },
      "not-allowed",
    );
  });

  it("ends when allow-impersonate is switched off at run time", async () => {
    const { admin, target, agent } = await impersonating();
    expect(
      (await setSetting(await otherAdmin(), "allow-impersonate", false)).status,
    ).toBe(200);
    await expectEnded(
      agent,
      { admin: admin.id, target: target.id },
      "impersonation-disabled",
    );
  });

  it("answers a revert arriving first after allow-impersonate was switched off with 403, signed out", async () => {
    const { admin, target, agent } = await impersonating();
    expect(
      (await setSetting(await otherAdmin(), "allow-impersonate", false)).status,
    ).toBe(200);
    expect((await agent.post("/auth/revert-impersonate")).status).toBe(403);
    await expectEnded(
      agent,
      { admin: admin.id, target: target.id },
      "impersonation-disabled",
    );
  });

  it("ends every impersonation of the requester when they change their password (update-password)", async () => {
    const { admin, target, agent } = await impersonating();
    const elsewhere = await signIn(app, admin);
    const changed = await elsewhere.post("/auth/update-password", {
      old_password: PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(changed.status).toBe(200);
    expect(await impersonationRows(target.id)).toHaveLength(0);
    expect((await agent.post("/auth/revert-impersonate")).status).toBe(401);
    await expectEnded(
      agent,
      { admin: admin.id, target: target.id },
      "password-changed",
    );
    expect((await elsewhere.get("/auth/get-auth")).body).toMatchObject({
      user: { id: admin.id },
    });
  });

  it("ends every impersonation of the requester when they reset their password", async () => {
    const { admin, target, agent } = await impersonating();
    const guest = app.agent();
    await guest.csrf();
    await guest.post("/auth/forgot-password", { email: ADMIN });
    const [token = "", email = ""] = linkIn((await app.lastMailTo(ADMIN)).text)
      .pathname.split("/")
      .slice(-2);
    const reset = await guest.post("/auth/reset-password", {
      token: decodeURIComponent(token),
      email: decodeURIComponent(email),
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(reset.status).toBe(200);
    await expectEnded(
      agent,
      { admin: admin.id, target: target.id },
      "password-changed",
    );
  });

  it("refuses the revert, signed out, when the requester's password changed outside this application", async () => {
    const { admin, target, agent } = await impersonating();
    // A Laravel application on the same database: our endpoints never saw the change.
    await app.database.db
      .update(users)
      .set({ password: await hashPassword(NEW_PASSWORD, 4) })
      .where(eq(users.id, admin.id));
    expect((await agent.post("/auth/revert-impersonate")).body).toEqual({
      success: false,
      user: null,
    });
    await expectEnded(
      agent,
      { admin: admin.id, target: target.id },
      "password-changed",
    );
  });

  it("refuses a token whose requester changed their password after requesting it (403)", async () => {
    app.setNow(new Date("2026-11-22T10:00:00Z"));
    const admin = await app.createUser({ email: ADMIN });
    const target = await app.createUser();
    const agent = await signIn(app, admin);
    const issued = await agent.post("/auth/impersonate", {
      target_user_id: target.id,
    });
    expect(
      (
        await agent.post("/auth/update-password", {
          old_password: PASSWORD,
          password: NEW_PASSWORD,
          password_confirmation: NEW_PASSWORD,
        })
      ).status,
    ).toBe(200);
    expect(
      (await agent.get(new URL(issued.body.url as string).pathname)).status,
    ).toBe(403);
    expect((await agent.get("/auth/get-auth")).body).toMatchObject({
      user: { id: admin.id },
      impersonating: false,
    });
  });

  it("goes on while every condition holds, and records one end when many requests see it over at once", async () => {
    app.configure({ auth: { limits: { "impersonation-max-duration": 60 } } });
    const { admin, target, agent } = await impersonating();
    app.advance(60);
    expect((await agent.post("/auth/tokens")).status).toBe(200);
    app.advance(1);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => agent.get("/auth/get-auth")),
    );
    expect(answers.map((answer) => answer.body.authenticated)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    await expectEnded(agent, { admin: admin.id, target: target.id }, "expired");
  });

  it("reads the requester with the session row as the users table gives it, every column (decision record 060)", async () => {
    const { admin } = await impersonating();
    // Every kind of column non-null: timestamps, the jsonb payload, the TOTP step's bigint.
    const [requester] = await app.database.db
      .update(users)
      .set({
        rememberToken: "remember-me",
        payload: { theme: "dark", steps: [1, "two"], nested: { on: true } },
        twoFactorSecret: "sealed-secret",
        twoFactorRecoveryCodes: "sealed-codes",
        twoFactorConfirmedAt: new Date("2026-11-21T08:30:15Z"),
        twoFactorLastStep: 59_012_345,
      })
      .where(eq(users.id, admin.id))
      .returning();
    const rows = await app.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.impersonatorId, admin.id));
    expect(rows).toHaveLength(1);
    const found = await findSession(
      app.database.db,
      rows[0]?.id ?? "",
      app.services.config["user-class"],
    );
    expect(found?.requester).toEqual(requester);
    expect(found?.requester?.emailVerifiedAt).toBeInstanceOf(Date);
  });
});
