import { describe, expect, it } from "vitest";
import {
  NOT_SERVED_PATH,
  toInternalPath,
  toPublicPath,
  withPublicPaths,
} from "@/lib/oauth/path-prefix";

describe("Passport's prefix, translated at the edges (lib/oauth/path-prefix.ts)", () => {
  it("changes nothing under the default prefix", () => {
    for (const path of ["/oauth/token", "/oauth/clients/7", "/api/admin"]) {
      expect(toInternalPath(path, "oauth")).toBe(path);
      expect(toPublicPath(path, "oauth")).toBe(path);
    }
  });

  it("maps a moved prefix to the declared routes and back", () => {
    expect(toInternalPath("/passport/token", "passport")).toBe("/oauth/token");
    expect(toInternalPath("/passport/clients/7/secret", "passport")).toBe(
      "/oauth/clients/7/secret",
    );
    expect(toInternalPath("/api/oauth/device/code", "api/oauth")).toBe(
      "/oauth/device/code",
    );
    expect(toPublicPath("/oauth/token", "passport")).toBe("/passport/token");
    expect(toPublicPath("/oauth/device/authorize", "api/oauth")).toBe(
      "/api/oauth/device/authorize",
    );
    // A prefix under the declared one still maps both ways.
    expect(toInternalPath("/oauth/v2/token", "oauth/v2")).toBe("/oauth/token");
    expect(toPublicPath("/oauth/token", "oauth/v2")).toBe("/oauth/v2/token");
  });

  it("serves the declared paths no more once the prefix has moved", () => {
    expect(toInternalPath("/oauth/token", "passport")).toBe(NOT_SERVED_PATH);
    expect(toInternalPath("/oauth/scopes", "api/oauth")).toBe(NOT_SERVED_PATH);
    expect(toInternalPath("/oauth/token", "oauth/v2")).toBe(NOT_SERVED_PATH);
    expect(NOT_SERVED_PATH.startsWith("/oauth/")).toBe(false);
    expect(NOT_SERVED_PATH.startsWith("/passport/")).toBe(false);
  });

  it("leaves every other path alone, /.well-known and look-alikes included", () => {
    for (const path of [
      "/.well-known/openid-configuration",
      "/.well-known/oauth-authorization-server",
      "/api/admin/users",
      "/admin/oauth-clients",
      "/oauth-clients",
      "/passports/token",
      "/oauth",
      "/passport",
    ]) {
      expect([path, toInternalPath(path, "passport")]).toEqual([path, path]);
      expect([path, toPublicPath(path, "passport")]).toEqual([path, path]);
    }
  });

  it("gives routes their public paths, nothing else changed", () => {
    const routes = [
      { name: "passport.token", path: "/oauth/token", method: "POST" },
      { name: "api.admin", path: "/api/admin/users", method: "GET" },
    ];
    expect(withPublicPaths(routes, "passport")).toEqual([
      { name: "passport.token", path: "/passport/token", method: "POST" },
      { name: "api.admin", path: "/api/admin/users", method: "GET" },
    ]);
    expect(routes[0]?.path).toBe("/oauth/token");
  });
});
