import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { discoverHostRoutes } from "../support/host-routes";

const ROOT = path.resolve(import.meta.dirname, "../..");

describe("the host routes' table (lib/runtime/routes.ts)", () => {
  it("has a route file for every route, and every route file serving a host route is in it", async () => {
    const inTable = (await discoverHostRoutes())
      .map((found) => found.file)
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
    expect(served).toEqual(inTable);
  });
});
