import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLog, settings } from "@/db/schema";
import { reloadSettings } from "@/lib/settings/store";
import {
  REVERT_SETTING,
  SHOW_SETTINGS,
  UPDATE_SETTING,
} from "@/lib/settings/routes";
import { Agent } from "../support/agent";
import { PASSWORD, signIn, useTestApp } from "../support/app";
import { stepUpIfSignedIn } from "../support/two-factor";

// The settings page's API. Administrators come from configuration.
const app = useTestApp({
  auth: { admins: ["admin@example.test"] },
  env: { RESEND_API_KEY: "re_secret_value", MAIL_DRIVER: "outbox" },
});

const signInAdmin = async () =>
  signIn(app, await app.createUser({ email: "admin@example.test" }));
// A change needs the step-up (decision record 024): confirmed once per session here.
const put = async (agent: Agent, key: string, value: unknown) => {
  await stepUpIfSignedIn(agent);
  return agent.put(
    "/api/admin/settings",
    { key, value },
    { host: UPDATE_SETTING },
  );
};

async function register(agent: Agent) {
  await agent.csrf();
  return agent.post("/auth/register", {
    name: "N",
    email: `n${Math.random()}@example.test`,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
}

describe("administrator settings", () => {
  it("lists the effective configuration with sources, secrets masked", async () => {
    const admin = await signInAdmin();
    const response = await admin.get("/api/admin/settings", {
      host: SHOW_SETTINGS,
    });
    expect(response.status).toBe(200);
    const byKey = Object.fromEntries(
      response.body.settings.map((row: { key: string }) => [row.key, row]),
    );
    expect(byKey["allow-registration"]).toMatchObject({
      value: true,
      source: "default",
      editable: true,
    });
    expect(byKey["hashing.rounds"]).toMatchObject({
      value: 4,
      source: "environment",
      editable: false,
    });
    expect(byKey["routes.prefix"].editable).toBe(false);
    expect(response.text).not.toContain("re_secret_value");
    expect(response.text).not.toContain(
      "test-secret-that-is-at-least-32-characters-long",
    );
  });

  it("changes allow-registration at run time, stores it and audits it", async () => {
    const admin = await signInAdmin();
    const response = await put(admin, "allow-registration", false);
    expect(response.status).toBe(200);
    expect((await register(app.agent())).status).toBe(403);
    const [row] = await app.database.db
      .select()
      .from(settings)
      .where(eq(settings.key, "allow-registration"));
    expect(row?.value).toBe(false);
    const [entry] = await app.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, "setting-changed"));
    expect(entry?.properties).toMatchObject({
      key: "allow-registration",
      old: true,
      new: false,
    });
  });

  it("refuses an invalid value naming the field as the page labels it, and applies nothing", async () => {
    const admin = await signInAdmin();
    const response = await put(admin, "password.length", "eight");
    expect(response.status).toBe(422);
    expect(response.body.errors.value[0]).toBe(
      "Minimum length must be a whole number.",
    );
    expect(await app.database.db.select().from(settings)).toHaveLength(0);
    expect(app.services.config.password.length).toBe(8);
  });

  it("refuses keys that are not editable (route URIs, secrets, unknown keys)", async () => {
    const admin = await signInAdmin();
    for (const key of [
      "routes.prefix",
      "hashing.rounds",
      "SESSION_SECRET",
      "nope",
    ]) {
      const response = await put(admin, key, "x");
      expect(response.status, key).toBe(422);
      expect(response.body.errors).toHaveProperty("key");
    }
  });

  it("turns sign-in by an emailed link or code on and off at run time (features.passwordless, decision record 111)", async () => {
    const admin = await signInAdmin();
    const user = await app.createUser();
    const ask = async () => {
      const guest = app.agent();
      await guest.csrf();
      return (await guest.post("/auth/passwordless", { email: user.email }))
        .status;
    };
    expect(await ask()).toBe(404);
    expect((await put(admin, "features.passwordless", true)).status).toBe(200);
    expect(await ask()).toBe(200);
    expect((await app.lastMailTo(user.email)).subject).toBe(
      "Your sign-in link",
    );
    expect((await put(admin, "features.passwordless", false)).status).toBe(200);
    expect(await ask()).toBe(404);
  });

  it("reverts a key to its start-up value in one call", async () => {
    const admin = await signInAdmin();
    await put(admin, "allow-registration", false);
    const response = await admin.delete(
      "/api/admin/settings/allow-registration",
      { host: REVERT_SETTING, params: { key: "allow-registration" } },
    );
    expect(response.status).toBe(200);
    expect((await register(app.agent())).status).toBe(200);
  });

  it("is in force on another instance after its refresh", async () => {
    const admin = await signInAdmin();
    const other = app.instance();
    await put(admin, "password.length", 12);
    await reloadSettings(other);
    expect(other.config.password.length).toBe(12);
    const agent = new Agent(other);
    await agent.csrf();
    const response = await agent.post("/auth/register", {
      name: "N",
      email: "short@example.test",
      password: "elevenchars",
      password_confirmation: "elevenchars",
    });
    expect(response.status).toBe(422);
    expect(response.body.errors.password[0]).toContain("12");
  });

  it("answers 403 to a user who is not an administrator on every settings route", async () => {
    const user = await signIn(app, await app.createUser());
    expect(
      (await user.get("/api/admin/settings", { host: SHOW_SETTINGS })).status,
    ).toBe(403);
    expect((await put(user, "allow-registration", false)).status).toBe(403);
    expect(
      (
        await user.delete("/api/admin/settings/admins", {
          host: REVERT_SETTING,
          params: { key: "admins" },
        })
      ).status,
    ).toBe(403);
    expect(
      (await app.agent().get("/api/admin/settings", { host: SHOW_SETTINGS }))
        .status,
    ).toBe(401);
  });
});
