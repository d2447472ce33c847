import { describe, expect, it } from "vitest";
import { PASSWORD, signIn, useTestApp } from "../support/app";

const app = useTestApp();

describe("POST /auth/login", () => {
  it("signs in with valid credentials and regenerates the session (SPEC §3 Session)", async () => {
    const user = await app.createUser();
    const agent = app.agent();
    await agent.csrf();
    const before = agent.cookies.get("XSRF-TOKEN");
    const response = await agent.post("/auth/login", { email: user.email, password: PASSWORD });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, user: expect.objectContaining({ id: user.id, email: user.email }) });
    expect(response.body.user).not.toHaveProperty("password");
    expect(agent.cookies.get("XSRF-TOKEN")).not.toBe(before);
    const auth = await agent.get("/auth/get-auth");
    expect(auth.body).toMatchObject({ authenticated: true, user: { id: user.id }, impersonating: false });
  });

  it("answers 422 on email for bad credentials", async () => {
    const user = await app.createUser();
    const agent = app.agent();
    await agent.csrf();
    const response = await agent.post("/auth/login", { email: user.email, password: "wrong-password" });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ message: "These credentials do not match our records.", errors: { email: ["These credentials do not match our records."] } });
  });

  it("answers 419 without a CSRF token", async () => {
    const user = await app.createUser();
    const agent = app.agent();
    await agent.csrf();
    const response = await agent.post("/auth/login", { email: user.email, password: PASSWORD }, { noCsrf: true });
    expect(response.status).toBe(419);
  });

  it("ends the session server-side on logout: a replayed cookie gets 401", async () => {
    const user = await app.createUser();
    const agent = await signIn(app, user);
    const copied = new Map(agent.cookies);
    expect((await agent.post("/auth/logout")).body).toEqual({ success: true });
    const replay = app.agent();
    for (const [name, value] of copied) replay.cookies.set(name, value);
    expect((await replay.post("/auth/tokens")).status).toBe(401);
  });
});
