import { describe, expect, it } from "vitest";
import { routeByPath } from "@/lib/runtime/next-adapter";
import { useTestApp } from "../support/app";

const app = useTestApp();

/** What a catch-all route file (app/api/[...path], app/oauth/[...path], app/auth/[...path]) does with a request. */
function send(method: string, path: string) {
  const request = new Request(`${app.services.env.APP_URL}${path}`, {
    method,
    headers: { accept: "application/json", "x-forwarded-for": "127.0.0.1" },
  });
  return routeByPath(request, path, app.services);
}

describe("one way in: every API path through routeByPath and the pipeline", () => {
  it("serves an auth action, a host route and an OAuth endpoint by their paths", async () => {
    expect((await send("GET", "/auth/get-auth")).status).toBe(200);
    const admin = await send("GET", "/api/admin/users");
    expect(admin.status).toBe(401);
    expect(admin.headers.get("content-security-policy")).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    const scopes = await send("GET", "/oauth/scopes");
    expect(scopes.status).toBe(200);
    expect(Array.isArray(await scopes.json())).toBe(true);
  });

  it("answers the pipeline's JSON 404 for a path no table holds, and its 405 with every allowed method", async () => {
    for (const path of ["/api/nothing", "/oauth/nothing", "/api/admin"]) {
      const response = await send("GET", path);
      expect([path, response.status]).toEqual([path, 404]);
      expect(await response.json()).toEqual({ message: "Not Found" });
    }
    // A literal folder wins over a parameter, as Next's router chooses: not "delete user export".
    const refused = await send("DELETE", "/api/admin/users/export");
    expect(refused.status).toBe(405);
    expect(refused.headers.get("allow")).toContain("GET");
    const both = await send("PATCH", "/api/admin/webhooks");
    expect(both.status).toBe(405);
    expect(both.headers.get("allow")?.split(/,\s*/).sort()).toEqual([
      "GET",
      "POST",
    ]);
  });
});
