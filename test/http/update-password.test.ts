import { describe, expect, it } from "vitest";
import { PASSWORD, signIn, useTestApp } from "../support/app";

const app = useTestApp();
const NEW = "a-brand-new-password";

const change = (
  old_password: string,
  password = NEW,
  password_confirmation = password,
) => ({ old_password, password, password_confirmation });

describe("POST /auth/update-password (contract §3 Session, §4 rule 3)", () => {
  it("changes the password and keeps this session signed in (fixed in 6.0.3)", async () => {
    const user = await app.createUser();
    const agent = await signIn(app, user);
    const response = await agent.post(
      "/auth/update-password",
      change(PASSWORD),
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      message: "Password updated.",
    });
    expect((await agent.get("/auth/get-auth")).body.authenticated).toBe(true);
    expect((await agent.post("/auth/tokens")).status).toBe(200);
    const fresh = app.agent();
    await fresh.csrf();
    expect(
      (await fresh.post("/auth/login", { email: user.email, password: NEW }))
        .status,
    ).toBe(200);
  });

  it("ends the user's other sessions, not other users'", async () => {
    const user = await app.createUser();
    const other = await app.createUser();
    const agent = await signIn(app, user);
    const elsewhere = await signIn(app, user);
    const someoneElse = await signIn(app, other);
    await agent.post("/auth/update-password", change(PASSWORD));
    expect((await elsewhere.get("/auth/get-auth")).body.authenticated).toBe(
      false,
    );
    expect((await someoneElse.get("/auth/get-auth")).body.authenticated).toBe(
      true,
    );
  });

  it("fires PasswordReset (contract §4 rule 3)", async () => {
    const user = await app.createUser();
    const agent = await signIn(app, user);
    const events = app.events("PasswordReset");
    await agent.post("/auth/update-password", change(PASSWORD));
    expect(events.map((e) => e.user.id)).toEqual([user.id]);
  });

  it("answers 422 on old_password when it is not the current password", async () => {
    const user = await app.createUser();
    const agent = await signIn(app, user);
    const events = app.events("PasswordReset");
    const response = await agent.post(
      "/auth/update-password",
      change("not-the-password"),
    );
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      old_password: ["The password is incorrect."],
    });
    expect(events).toEqual([]);
    const fresh = app.agent();
    await fresh.csrf();
    expect(
      (
        await fresh.post("/auth/login", {
          email: user.email,
          password: PASSWORD,
        })
      ).status,
    ).toBe(200);
  });

  it("applies the password rules and the confirmation (contract §1)", async () => {
    app.configure({ auth: { password: { length: 12, number: true } } });
    const user = await app.createUser();
    const agent = await signIn(app, user);
    expect(
      (await agent.post("/auth/update-password", change(PASSWORD, "short")))
        .body.errors,
    ).toEqual({
      password: [
        "The password field must be at least 12 characters.",
        "The password field must contain at least one number.",
      ],
    });
    expect(
      (
        await agent.post(
          "/auth/update-password",
          change(PASSWORD, "long-password-1", "long-password-2"),
        )
      ).body.errors,
    ).toEqual({
      password: ["The password field confirmation does not match."],
    });
  });

  it("answers 401 without a session or token", async () => {
    const agent = app.agent();
    await agent.csrf();
    expect(
      (await agent.post("/auth/update-password", change(PASSWORD))).status,
    ).toBe(401);
  });
});
