import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";

// How proxy.ts and the route files share the URL space, through the production server (the
// vitest suites call the pipeline directly and never see Next's router).
test.describe("routing of the API beside the pages", () => {
  const json = { Accept: "application/json" };

  test("the default prefix is served by its route file, and a POST to a page's path reaches the API", async ({
    request,
  }) => {
    const guest = await request.get("/auth/get-auth", { headers: json });
    expect(guest.status()).toBe(200);
    expect(await guest.json()).toMatchObject({ authenticated: false });
    // The pipeline's answer (no CSRF token sent), not the login page's.
    const login = await request.post("/auth/login", {
      headers: json,
      data: { email: "", password: "" },
    });
    expect(login.status()).toBe(419);
    expect(await login.json()).toEqual({ message: "CSRF token mismatch." });
    const wrongMethod = await request.get("/auth/logout", { headers: json });
    expect(wrongMethod.status()).toBe(405);
  });

  test("the path decides the action: a client's copy of the proxy's header is ignored", async ({
    request,
  }) => {
    const response = await request.get("/auth/get-auth", {
      headers: { ...json, "x-auth-original-path": "/auth/tokens" },
    });
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ authenticated: false });
    // Nor does any header of the client's choosing route the request.
    const forced = await request.get("/auth/get-auth", {
      headers: {
        ...json,
        "x-auth-rewrite": "dispatch",
        "x-auth-original-path": "/auth/tokens",
      },
    });
    expect([forced.status(), await forced.json()]).toEqual([
      200,
      expect.objectContaining({ authenticated: false }),
    ]);
    const page = await request.get("/auth/login", {
      headers: {
        "x-auth-rewrite": "dispatch",
        "x-auth-original-path": "/auth/get-auth",
      },
    });
    expect([page.status(), page.headers()["content-type"]]).toEqual([
      200,
      expect.stringContaining("text/html"),
    ]);
  });

  test("an unknown path under /auth is a JSON 404 for clients and the 404 page for browsers", async ({
    request,
    page,
    guard,
  }) => {
    const api = await request.get("/auth/no-such-action", { headers: json });
    expect(api.status()).toBe(404);
    expect(await api.json()).toEqual({ message: "Not Found" });

    guard.allow(/\/auth\/no-such-action$/, 404);
    const response = await page.goto("/auth/no-such-action");
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { name: "Page not found" }),
    ).toBeVisible();
    await expectAccessible(page, "404", { screenshot: "auth-not-found" });
  });

  test("the proxy stays off the hot paths, whose answers still carry the API's security headers", async ({
    request,
  }) => {
    // proxy.ts marks what it handled with `Server-Timing: proxy` (decision record 001).
    const marked = (response: { headers(): Record<string, string> }) =>
      (response.headers()["server-timing"] ?? "").includes("proxy");
    const bearer = { ...json, authorization: "Bearer 1|not-a-real-token" };
    const hot = [
      await request.get("/auth/get-auth", { headers: json }),
      await request.get("/auth/get-auth", { headers: bearer }),
      await request.post("/auth/tokens", { headers: bearer }),
      await request.get("/api/admin/users", { headers: bearer }),
      await request.get("/api/bench/bare", { headers: json }),
    ];
    expect(
      hot.map((response) => [
        response.url(),
        response.status(),
        marked(response),
      ]),
    ).toEqual([
      [expect.stringContaining("/auth/get-auth"), 200, false],
      [expect.stringContaining("/auth/get-auth"), 200, false],
      [expect.stringContaining("/auth/tokens"), 401, false],
      [expect.stringContaining("/api/admin/users"), 401, false],
      [expect.stringContaining("/api/bench/bare"), 200, false],
    ]);
    for (const response of hot.slice(0, 4)) {
      expect(response.headers()["content-security-policy"]).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers()["x-frame-options"]).toBe("DENY");
      expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    }
    // Where it is needed, it runs: a screen, a POST to a page's path, an unknown /auth path for a browser.
    expect(marked(await request.get("/auth/login"))).toBe(true);
    expect(
      marked(await request.post("/auth/login", { headers: json, data: {} })),
    ).toBe(true);
    expect(
      marked(
        await request.get("/auth/no-such-action", {
          headers: { accept: "text/html" },
        }),
      ),
    ).toBe(true);
  });

  test("the pages of /auth stay pages, and the dispatcher cannot be reached directly", async ({
    page,
    request,
  }) => {
    await page.goto("/auth/login");
    await expect(
      page.getByRole("button", { name: "Sign in", exact: true }),
    ).toBeVisible();
    expect(
      (
        await request.get("/internal/dispatch/auth/get-auth", { headers: json })
      ).status(),
    ).toBe(404);
  });
});
