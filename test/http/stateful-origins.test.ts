import { afterEach, describe, expect, it, vi } from "vitest";
import { PASSWORD, signIn, useTestApp } from "../support/app";
import { captureLogs } from "../support/logs";

// A SPA on another origin. SANCTUM_STATEFUL_DOMAINS decides which origins may use the session.
const app = useTestApp({
  env: {
    SANCTUM_STATEFUL_DOMAINS: "spa.example.test:5173",
    APP_URL: "http://localhost:3000",
  },
});

afterEach(() => vi.restoreAllMocks());

describe("stateful origins (contract §1 rule 6)", () => {
  it("honours the session for a request from a stateful origin", async () => {
    const user = await app.createUser();
    const agent = await signIn(app, user);
    const response = await agent.get("/auth/get-auth", {
      headers: { origin: "http://spa.example.test:5173" },
    });
    expect(response.body.authenticated).toBe(true);
    expect(response.headers.get("access-control-allow-origin")).toBe(
      "http://spa.example.test:5173",
    );
    expect(response.headers.get("access-control-allow-credentials")).toBe(
      "true",
    );
  });

  it("ignores the session cookie from an origin that is not stateful, and logs why", async () => {
    const logs = captureLogs("warn");
    const user = await app.createUser();
    const agent = app.agent();
    const origin = { origin: "http://evil.example.test" };
    await agent.request("GET", "/sanctum/csrf-cookie", { headers: origin });
    const login = await agent.post(
      "/auth/login",
      { email: user.email, password: PASSWORD },
      { headers: origin },
    );
    expect(login.status).toBe(200);
    const auth = await agent.get("/auth/get-auth", { headers: origin });
    expect(auth.body).toMatchObject({ authenticated: false, user: null });
    expect(auth.headers.get("access-control-allow-credentials")).toBeNull();
    logs.restore();
    const warning = logs.lines().find((line) => line.level === "warn");
    expect(warning?.msg).toContain("http://evil.example.test");
    // Logged while the request ran: the line carries its id.
    expect(warning?.requestId).toEqual(expect.any(String));
  });

  it("lets a CORS-allowed origin that is not stateful sign in, but its next request is a guest's (contract §1 rule 6)", async () => {
    app.configure({
      env: { CORS_ALLOWED_ORIGINS: "spa.example.test:5173,other.example.test" },
    });
    const user = await app.createUser();
    const agent = app.agent();
    const origin = { origin: "http://other.example.test" };
    const cookie = await agent.request("GET", "/sanctum/csrf-cookie", {
      headers: origin,
    });
    expect(cookie.headers.get("access-control-allow-credentials")).toBe("true");
    expect(
      (
        await agent.post(
          "/auth/login",
          { email: user.email, password: PASSWORD },
          { headers: origin },
        )
      ).status,
    ).toBe(200);
    expect(
      (await agent.get("/auth/get-auth", { headers: origin })).body
        .authenticated,
    ).toBe(false);
  });

  it("treats a Referer like an Origin when there is no Origin", async () => {
    const user = await app.createUser();
    const agent = await signIn(app, user);
    const foreign = await agent.get("/auth/get-auth", {
      headers: { referer: "https://elsewhere.example.test/page" },
    });
    expect(foreign.body.authenticated).toBe(false);
    const own = await agent.get("/auth/get-auth", {
      headers: { referer: "http://localhost:3000/admin" },
    });
    expect(own.body.authenticated).toBe(true);
  });

  it("answers CORS preflights with credentials only for stateful origins", async () => {
    const agent = app.agent();
    const ask = (origin: string) =>
      agent.request("OPTIONS", "/auth/login", {
        headers: {
          origin,
          "access-control-request-method": "POST",
          "access-control-request-headers": "x-xsrf-token,content-type",
        },
      });
    const stateful = await ask("http://spa.example.test:5173");
    expect(stateful.status).toBe(204);
    expect(stateful.headers.get("access-control-allow-credentials")).toBe(
      "true",
    );
    expect(stateful.headers.get("access-control-allow-headers")).toContain(
      "X-XSRF-TOKEN",
    );
    const other = await ask("http://evil.example.test");
    expect(other.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("lets bearer tokens work from any origin", async () => {
    const user = await app.createUser();
    const agent = app.agent();
    await agent.csrf();
    const created = await agent.post("/auth/create-token", {
      email: user.email,
      password: PASSWORD,
      name: "ci",
    });
    expect(created.status).toBe(200);
    const response = await app.agent().post(
      "/auth/tokens",
      {},
      {
        bearer: created.body.token,
        headers: { origin: "http://evil.example.test" },
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe(
      "http://evil.example.test",
    );
  });

  it("compares the whole origin: another scheme or port is not stateful and gets no credentialed CORS", async () => {
    const user = await app.createUser();
    const agent = await signIn(app, user);
    for (const origin of [
      "https://spa.example.test:5173",
      "http://spa.example.test:5174",
      "http://spa.example.test",
    ]) {
      const response = await agent.get("/auth/get-auth", {
        headers: { origin },
      });
      expect(response.body.authenticated, origin).toBe(false);
      expect(
        response.headers.get("access-control-allow-credentials"),
        origin,
      ).toBeNull();
    }
  });

  it("reads APP_URL's scheme into the default: http://app is not https://app", async () => {
    app.configure({
      env: {
        APP_URL: "https://app.example.test",
        SANCTUM_STATEFUL_DOMAINS: "",
      },
    });
    const user = await app.createUser();
    const agent = await signIn(app, user);
    const own = await agent.get("/auth/get-auth", {
      headers: { origin: "https://app.example.test" },
    });
    expect(own.body.authenticated).toBe(true);
    const downgraded = await agent.get("/auth/get-auth", {
      headers: { origin: "http://app.example.test" },
    });
    expect(downgraded.body.authenticated).toBe(false);
    expect(
      downgraded.headers.get("access-control-allow-credentials"),
    ).toBeNull();
  });

  it("never answers credentials to an origin allowed only by `*` in CORS_ALLOWED_ORIGINS", async () => {
    app.configure({ env: { CORS_ALLOWED_ORIGINS: "*,spa.example.test:5173" } });
    const agent = app.agent();
    const preflight = await agent.request("OPTIONS", "/auth/login", {
      headers: {
        origin: "http://evil.example.test",
        "access-control-request-method": "POST",
      },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBe(
      "http://evil.example.test",
    );
    expect(
      preflight.headers.get("access-control-allow-credentials"),
    ).toBeNull();
    const cookie = await agent.request("GET", "/sanctum/csrf-cookie", {
      headers: { origin: "http://evil.example.test" },
    });
    expect(cookie.headers.get("access-control-allow-credentials")).toBeNull();
    const listed = await agent.request("GET", "/sanctum/csrf-cookie", {
      headers: { origin: "http://spa.example.test:5173" },
    });
    expect(listed.headers.get("access-control-allow-credentials")).toBe("true");
  });

  it("refuses the session to a cross-site request without Origin or Referer (Sec-Fetch-Site)", async () => {
    const user = await app.createUser();
    const agent = await signIn(app, user);
    const response = await agent.get("/auth/get-auth", {
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(response.body.authenticated).toBe(false);
  });
});
