import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HOST_ROUTES } from "@/lib/runtime/routes";
import { matchFixedRoute } from "@/lib/server/match";
import { discoverHostRoutes } from "../support/host-routes";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** A concrete path for a template: each `{param}` a value that needs percent-decoding. */
const concrete = (template: string) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => `${name}%20x`);

describe("the host routes' table (lib/runtime/routes.ts)", () => {
  it("is served from app/: by a route file of its own, or by a catch-all handing every path to routeHandlers", async () => {
    const found = await discoverHostRoutes();
    const own = found
      .map((route) => route.file)
      .filter((file) => !file.includes("[..."))
      .sort();
    const served = readdirSync(path.join(ROOT, "app"), {
      recursive: true,
      encoding: "utf8",
    })
      .filter((file) => path.basename(file) === "route.ts")
      .flatMap((file) =>
        [
          ...readFileSync(path.join(ROOT, "app", file), "utf8").matchAll(
            /routeHandlers\([A-Z_]+\)/g,
          ),
        ].map(() => path.join("app", file)),
      )
      .sort();
    expect(served).toEqual(own);
    // The host's API and the OAuth server: one catch-all each (decision record 060).
    expect(
      [...new Set(found.map((route) => route.file))].filter((file) =>
        file.includes("[..."),
      ),
    ).toEqual(["app/api/[...path]/route.ts", "app/oauth/[...path]/route.ts"]);
  });

  it("matches every route at its path by its methods, tells 405 (with every method allowed) from 404", () => {
    for (const route of HOST_ROUTES) {
      const url = concrete(route.path);
      const methods = [route.method].flat();
      for (const method of methods) {
        const match = matchFixedRoute(HOST_ROUTES, method, url);
        expect("params" in match && match.route, `${method} ${url}`).toBe(
          route,
        );
        if (!("params" in match)) continue;
        for (const name of Object.keys(match.params))
          expect(match.params[name]).toBe(`${name} x`);
      }
      const allowed = HOST_ROUTES.filter(
        (other) => other.path === route.path,
      ).flatMap((other) => [other.method].flat());
      const refused = matchFixedRoute(HOST_ROUTES, "OPTIONS", url);
      expect(refused).toMatchObject({ error: 405 });
      if ("allowed" in refused)
        expect([...refused.allowed].sort()).toEqual([...allowed].sort());
    }
    expect(matchFixedRoute(HOST_ROUTES, "GET", "/api/admin/nothing")).toEqual({
      error: 404,
    });
    expect(
      matchFixedRoute(HOST_ROUTES, "GET", "/api/admin/users/%E0%A4%A/sessions"),
    ).toEqual({ error: 404 });
  });
});
