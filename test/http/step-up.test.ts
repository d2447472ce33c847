import { describe, expect, it } from "vitest";
import { activityLog } from "@/db/schema";
import { signIn, useTestApp } from "../support/app";
import { confirmPassword } from "../support/two-factor";

const app = useTestApp();
const T0 = new Date("2026-11-25T10:00:00Z");
const REQUIRED = { message: "Password confirmation required." };

/** Keeps the session alive (idle lifetime 120 minutes) while the clock moves `seconds` on. */
async function use(agent: Awaited<ReturnType<typeof signIn>>, seconds: number) {
  for (let left = seconds; left > 0; left -= 3600) {
    app.advance(Math.min(3600, left));
    expect((await agent.get("/auth/get-auth")).body.authenticated).toBe(true);
  }
}

describe("password confirmation, Laravel's password.confirm (decision record 024)", () => {
  it("answers 423 on a route that needs it, 201 to the confirmation, then lets the route through", async () => {
    app.setNow(T0);
    const confirmedEvents = app.events("PasswordConfirmed");
    const agent = await signIn(app, await app.createUser());
    expect(
      (await agent.get("/auth/user/confirmed-password-status")).body,
    ).toEqual({ confirmed: false });
    const refused = await agent.delete("/auth/user/other-browser-sessions");
    expect(refused.status).toBe(423);
    expect(refused.body).toEqual(REQUIRED);
    const confirmed = await agent.post("/auth/user/confirm-password", {
      password: "plum-orbit-4812",
    });
    expect(confirmed.status).toBe(201);
    expect(confirmedEvents).toHaveLength(1);
    expect(
      (await agent.get("/auth/user/confirmed-password-status")).body,
    ).toEqual({ confirmed: true });
    expect(
      (await agent.delete("/auth/user/other-browser-sessions")).status,
    ).toBe(204);
    expect(
      (await app.database.db.select().from(activityLog)).map(
        (row) => row.event,
      ),
    ).toContain("password-confirmed");
  });

  it("answers 422 on password for a wrong one, and counts it under the password limiter", async () => {
    const agent = await signIn(app, await app.createUser());
    const wrong = await agent.post("/auth/user/confirm-password", {
      password: "nope",
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({
      password: ["The provided password was incorrect."],
    });
    for (let i = 0; i < 5; i++)
      await agent.post("/auth/user/confirm-password", { password: "nope" });
    expect(
      (
        await agent.post("/auth/user/confirm-password", {
          password: "plum-orbit-4812",
        })
      ).status,
    ).toBe(429);
    expect(
      (await agent.get("/auth/user/confirmed-password-status")).body,
    ).toEqual({ confirmed: false });
  });

  it("expires after passwords.confirm-timeout seconds (10800 by default)", async () => {
    app.setNow(T0);
    const agent = await signIn(app, await app.createUser());
    await confirmPassword(agent);
    await use(agent, 10_799);
    expect(
      (await agent.get("/auth/user/confirmed-password-status")).body,
    ).toEqual({ confirmed: true });
    await use(agent, 1);
    expect(
      (await agent.get("/auth/user/confirmed-password-status")).body,
    ).toEqual({ confirmed: false });
    expect(
      (await agent.delete("/auth/user/other-browser-sessions")).status,
    ).toBe(423);
  });

  it("follows a configured timeout, and the status answers for a shorter `seconds`", async () => {
    app.configure({ auth: { passwords: { "confirm-timeout": 60 } } });
    app.setNow(T0);
    const agent = await signIn(app, await app.createUser());
    await confirmPassword(agent);
    app.advance(30);
    expect(
      (await agent.get("/auth/user/confirmed-password-status?seconds=10")).body,
    ).toEqual({ confirmed: false });
    expect(
      (await agent.get("/auth/user/confirmed-password-status")).body,
    ).toEqual({ confirmed: true });
    app.advance(30);
    expect(
      (await agent.get("/auth/user/confirmed-password-status")).body,
    ).toEqual({ confirmed: false });
    expect(
      (await agent.get("/auth/user/confirmed-password-status?seconds=abc"))
        .status,
    ).toBe(422);
  });

  it("belongs to one session: a new sign-in starts unconfirmed", async () => {
    const user = await app.createUser();
    const first = await signIn(app, user);
    await confirmPassword(first);
    const second = await signIn(app, user);
    expect(
      (await second.get("/auth/user/confirmed-password-status")).body,
    ).toEqual({ confirmed: false });
  });

  it("guards the settings editor and an email change (423), after the caller is known to be allowed", async () => {
    app.configure({ auth: { admins: ["boss@example.test"] } });
    const admin = await signIn(
      app,
      await app.createUser({ email: "boss@example.test" }),
    );
    const { UPDATE_SETTING } = await import("@/lib/settings/routes");
    const { USER_UPDATE_ROUTE } = await import("@/lib/users/routes");
    expect(
      (
        await admin.put(
          "/api/admin/settings",
          { key: "allow-registration", value: false },
          { host: UPDATE_SETTING },
        )
      ).status,
    ).toBe(423);
    const user = await app.createUser();
    const plain = await signIn(app, user);
    expect(
      (
        await plain.put(
          "/api/admin/settings",
          { key: "allow-registration", value: false },
          { host: UPDATE_SETTING },
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await plain.put(
          "/api/app/user/update",
          { user_id: user.id, email: "new@example.test" },
          { host: USER_UPDATE_ROUTE },
        )
      ).status,
    ).toBe(423);
    expect(
      (
        await plain.put(
          "/api/app/user/update",
          { user_id: user.id, name: "Only the name" },
          { host: USER_UPDATE_ROUTE },
        )
      ).status,
    ).toBe(200);
    await confirmPassword(plain);
    expect(
      (
        await plain.put(
          "/api/app/user/update",
          { user_id: user.id, email: "new@example.test" },
          { host: USER_UPDATE_ROUTE },
        )
      ).status,
    ).toBe(200);
  });
});
