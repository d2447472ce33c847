import { describe, expect, it } from "vitest";
import { PASSWORD, signIn, useTestApp } from "../support/app";

const app = useTestApp();

describe("POST /auth/logout (contract §4, §3 Session)", () => {
  it("signs out: {success}, then the session is a guest's", async () => {
    const user = await app.createUser();
    const agent = await signIn(app, user);
    const before = agent.cookies.get("XSRF-TOKEN");
    const response = await agent.post("/auth/logout");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    expect(agent.cookies.get("XSRF-TOKEN")).not.toBe(before);
    expect((await agent.get("/auth/get-auth")).body).toMatchObject({
      authenticated: false,
      user: null,
    });
  });

  it("ends the session server-side: a copied cookie replayed after logout gets 401", async () => {
    const user = await app.createUser();
    const agent = await signIn(app, user);
    const copied = new Map(agent.cookies);
    expect((await agent.post("/auth/logout")).status).toBe(200);
    const replay = app.agent();
    for (const [name, value] of copied) replay.cookies.set(name, value);
    expect((await replay.post("/auth/tokens")).status).toBe(401);
    expect((await replay.get("/auth/get-auth")).body.authenticated).toBe(false);
  });

  it("leaves the user's other sessions alone", async () => {
    const user = await app.createUser();
    const first = await signIn(app, user);
    const second = await signIn(app, user);
    await first.post("/auth/logout");
    expect((await second.get("/auth/get-auth")).body.authenticated).toBe(true);
  });

  it("answers 401 without a session or token", async () => {
    const agent = app.agent();
    await agent.csrf();
    expect((await agent.post("/auth/logout")).status).toBe(401);
  });

  it("lets the user sign in again afterwards", async () => {
    const user = await app.createUser();
    const agent = await signIn(app, user);
    await agent.post("/auth/logout");
    expect(
      (
        await agent.post("/auth/login", {
          email: user.email,
          password: PASSWORD,
        })
      ).status,
    ).toBe(200);
  });
});
