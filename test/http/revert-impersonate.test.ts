import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLog, users } from "@/db/schema";
import type { Agent } from "../support/agent";
import { signIn, useTestApp } from "../support/app";
import { impersonating as startImpersonating } from "../support/impersonation";

const ADMIN = "admin@example.com";
const app = useTestApp({ auth: { admins: [ADMIN] } });

/** An admin's browser, now signed in as the target through a token. */
const impersonating = () => startImpersonating(app, ADMIN);

async function lastAudit() {
  const [row] = await app.database.db
    .select()
    .from(activityLog)
    .where(eq(activityLog.event, "impersonation-ended"))
    .orderBy(desc(activityLog.id))
    .limit(1);
  return row;
}

/** Keeps the session alive (SESSION_LIFETIME is 120 min) while the clock moves `seconds` ahead. */
async function waitActive(agent: Agent, seconds: number) {
  for (let left = seconds; left > 0; left -= 3600) {
    app.advance(Math.min(3600, left));
    await agent.get("/auth/get-auth");
  }
}

describe("POST /auth/revert-impersonate (contract §3 Impersonation, impersonating → …)", () => {
  it("returns to the original account on a regenerated session within 7200 s", async () => {
    const { admin, target, agent } = await impersonating();
    await waitActive(agent, 7200);
    const before = new Map(agent.cookies);
    const response = await agent.post("/auth/revert-impersonate");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      user: expect.objectContaining({ id: admin.id, email: ADMIN }),
    });
    expect(agent.cookies.get("auth_session")).not.toBe(
      before.get("auth_session"),
    );
    expect((await agent.get("/auth/get-auth")).body).toMatchObject({
      user: { id: admin.id },
      is_admin: true,
      impersonating: false,
    });
    expect(await lastAudit()).toMatchObject({
      subjectId: target.id,
      causerId: admin.id,
      properties: { ip: "127.0.0.1", reverted: true },
    });
  });

  it("redirects a browser to the configured target", async () => {
    const { agent } = await impersonating();
    const response = await agent.post(
      "/auth/revert-impersonate",
      {},
      { asJson: false },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin");
  });

  it("signs out after more than 7200 s: {success: false, user: null}", async () => {
    const { admin, agent } = await impersonating();
    await waitActive(agent, 7200);
    // The revert is the first request after the deadline (any other request would sign out first).
    app.advance(1);
    const response = await agent.post("/auth/revert-impersonate");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: false, user: null });
    expect((await agent.get("/auth/get-auth")).body).toMatchObject({
      authenticated: false,
      user: null,
    });
    expect(await lastAudit()).toMatchObject({
      causerId: admin.id,
      properties: { reverted: false, reason: "expired" },
    });
  });

  it("follows limits.impersonation-max-duration", async () => {
    app.configure({ auth: { limits: { "impersonation-max-duration": 60 } } });
    const { agent } = await impersonating();
    app.advance(61);
    expect((await agent.post("/auth/revert-impersonate")).body).toEqual({
      success: false,
      user: null,
    });
  });

  it("signs out when the original account no longer exists (soft-deleted)", async () => {
    const { admin, agent } = await impersonating();
    await app.database.db
      .update(users)
      .set({ deletedAt: new Date() })
      .where(eq(users.id, admin.id));
    expect((await agent.post("/auth/revert-impersonate")).body).toEqual({
      success: false,
      user: null,
    });
    expect((await agent.get("/auth/get-auth")).body.authenticated).toBe(false);
    expect(await lastAudit()).toMatchObject({
      properties: { reverted: false, reason: "original-gone" },
    });
  });

  it("answers 403 without impersonate_token in the session, unchanged", async () => {
    const user = await app.createUser();
    const agent = await signIn(app, user);
    const before = new Map(agent.cookies);
    expect((await agent.post("/auth/revert-impersonate")).status).toBe(403);
    expect(agent.cookies).toEqual(before);
    expect((await agent.get("/auth/get-auth")).body).toMatchObject({
      user: { id: user.id },
    });
  });

  it("answers 405 to GET (contract §9, since 6.1)", async () => {
    const { agent } = await impersonating();
    const response = await agent.get("/auth/revert-impersonate");
    expect(response.status).toBe(405);
    expect((await agent.get("/auth/get-auth")).body.impersonating).toBe(true);
  });

  it("answers 403 when allow-impersonate became false", async () => {
    const { agent } = await impersonating();
    app.configure({ auth: { "allow-impersonate": false } });
    const later = app.agent();
    for (const [name, value] of agent.cookies) later.cookies.set(name, value);
    expect((await later.post("/auth/revert-impersonate")).status).toBe(403);
  });

  it("answers 419 without the CSRF token and 401 to a guest", async () => {
    const { agent } = await impersonating();
    expect(
      (await agent.post("/auth/revert-impersonate", {}, { noCsrf: true }))
        .status,
    ).toBe(419);
    const guest = app.agent();
    await guest.csrf();
    expect((await guest.post("/auth/revert-impersonate")).status).toBe(401);
  });

  it("records the end of the impersonation when the impersonated session signs out", async () => {
    const { admin, target, agent } = await impersonating();
    expect((await agent.post("/auth/logout")).status).toBe(200);
    expect(await lastAudit()).toMatchObject({
      subjectId: target.id,
      causerId: admin.id,
      properties: expect.objectContaining({ reason: "logout" }),
    });
  });
});
