import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLog, users } from "@/db/schema";
import { USER_UPDATE_ROUTE } from "@/lib/users/routes";
import type { Agent } from "../support/agent";
import { PASSWORD, signIn, useTestApp } from "../support/app";
import { stepUpIfSignedIn } from "../support/two-factor";

const ADMIN = "admin@example.com";
const app = useTestApp({ auth: { admins: [ADMIN] } });
const PATH = "/api/app/user/update";

// A new address needs the step-up (decision record 024): confirmed once per session here.
const update = async (agent: Agent, body: unknown, options = {}) => {
  if (agent.cookies.size > 0 && !("bearer" in options))
    await stepUpIfSignedIn(agent);
  return agent.put(PATH, body, { host: USER_UPDATE_ROUTE, ...options });
};

async function reload(id: number) {
  const [row] = await app.database.db
    .select()
    .from(users)
    .where(eq(users.id, id));
  return row;
}

describe("PUT /api/app/user/update (contract §4 Profile-related calls)", () => {
  it("updates the caller's own name, keeps a new email pending, and answers {success, user}", async () => {
    const user = await app.createUser({
      name: "Old",
      email: "old@example.com",
      payload: { theme: "dark" },
    });
    const agent = await signIn(app, user);
    const response = await update(agent, {
      user_id: user.id,
      name: "New Name",
      email: "new@example.com",
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      user: expect.objectContaining({
        id: user.id,
        name: "New Name",
        email: "old@example.com",
        pending_email: "new@example.com",
        payload: { theme: "dark" },
      }),
    });
    expect(response.body.user).not.toHaveProperty("password");
    // Decision record 012: the address in force changes only once the new one is confirmed.
    expect(await reload(user.id)).toMatchObject({
      name: "New Name",
      email: "old@example.com",
    });
    // The session survives the change.
    expect((await agent.get("/auth/get-auth")).body).toMatchObject({
      user: { email: "old@example.com", pending_email: "new@example.com" },
    });
  });

  it("leaves absent fields alone (sometimes) and accepts user_id as digits", async () => {
    const user = await app.createUser({
      name: "Keep",
      email: "keep@example.com",
    });
    const agent = await signIn(app, user);
    const response = await update(agent, {
      user_id: String(user.id),
      name: "Changed",
    });
    expect(response.status).toBe(200);
    expect(await reload(user.id)).toMatchObject({
      name: "Changed",
      email: "keep@example.com",
    });
  });

  it("a new email leaves the address in force verified; the confirmation link goes to the new one", async () => {
    const user = await app.createUser({ email: "before@example.com" });
    const agent = await signIn(app, user);
    await update(agent, { user_id: user.id, email: "after@example.com" });
    expect(await reload(user.id)).toMatchObject({
      email: "before@example.com",
      emailVerifiedAt: user.emailVerifiedAt,
    });
    expect((await app.lastMailTo("after@example.com")).text).toContain(
      "/api/app/user/email/confirm/",
    );
    expect((await agent.get("/auth/get-auth")).body.verified).toBe(true);
  });

  it("applies a change of letter case alone at once, verified; with must-verify-email off a new address still waits", async () => {
    const user = await app.createUser({ email: "case@example.com" });
    const agent = await signIn(app, user);
    const cased = await update(agent, {
      user_id: user.id,
      email: "Case@Example.com",
    });
    expect(cased.body.user).toMatchObject({
      email: "Case@Example.com",
      pending_email: null,
    });
    expect((await reload(user.id))?.emailVerifiedAt).not.toBeNull();
    expect(await app.mail()).toEqual([]);
    app.configure({ auth: { "must-verify-email": false } });
    const other = await app.createUser();
    await update(await signIn(app, other), {
      user_id: other.id,
      email: "elsewhere@example.com",
    });
    expect(await reload(other.id)).toMatchObject({ email: other.email });
    expect((await app.lastMailTo("elsewhere@example.com")).text).toContain(
      "/api/app/user/email/confirm/",
    );
  });

  it("sets payload.avatar and removes it with an empty value, keeping other meta", async () => {
    const user = await app.createUser({ payload: { theme: "dark" } });
    const agent = await signIn(app, user);
    const set = await update(agent, {
      user_id: user.id,
      avatar: "/uploads/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png",
    });
    expect(set.body.user.payload).toEqual({
      theme: "dark",
      avatar: "/uploads/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png",
    });
    const removed = await update(agent, { user_id: user.id, avatar: "" });
    expect(removed.status).toBe(200);
    expect(removed.body.user.payload).toEqual({ theme: "dark" });
    await update(agent, {
      user_id: user.id,
      avatar: "/uploads/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png",
    });
    expect(
      (await update(agent, { user_id: user.id, avatar: null })).body.user
        .payload,
    ).toEqual({ theme: "dark" });
  });

  it("refuses an avatar that is not an internal path", async () => {
    const user = await app.createUser();
    const agent = await signIn(app, user);
    for (const avatar of [
      "https://evil.example/x.png",
      "//evil.example/x.png",
      "javascript:alert(1)",
      "/a b.png",
      "/uploads/abc123.png",
      "/elsewhere/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png",
    ]) {
      const response = await update(agent, { user_id: user.id, avatar });
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({
        avatar: [
          "The avatar field must be a file uploaded to this application.",
        ],
      });
    }
  });

  it("lets an admin update someone else", async () => {
    const admin = await app.createUser({ email: ADMIN });
    const user = await app.createUser({ name: "Before" });
    const response = await update(await signIn(app, admin), {
      user_id: user.id,
      name: "By Admin",
    });
    expect(response.status).toBe(200);
    expect(await reload(user.id)).toMatchObject({ name: "By Admin" });
    const [audit] = await app.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, "user-updated"));
    expect(audit).toMatchObject({
      subjectId: user.id,
      causerId: admin.id,
      properties: { fields: ["name"] },
    });
  });

  it("answers 403 to a non-admin updating someone else, and changes nothing (contract §4 User policy)", async () => {
    const user = await app.createUser();
    const victim = await app.createUser({ name: "Victim" });
    const agent = await signIn(app, user);
    expect(
      (await update(agent, { user_id: victim.id, name: "Hacked" })).status,
    ).toBe(403);
    expect(
      (await update(agent, { user_id: 999_999, name: "Hacked" })).status,
    ).toBe(403);
    expect(await reload(victim.id)).toMatchObject({ name: "Victim" });
  });

  it("answers 404 to an admin for an unknown or soft-deleted user", async () => {
    const admin = await signIn(app, await app.createUser({ email: ADMIN }));
    const gone = await app.createUser({ deletedAt: new Date() });
    expect((await update(admin, { user_id: 999_999, name: "X" })).status).toBe(
      404,
    );
    expect((await update(admin, { user_id: gone.id, name: "X" })).status).toBe(
      404,
    );
  });

  it("answers 422 when the email belongs to another account, case-insensitively (soft-deleted too)", async () => {
    await app.createUser({ email: "taken@example.com" });
    await app.createUser({
      email: "trashed@example.com",
      deletedAt: new Date(),
    });
    const user = await app.createUser({ email: "mine@example.com" });
    const agent = await signIn(app, user);
    for (const email of ["TAKEN@example.com", "trashed@example.com"]) {
      const response = await update(agent, { user_id: user.id, email });
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({
        email: ["The email has already been taken."],
      });
    }
    expect(await reload(user.id)).toMatchObject({ email: "mine@example.com" });
  });

  it("validates the fields: required user_id, numeric, sometimes-required name and email, unknown fields", async () => {
    const user = await app.createUser();
    const agent = await signIn(app, user);
    const response = await update(agent, {
      name: "",
      email: "not-an-email",
      password: "x",
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      user_id: ["The user id field is required."],
      name: ["The name field is required."],
      email: ["The email field must be a valid email address."],
      password: ["The password field is prohibited."],
    });
    const long = await update(agent, { user_id: "abc", name: "x".repeat(256) });
    expect(long.body.errors).toEqual({
      user_id: ["The user id field must be a number."],
      name: ["The name field must not be greater than 255 characters."],
    });
  });

  it("needs a user (401), the CSRF token (419), and PUT (405)", async () => {
    const user = await app.createUser();
    const guest = app.agent();
    await guest.csrf();
    expect((await update(guest, { user_id: user.id, name: "X" })).status).toBe(
      401,
    );
    const agent = await signIn(app, user);
    expect(
      (await update(agent, { user_id: user.id, name: "X" }, { noCsrf: true }))
        .status,
    ).toBe(419);
    expect(
      (
        await agent.post(
          PATH,
          { user_id: user.id },
          { host: USER_UPDATE_ROUTE },
        )
      ).status,
    ).toBe(405);
  });

  it("works with a bearer token and no session (auth:sanctum, no CSRF)", async () => {
    const user = await app.createUser({ name: "Token" });
    const client = app.agent();
    await client.csrf();
    const created = await client.post("/auth/create-token", {
      email: user.email,
      password: PASSWORD,
      name: "cli",
    });
    const response = await update(
      app.agent(),
      { user_id: user.id, name: "Via Token" },
      { bearer: created.body.token },
    );
    expect(response.status).toBe(200);
    expect(response.body.user.name).toBe("Via Token");
  });
});
