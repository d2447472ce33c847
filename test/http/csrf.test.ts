import { describe, expect, it } from "vitest";
import { PASSWORD, signIn, useTestApp } from "../support/app";

const app = useTestApp();

async function issueToken(email: string): Promise<string> {
  const agent = app.agent();
  await agent.csrf();
  const response = await agent.post("/auth/create-token", {
    email,
    password: PASSWORD,
    name: "cli",
  });
  expect(response.status).toBe(200);
  return response.body.token as string;
}

describe("CSRF (contract §4, §7 419; docs/contract.md, Runtime CSRF)", () => {
  it("GET /sanctum/csrf-cookie answers 204 and sets XSRF-TOKEN and the session cookie", async () => {
    const agent = app.agent();
    const response = await agent.csrf();
    expect(response.status).toBe(204);
    expect(agent.cookies.get("XSRF-TOKEN")).toMatch(/.{20,}/);
    expect(agent.cookies.has(app.services.env.SESSION_COOKIE)).toBe(true);
  });

  it("answers 419 to a POST without the token", async () => {
    const user = await app.createUser();
    const agent = app.agent();
    await agent.csrf();
    expect(
      (
        await agent.post(
          "/auth/login",
          { email: user.email, password: PASSWORD },
          { noCsrf: true },
        )
      ).status,
    ).toBe(419);
  });

  it("answers 419 to a POST with a wrong token", async () => {
    const user = await app.createUser();
    const agent = app.agent();
    await agent.csrf();
    const response = await agent.post(
      "/auth/login",
      { email: user.email, password: PASSWORD },
      { headers: { "x-xsrf-token": "not-the-token" } },
    );
    expect(response.status).toBe(419);
    expect(response.body).toEqual({ message: "CSRF token mismatch." });
  });

  it("answers 419 to a POST with no session at all", async () => {
    const user = await app.createUser();
    expect(
      (
        await app
          .agent()
          .post("/auth/login", { email: user.email, password: PASSWORD })
      ).status,
    ).toBe(419);
  });

  it("answers 419 to a token taken from another session", async () => {
    const user = await app.createUser();
    const other = app.agent();
    await other.csrf();
    const agent = app.agent();
    await agent.csrf();
    const foreign = other.cookies.get("XSRF-TOKEN") ?? "";
    expect(
      (
        await agent.post(
          "/auth/login",
          { email: user.email, password: PASSWORD },
          { headers: { "x-xsrf-token": foreign } },
        )
      ).status,
    ).toBe(419);
  });

  it("accepts _token in a form body", async () => {
    const user = await app.createUser();
    const agent = app.agent();
    await agent.csrf();
    const _token = agent.cookies.get("XSRF-TOKEN") ?? "";
    const response = await agent.request("POST", "/auth/login", {
      form: { email: user.email, password: PASSWORD, _token },
      noCsrf: true,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true });
  });

  it("exempts a request authenticated by a bearer token with no session cookie", async () => {
    const user = await app.createUser();
    const token = await issueToken(user.email);
    const response = await app
      .agent()
      .post("/auth/tokens", {}, { bearer: token });
    expect(response.status).toBe(200);
  });

  it("does not exempt a bearer request that also carries a session cookie", async () => {
    const user = await app.createUser();
    const token = await issueToken(user.email);
    const agent = await signIn(app, user);
    expect(
      (await agent.post("/auth/tokens", {}, { bearer: token, noCsrf: true }))
        .status,
    ).toBe(419);
  });
});
