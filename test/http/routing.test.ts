import { describe, expect, it } from "vitest";
import { buildAuthConfig } from "@/lib/config/auth";
import { compileRoutes } from "@/lib/server/match";
import { PASSWORD, signIn, useTestApp } from "../support/app";

const app = useTestApp();

// Every route of the default table, with its parameters filled in.
const DEFAULT_ROUTES = compileRoutes(buildAuthConfig({}).routes).map(
  (route) => ({
    method: route.method,
    path: route.template.replace(/\{[^}]+\}/g, "x"),
  }),
);

describe("the route table (contract §1 rule 2, §4, §9)", () => {
  it("answers 404 for a path that is not in the table", async () => {
    const agent = app.agent();
    expect((await agent.get("/auth/nope")).status).toBe(404);
    expect((await agent.get("/elsewhere")).status).toBe(404);
  });

  it("answers 405 with Allow for GET revert-impersonate (contract §9: since 6.1 only POST)", async () => {
    const user = await app.createUser();
    const agent = await signIn(app, user);
    const response = await agent.get("/auth/revert-impersonate");
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect(response.body.message).toBe(
      "The GET method is not supported for route auth/revert-impersonate. Supported methods: POST.",
    );
  });

  it("answers 405 for the wrong method on any route, before CSRF", async () => {
    const agent = app.agent();
    const login = await agent.get("/auth/login");
    expect(login.status).toBe(405);
    expect(login.headers.get("allow")).toBe("POST");
    const getAuth = await agent.post("/auth/get-auth", {}, { noCsrf: true });
    expect(getAuth.status).toBe(405);
    expect(getAuth.headers.get("allow")).toBe("GET");
  });

  it("moves every route with routes.prefix, routes.uris and a changed name", async () => {
    app.configure({
      auth: {
        routes: {
          prefix: "account",
          as: "acct.",
          uris: { login: "sign-in" },
          names: { login: "signin" },
        },
      },
    });
    const user = await app.createUser();
    const agent = app.agent();
    await agent.csrf();
    expect(
      (
        await agent.post("/auth/login", {
          email: user.email,
          password: PASSWORD,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await agent.post("/account/login", {
          email: user.email,
          password: PASSWORD,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await agent.post("/account/sign-in", {
          email: user.email,
          password: PASSWORD,
        })
      ).status,
    ).toBe(200);
    expect((await agent.get("/account/get-auth")).body).toMatchObject({
      authenticated: true,
    });
  });

  it("registers no route when routes.active is false: 404 everywhere", async () => {
    app.configure({ auth: { routes: { active: false } } });
    const agent = app.agent();
    await agent.csrf();
    for (const route of DEFAULT_ROUTES) {
      const response = await agent.request(
        route.method,
        route.path,
        route.method === "GET" ? {} : { json: {} },
      );
      expect({ ...route, status: response.status }).toEqual({
        ...route,
        status: 404,
      });
    }
  });

  it("applies a route's middleware changed through configuration", async () => {
    app.configure({
      auth: { routes: { middlewares: { login: ["guest", "throttle:2,1"] } } },
    });
    const user = await app.createUser();
    const agent = app.agent();
    await agent.csrf();
    for (let i = 0; i < 2; i++)
      expect(
        (
          await agent.post("/auth/login", {
            email: user.email,
            password: "wrong",
          })
        ).status,
      ).toBe(422);
    const third = await agent.post("/auth/login", {
      email: user.email,
      password: PASSWORD,
    });
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toBe("60");
  });

  it("lets a route lose its middleware through configuration", async () => {
    app.configure({
      auth: { routes: { middlewares: { "create-token": [] } } },
    });
    const user = await app.createUser();
    const agent = app.agent();
    await agent.csrf();
    for (let i = 0; i < 8; i++) {
      expect(
        (
          await agent.post("/auth/create-token", {
            email: user.email,
            password: PASSWORD,
            name: `t${i}`,
          })
        ).status,
      ).toBe(200);
    }
  });
});
