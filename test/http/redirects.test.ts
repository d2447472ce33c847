import { describe, expect, it } from "vitest";
import { PASSWORD, signIn, useTestApp } from "../support/app";
import { flashed } from "../support/session";

const app = useTestApp();
const browser = { asJson: false } as const;

// contract §1 rule 1 and the "Default redirects" table: without Accept: application/json, success redirects.
describe("JSON or redirect (contract §1 rule 1, default redirects)", () => {
  it("redirects login, register, update-password, email-verification-notification and verification-verify to /admin", async () => {
    const user = await app.createUser({ emailVerifiedAt: null });
    const agent = app.agent();
    await agent.csrf();
    const login = await agent.post(
      "/auth/login",
      { email: user.email, password: PASSWORD },
      browser,
    );
    expect([login.status, login.headers.get("location")]).toEqual([
      302,
      "/admin",
    ]);

    const update = await agent.post(
      "/auth/update-password",
      {
        old_password: PASSWORD,
        password: "new-password",
        password_confirmation: "new-password",
      },
      browser,
    );
    expect([update.status, update.headers.get("location")]).toEqual([
      302,
      "/admin",
    ]);

    const notify = await agent.post(
      "/auth/email-verification-notification",
      {},
      { ...browser, headers: { referer: "http://localhost:3000/profile" } },
    );
    expect([notify.status, notify.headers.get("location")]).toEqual([
      302,
      "/admin",
    ]);

    const link = new URL(
      /https?:\/\/\S+/.exec((await app.lastMailTo(user.email)).text)?.[0] ?? "",
    );
    const verify = await agent.get(`${link.pathname}${link.search}`, browser);
    expect([verify.status, verify.headers.get("location")]).toEqual([
      302,
      "/admin",
    ]);

    const newcomer = app.agent();
    await newcomer.csrf();
    const register = await newcomer.post(
      "/auth/register",
      {
        name: "New",
        email: "new@example.com",
        password: PASSWORD,
        password_confirmation: PASSWORD,
      },
      browser,
    );
    expect([register.status, register.headers.get("location")]).toEqual([
      302,
      "/admin",
    ]);
  });

  it("redirects reset-password to /auth/login", async () => {
    const user = await app.createUser();
    const agent = app.agent();
    await agent.csrf();
    await agent.post("/auth/forgot-password", { email: user.email });
    const link =
      /https?:\/\/\S+/.exec((await app.lastMailTo(user.email)).text)?.[0] ?? "";
    const [token = "", email = ""] = new URL(link).pathname
      .split("/")
      .slice(-2);
    const response = await agent.post(
      "/auth/reset-password",
      {
        token: decodeURIComponent(token),
        email: decodeURIComponent(email),
        password: "brand-new-pass",
        password_confirmation: "brand-new-pass",
      },
      browser,
    );
    expect([response.status, response.headers.get("location")]).toEqual([
      302,
      "/auth/login",
    ]);
  });

  it("redirects logout, get-auth, create-token, tokens and revoke-token to /", async () => {
    const user = await app.createUser();
    const agent = await signIn(app, user);
    for (const [method, path, body] of [
      ["GET", "/auth/get-auth", undefined],
      ["POST", "/auth/tokens", {}],
      ["POST", "/auth/revoke-token", { token_id: 1 }],
      ["POST", "/auth/logout", {}],
    ] as const) {
      const response = await agent.request(method, path, {
        ...browser,
        json: body,
      });
      expect([path, response.status, response.headers.get("location")]).toEqual(
        [path, 302, "/"],
      );
    }
    const guest = app.agent();
    await guest.csrf();
    const token = await guest.post(
      "/auth/create-token",
      { email: user.email, password: PASSWORD, name: "cli" },
      browser,
    );
    expect([token.status, token.headers.get("location")]).toEqual([302, "/"]);
  });

  it("sends forgot-password and flush-tokens back to the previous page with the message flashed", async () => {
    const user = await app.createUser();
    const agent = await signIn(app, user);
    const back = {
      ...browser,
      headers: { referer: "http://localhost:3000/tokens?page=2" },
    };
    const flush = await agent.post("/auth/flush-tokens", {}, back);
    expect([flush.status, flush.headers.get("location")]).toEqual([
      302,
      "/tokens?page=2",
    ]);
    expect(await flashed(app, agent, "status")).toBe(
      "All tokens have been revoked.",
    );

    const guest = app.agent();
    await guest.csrf();
    const forgot = await guest.post(
      "/auth/forgot-password",
      { email: user.email },
      {
        ...browser,
        headers: { referer: "http://localhost:3000/auth/forgot-password" },
      },
    );
    expect([forgot.status, forgot.headers.get("location")]).toEqual([
      302,
      "/auth/forgot-password",
    ]);
    expect(await flashed(app, guest, "status")).toBe(
      "If an account exists for that email address, we have emailed a password reset link.",
    );
  });

  it("goes back only to this application's own pages", async () => {
    const guest = app.agent();
    await guest.csrf();
    const forgot = await guest.post(
      "/auth/forgot-password",
      { email: "x@example.com" },
      { ...browser, headers: { referer: "https://evil.example/phish" } },
    );
    expect(forgot.headers.get("location")).toBe("/");
  });

  it("follows a redirect target changed through configuration", async () => {
    app.configure({ auth: { routes: { redirects: { login: "/dashboard" } } } });
    const user = await app.createUser();
    const agent = app.agent();
    await agent.csrf();
    const login = await agent.post(
      "/auth/login",
      { email: user.email, password: PASSWORD },
      browser,
    );
    expect(login.headers.get("location")).toBe("/dashboard");
  });

  it("sends a browser without a session to the login page (and back after it), and a failed form back with the errors", async () => {
    const response = await app
      .agent()
      .get("/auth/email/verify/1/abc?expires=1", browser);
    expect([response.status, response.headers.get("location")]).toEqual([
      302,
      "/auth/login?redirect=%2Fauth%2Femail%2Fverify%2F1%2Fabc%3Fexpires%3D1",
    ]);
    const agent = app.agent();
    await agent.csrf();
    const invalid = await agent.post(
      "/auth/login",
      { email: "nope" },
      { ...browser, headers: { referer: "http://localhost:3000/auth/login" } },
    );
    expect([invalid.status, invalid.headers.get("location")]).toEqual([
      302,
      "/auth/login",
    ]);
    expect(await flashed(app, agent, "errors")).toMatchObject({
      email: ["The email field must be a valid email address."],
    });
  });
});
