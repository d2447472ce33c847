import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLog, sessions } from "@/db/schema";
import {
  ADMIN_USER_SESSION_DELETE_ROUTE,
  ADMIN_USER_SESSIONS_ROUTE,
  ADMIN_USER_TWO_FACTOR_RESET_ROUTE,
  ADMIN_USERS_ROUTE,
} from "@/lib/admin/routes";
import { Agent } from "../support/agent";
import { PASSWORD, signIn, useTestApp } from "../support/app";
import { otherSessionHandle } from "../support/session";
import {
  confirmPassword,
  enrol,
  startSignIn,
  stepUp,
  totpCode,
} from "../support/two-factor";

const ADMIN = "admin@example.test";
const app = useTestApp({ auth: { admins: [ADMIN] } });
const T0 = new Date("2026-11-25T10:00:00Z");
const FIREFOX =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/** Signs in from a browser with this user agent and address. */
async function signInFrom(
  user: { email: string },
  userAgent: string,
  ip: string,
): Promise<Agent> {
  const agent = app.agent(ip);
  const headers = { "user-agent": userAgent };
  await agent.request("GET", "/sanctum/csrf-cookie", {
    asJson: false,
    headers,
  });
  expect(
    (
      await agent.post(
        "/auth/login",
        { email: user.email, password: PASSWORD },
        { headers },
      )
    ).status,
  ).toBe(200);
  return agent;
}

describe("GET user/sessions and ending them (decision record 024)", () => {
  it("lists the caller's live sessions: opaque id, browser, system, address, times, method, current", async () => {
    app.setNow(T0);
    const user = await app.createUser();
    const firefox = await signInFrom(user, FIREFOX, "10.0.0.1");
    app.advance(120);
    const safari = await signInFrom(user, SAFARI, "10.0.0.2");
    await signIn(app, await app.createUser()); // someone else's session is not listed
    const list = (await safari.get("/auth/user/sessions")).body as Record<
      string,
      unknown
    >[];
    expect(list).toHaveLength(2);
    expect(list[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      browser: "Safari 17",
      system: "iOS 17.5",
      ip_address: "10.0.0.2",
      signed_in_at: "2026-11-25T10:02:00.000Z",
      last_active: "2026-11-25T10:02:00.000Z",
      method: "password",
      current: true,
    });
    expect(list[1]).toMatchObject({
      browser: "Firefox 133",
      system: "Windows 10",
      ip_address: "10.0.0.1",
      method: "password",
      current: false,
    });
    const stored = (
      await app.database.db.select({ id: sessions.id }).from(sessions)
    ).map((row) => row.id);
    for (const entry of list)
      expect(stored.join(" ")).not.toContain(String(entry.id));
    expect(
      (
        (await firefox.get("/auth/user/sessions")).body as {
          current: boolean;
        }[]
      ).map((entry) => entry.current),
    ).toEqual([false, true]);
  });

  it("records the second factor as the method of a session that passed the challenge", async () => {
    app.setNow(T0);
    const user = await app.createUser();
    const { secret } = await enrol(app, user, T0);
    const agent = await startSignIn(app, user);
    await agent.post("/auth/two-factor-challenge", {
      code: totpCode(secret, app.services.now()),
    });
    const list = (await agent.get("/auth/user/sessions")).body as {
      method: string;
      current: boolean;
    }[];
    expect(list.find((entry) => entry.current)?.method).toBe("two-factor");
  });

  it("DELETE user/sessions/{id} ends that session: its browser is signed out (204); an unknown id is 404", async () => {
    const user = await app.createUser();
    const other = await signInFrom(user, FIREFOX, "10.0.0.1");
    const mine = await signInFrom(user, SAFARI, "10.0.0.2");
    // Behind the step-up, as ending all of them is (decision record 028).
    await stepUp(mine);
    const ended = app.events("OtherDeviceLogout");
    const target = await otherSessionHandle(mine);
    expect((await mine.delete(`/auth/user/sessions/${target}`)).status).toBe(
      204,
    );
    expect((await other.get("/auth/get-auth")).body.authenticated).toBe(false);
    expect((await mine.get("/auth/get-auth")).body.authenticated).toBe(true);
    expect(ended).toEqual([
      expect.objectContaining({
        user: expect.objectContaining({ id: user.id }),
        sessions: 1,
        device: { ipAddress: "10.0.0.1", userAgent: FIREFOX },
      }),
    ]);
    expect((await mine.delete(`/auth/user/sessions/${target}`)).status).toBe(
      404,
    );
    expect(
      (await mine.delete("/auth/user/sessions/not-a-session")).status,
    ).toBe(404);
  });

  it("cannot end another user's session by its id (404)", async () => {
    const victim = await app.createUser();
    const victimAgent = await signIn(app, victim);
    const handle = (
      (await victimAgent.get("/auth/user/sessions")).body as { id: string }[]
    )[0]?.id;
    const attacker = await signIn(app, await app.createUser());
    await stepUp(attacker);
    expect(
      (await attacker.delete(`/auth/user/sessions/${handle}`)).status,
    ).toBe(404);
    expect((await victimAgent.get("/auth/get-auth")).body.authenticated).toBe(
      true,
    );
  });

  it("DELETE user/other-browser-sessions ends every other session after the step-up, audited", async () => {
    const user = await app.createUser();
    const others = [await signIn(app, user), await signIn(app, user)];
    const mine = await signIn(app, user);
    expect(
      (await mine.delete("/auth/user/other-browser-sessions")).status,
    ).toBe(423);
    await confirmPassword(mine);
    expect(
      (await mine.delete("/auth/user/other-browser-sessions")).status,
    ).toBe(204);
    for (const agent of others)
      expect((await agent.get("/auth/get-auth")).body.authenticated).toBe(
        false,
      );
    expect((await mine.get("/auth/user/sessions")).body).toHaveLength(1);
    const [entry] = await app.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, "sessions-ended"));
    expect(entry).toMatchObject({
      subjectId: user.id,
      properties: { count: 2 },
    });
  });
});

describe("administrators and a user's sessions and second factor (decision records 023–024)", () => {
  async function adminAgent() {
    return signIn(app, await app.createUser({ email: ADMIN }));
  }

  it("lists a user's sessions and ends one; the user list shows two_factor_enabled", async () => {
    app.setNow(T0);
    const admin = await adminAgent();
    const user = await app.createUser();
    await enrol(app, user, T0);
    const params = { id: String(user.id) };
    const list = (
      await admin.get(`/api/admin/users/${user.id}/sessions`, {
        host: ADMIN_USER_SESSIONS_ROUTE,
        params,
      })
    ).body as { id: string; current: boolean }[];
    expect(list).toHaveLength(1); // the enrolling session
    expect(list[0]?.current).toBe(false);
    const row = (
      (await admin.get("/api/admin/users", { host: ADMIN_USERS_ROUTE })).body
        .data as { id: number; two_factor_enabled: boolean }[]
    ).find((r) => r.id === user.id);
    expect(row?.two_factor_enabled).toBe(true);
    const deleted = await admin.delete(
      `/api/admin/users/${user.id}/sessions/${list[0]?.id}`,
      {
        host: ADMIN_USER_SESSION_DELETE_ROUTE,
        params: { ...params, sessionId: list[0]?.id ?? "" },
      },
    );
    expect(deleted.status).toBe(204);
    expect(
      (
        await admin.get(`/api/admin/users/${user.id}/sessions`, {
          host: ADMIN_USER_SESSIONS_ROUTE,
          params,
        })
      ).body,
    ).toEqual([]);
  });

  it("resets a user's second factor after the step-up: audited, mailed; the password alone then signs in", async () => {
    app.setNow(T0);
    const admin = await adminAgent();
    const user = await app.createUser();
    await enrol(app, user, T0);
    const params = { id: String(user.id) };
    const reset = () =>
      admin.delete(`/api/admin/users/${user.id}/two-factor`, {
        host: ADMIN_USER_TWO_FACTOR_RESET_ROUTE,
        params,
      });
    expect((await reset()).status).toBe(423);
    await confirmPassword(admin);
    expect((await reset()).status).toBe(204);
    expect((await app.lastMailTo(user.email)).subject).toBe(
      "Two-factor authentication was turned off on your account",
    );
    const [entry] = await app.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, "two-factor-reset"));
    expect(entry).toMatchObject({
      subjectId: user.id,
      causerId: expect.any(Number),
    });
    const guest = app.agent();
    await guest.csrf();
    expect(
      (
        await guest.post("/auth/login", {
          email: user.email,
          password: PASSWORD,
        })
      ).body.success,
    ).toBe(true);
  });

  it("never on another administrator, nor for a user who is not an administrator (403)", async () => {
    app.configure({ auth: { admins: [ADMIN, "other-admin@example.test"] } });
    const admin = await adminAgent();
    await confirmPassword(admin);
    const other = await app.createUser({ email: "other-admin@example.test" });
    const params = { id: String(other.id) };
    expect(
      (
        await admin.get(`/api/admin/users/${other.id}/sessions`, {
          host: ADMIN_USER_SESSIONS_ROUTE,
          params,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await admin.delete(`/api/admin/users/${other.id}/two-factor`, {
          host: ADMIN_USER_TWO_FACTOR_RESET_ROUTE,
          params,
        })
      ).status,
    ).toBe(403);
    const plain = await signIn(app, await app.createUser());
    const victim = await app.createUser();
    expect(
      (
        await plain.get(`/api/admin/users/${victim.id}/sessions`, {
          host: ADMIN_USER_SESSIONS_ROUTE,
          params: { id: String(victim.id) },
        })
      ).status,
    ).toBe(403);
  });
});
