import { describe, expect, it } from "vitest";
import { settings } from "@/db/schema";
import { REVERT_SETTING, UPDATE_SETTING } from "@/lib/settings/routes";
import type { Agent } from "../support/agent";
import { PASSWORD, signIn, useTestApp } from "../support/app";
import { stepUpIfSignedIn } from "../support/two-factor";

// Decision record 014: the settings editor cannot lock the administrators out or break the server.
const ADMIN = "admin@example.test";
const app = useTestApp({ auth: { admins: [ADMIN] } });

// A change needs the step-up (decision record 024): confirmed once per session here.
const put = async (agent: Agent, key: string, value: unknown) => {
  await stepUpIfSignedIn(agent);
  return agent.put(
    "/api/admin/settings",
    { key, value },
    { host: UPDATE_SETTING },
  );
};
const revert = async (agent: Agent, key: string) => {
  await stepUpIfSignedIn(agent);
  return agent.delete(`/api/admin/settings/${key}`, {
    host: REVERT_SETTING,
    params: { key },
  });
};

async function login(email: string, password = PASSWORD) {
  const agent = app.agent();
  await agent.csrf();
  return agent.post("/auth/login", { email, password });
}

describe("the settings editor keeps the server working (numeric bounds)", () => {
  it("refuses a login decay of 2^53 - 1 seconds on the field, stores nothing, and login still works", async () => {
    const admin = await signIn(app, await app.createUser({ email: ADMIN }));
    const user = await app.createUser();
    const response = await put(
      admin,
      "limits.login-decay-seconds",
      Number.MAX_SAFE_INTEGER,
    );
    expect(response.status).toBe(422);
    // Named as the page labels it (decision record 091).
    expect(response.body.errors.value[0]).toContain("Lockout duration");
    expect(await app.database.db.select().from(settings)).toEqual([]);
    expect((await login(user.email, "wrong-password")).status).toBe(422);
    expect((await login(user.email)).status).toBe(200);
  });

  it("refuses every numeric limit beyond its bound, and accepts the bound itself", async () => {
    const admin = await signIn(app, await app.createUser({ email: ADMIN }));
    const bounds: [string, number][] = [
      ["limits.login-attempts", 1000],
      ["limits.login-decay-seconds", 86_400],
      ["limits.impersonation-token-ttl", 3600],
      ["limits.impersonation-max-duration", 86_400],
      ["password.length", 128],
    ];
    for (const [key, max] of bounds) {
      expect((await put(admin, key, max + 1)).status, key).toBe(422);
      expect((await put(admin, key, max)).status, key).toBe(200);
    }
  });

  it("a lockout at the largest decay still answers 422, never 500", async () => {
    const admin = await signIn(app, await app.createUser({ email: ADMIN }));
    const user = await app.createUser();
    expect(
      (await put(admin, "limits.login-decay-seconds", 86_400)).status,
    ).toBe(200);
    for (let attempt = 0; attempt < 5; attempt++)
      await login(user.email, "wrong-password");
    const locked = await login(user.email);
    expect(locked.status).toBe(422);
    expect(locked.body.errors.email[0]).toMatch(/Too many login attempts/);
  });
});

describe("the settings editor cannot lock the administrators out", () => {
  it("refuses to remove the acting administrator from admins (422 on the field)", async () => {
    const admin = await signIn(app, await app.createUser({ email: ADMIN }));
    await app.createUser({ email: "other@example.test" });
    const response = await put(admin, "admins", ["other@example.test"]);
    expect(response.status).toBe(422);
    expect(response.body.errors.value).toEqual([
      "This change would take away your own administrator rights.",
    ]);
    expect(app.services.config.admins).toEqual([ADMIN]);
    expect(await app.database.db.select().from(settings)).toEqual([]);
  });

  it("refuses to remove the last administrator", async () => {
    const admin = await signIn(app, await app.createUser({ email: ADMIN }));
    const response = await put(admin, "admins", []);
    expect(response.status).toBe(422);
    expect(response.body.errors).toHaveProperty("value");
    expect(app.services.config.admins).toEqual([ADMIN]);
  });

  it("adds an administrator, who may then remove others but not themself", async () => {
    const admin = await signIn(app, await app.createUser({ email: ADMIN }));
    expect(
      (await put(admin, "admins", [ADMIN, "second@example.test"])).status,
    ).toBe(200);
    const second = await signIn(
      app,
      await app.createUser({ email: "second@example.test" }),
    );
    // Reverting to the start-up list would drop the second administrator, who is acting.
    expect((await revert(second, "admins")).status).toBe(422);
    expect((await put(second, "admins", ["second@example.test"])).status).toBe(
      200,
    );
    expect(app.services.config.admins).toEqual(["second@example.test"]);
  });

  it("refuses a change that would end the acting administrator's rights another way (must-verify-email on, address unverified)", async () => {
    app.configure({ auth: { "must-verify-email": false } });
    const admin = await signIn(
      app,
      await app.createUser({ email: ADMIN, emailVerifiedAt: null }),
    );
    const response = await put(admin, "must-verify-email", true);
    expect(response.status).toBe(422);
    expect(response.body.errors).toHaveProperty("value");
    expect(app.services.config["must-verify-email"]).toBe(false);
  });
});

describe("routes.redirects.* are internal paths only", () => {
  it("refuses an absolute URL, a protocol-relative path and a backslash path; accepts an internal path", async () => {
    const admin = await signIn(app, await app.createUser({ email: ADMIN }));
    for (const target of [
      "https://evil.example/",
      "http://localhost:3000/admin",
      "//evil.example",
      "/\\evil.example",
      "admin",
      "javascript:alert(1)",
    ]) {
      const response = await put(admin, "routes.redirects.login", target);
      expect(response.status, target).toBe(422);
      expect(response.body.errors.value[0], target).toContain("After login");
    }
    expect(
      (await put(admin, "routes.redirects.login", "/dashboard")).status,
    ).toBe(200);
    expect(app.services.config.routes.redirects.login).toBe("/dashboard");
  });
});
