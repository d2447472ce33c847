import { describe, expect, it } from "vitest";
import { HOST_ROUTES } from "@/lib/runtime/routes";
import type { HostRoute } from "@/lib/server/pipeline";
import type { Agent } from "../support/agent";
import { signIn, useTestApp } from "../support/app";

// Every route under /api/admin, walked from the host routes' table: a signed-in account that is
// not an administrator gets the same 403 it got when each endpoint checked in its body, a guest
// the guard's 401, and an administrator passes (decision record 064).
const ADMIN = "admin@example.test";
const app = useTestApp({ auth: { admins: [ADMIN] } });

/** A body each route's input accepts, so a refusal is the gate's and not zod's. */
const BODIES: Record<string, unknown> = {
  "api.admin.settings.update": { key: "allow-registration", value: false },
  "api.admin.webhooks.store": {
    url: "https://hooks.example.com/in",
    events: ["*"],
  },
};

const targets = HOST_ROUTES.filter((route) =>
  route.path.startsWith("/api/admin"),
).flatMap((route) =>
  [route.method]
    .flat()
    .map((method) => [`${method} ${route.path}`, method, route] as const),
);

function call(agent: Agent, method: string, route: HostRoute, id: number) {
  const params = { id: String(id), key: "allow-registration", sessionId: "x" };
  const path = route.path.replace(
    /\{(\w+)\}/g,
    (_, name: keyof typeof params) => params[name],
  );
  return agent.request(method, path, {
    host: route,
    params,
    json: method === "GET" ? undefined : (BODIES[route.name] ?? {}),
  });
}

describe("administrators only, from the route's row", () => {
  it("walks the administration's routes", () => {
    expect(targets.length).toBeGreaterThanOrEqual(18);
  });

  it.each(targets)(
    "%s: 403 to a signed-in account that is not an administrator, nothing done",
    async (_label, method, route) => {
      const carol = await app.createUser({ email: "carol@example.com" });
      const agent = await signIn(app, carol);
      const response = await call(agent, method, route, carol.id);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        message: "This action is unauthorized.",
      });
    },
  );

  it.each(targets)("%s: 401 to a guest", async (_label, method, route) => {
    const guest = app.agent();
    await guest.csrf();
    expect((await call(guest, method, route, 1)).status).toBe(401);
  });

  it.each(targets)(
    "%s: an administrator passes the gate",
    async (_label, method, route) => {
      const admin = await signIn(app, await app.createUser({ email: ADMIN }));
      const response = await call(admin, method, route, 999_999);
      expect([401, 403]).not.toContain(response.status);
    },
  );
});
