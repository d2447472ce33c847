import { describe, expect, it } from "vitest";
import { buildAuthConfig } from "@/lib/config/auth";
import {
  actionPath,
  routeManifest,
  routePath,
  routeUrl,
} from "@/lib/server/url";

const defaults = buildAuthConfig({});

describe("routePath (Laravel's route(name))", () => {
  it("gives the path of a named route", () => {
    expect(routePath(defaults, "auth.login")).toBe("/auth/login");
    expect(routePath(defaults, "auth.get.auth")).toBe("/auth/get-auth");
    expect(
      routePath(defaults, "api.app.user.update", {}, [
        {
          name: "api.app.user.update",
          path: "/api/app/user/update",
          method: "PUT",
        },
      ]),
    ).toBe("/api/app/user/update");
  });

  it("fills parameters, URL-encoded, and puts the unused ones in the query string", () => {
    expect(
      routePath(defaults, "auth.verification.verify", {
        id: 7,
        hash: "a b",
        expires: 10,
      }),
    ).toBe("/auth/email/verify/7/a%20b?expires=10");
  });

  it("throws for an unknown name or a missing parameter", () => {
    expect(() => routePath(defaults, "auth.nope")).toThrow(
      "Route [auth.nope] not defined.",
    );
    expect(() => routePath(defaults, "auth.impersonate.token")).toThrow(
      "Missing parameter [token]",
    );
  });

  it("follows prefix, URI and name changes made through configuration", () => {
    const config = buildAuthConfig({
      AUTH_CONFIG_JSON: JSON.stringify({
        routes: {
          prefix: "account",
          as: "acct.",
          uris: { login: "sign-in" },
          names: { login: "signin" },
        },
      }),
    });
    expect(routePath(config, "acct.signin")).toBe("/account/sign-in");
    expect(() => routePath(config, "auth.login")).toThrow();
    expect(actionPath(config, "logout")).toBe("/account/logout");
    expect(routeUrl(config, "https://app.example", "acct.signin")).toBe(
      "https://app.example/account/sign-in",
    );
    expect(routeManifest(config).login).toEqual({
      method: "POST",
      template: "/account/sign-in",
    });
  });

  it("knows no auth route when routes.active is false (contract §1 rule 2)", () => {
    const config = buildAuthConfig({
      AUTH_CONFIG_JSON: JSON.stringify({ routes: { active: false } }),
    });
    expect(() => routePath(config, "auth.login")).toThrow();
    expect(routeManifest(config)).not.toHaveProperty("login");
  });

  it("carries each route's class rules for the screens: refused while impersonating, step-up (decision record 090)", () => {
    const manifest = routeManifest(defaults, [
      {
        name: "api.app.user.export",
        path: "/api/app/user/export",
        method: "GET",
        credential: "reveals",
      },
    ]);
    expect(manifest["two-factor-disable"]).toMatchObject({
      refusedWhileImpersonating: true,
      stepUp: true,
    });
    expect(manifest["update-password"]).toEqual({
      method: "POST",
      template: "/auth/update-password",
      refusedWhileImpersonating: true,
    });
    expect(manifest["api.app.user.export"]).toMatchObject({
      refusedWhileImpersonating: true,
      stepUp: true,
    });
    expect(manifest.logout).toEqual({
      method: "POST",
      template: "/auth/logout",
    });
  });
});
