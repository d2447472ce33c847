import { beforeAll, describe, expect, it } from "vitest";
import { HOST_ROUTES } from "@/lib/runtime/routes";
import { registerFeatureMiddleware } from "@/lib/runtime/services";
import { hostRouteMiddleware } from "@/lib/server/route-rules";
import { ADMIN_MIDDLEWARE } from "@/lib/policies/admin";

// Decision record 064: "administrators only" is a middleware on the route's row, never a check in
// an endpoint's body; this walk fails when a route under the administration's paths lacks it.
const ADMIN_PATHS = /^\/api\/admin(\/|$)/;

beforeAll(() => registerFeatureMiddleware());

const rows = HOST_ROUTES.map((route) => [route.name, route] as const);

describe("the administration's host routes (lib/runtime/routes.ts)", () => {
  it("has some rows under /api/admin to check", () => {
    expect(
      HOST_ROUTES.filter((route) => ADMIN_PATHS.test(route.path)).length,
    ).toBeGreaterThanOrEqual(18);
  });

  it.each(rows)(
    "%s: under /api/admin exactly when it declares `admin`, and then after its guard",
    (_name, route) => {
      const steps = hostRouteMiddleware(route).map((step) => step.name);
      const admin = steps.indexOf(ADMIN_MIDDLEWARE);
      if (!ADMIN_PATHS.test(route.path)) {
        expect(admin).toBe(-1);
        return;
      }
      expect(admin).toBeGreaterThan(steps.indexOf("auth"));
      expect(steps.indexOf("auth")).toBeGreaterThanOrEqual(0);
      expect(route.credential).toBe("administers");
    },
  );
});
