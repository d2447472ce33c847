import { describe, expect, it } from "vitest";
import { buildAuthConfig } from "@/lib/config/auth";
import { decideProxy } from "@/lib/server/proxy-decision";

const defaults = buildAuthConfig({});
const decide = (
  method: string,
  path: string,
  accept: string | null = null,
  config = defaults,
) => decideProxy(config, { method, path, accept });
const withJson = (json: object) =>
  buildAuthConfig({ AUTH_CONFIG_JSON: JSON.stringify(json) });

describe("decideProxy (proxy.ts: routing only)", () => {
  it("leaves the default prefix's API paths to app/auth/[...path], whatever the method", () => {
    expect(decide("GET", "/auth/get-auth")).toEqual({ action: "continue" });
    expect(decide("POST", "/auth/logout")).toEqual({ action: "continue" });
    expect(decide("GET", "/auth/revert-impersonate")).toEqual({
      action: "continue",
    }); // the pipeline answers 405
    expect(decide("GET", "/auth/email/verify/1/abc")).toEqual({
      action: "continue",
    });
    expect(decide("POST", "/auth/reset-password")).toEqual({
      action: "continue",
    });
  });

  it("rewrites to the dispatcher what a page's route owns, unless it is a page view", () => {
    expect(decide("POST", "/auth/login")).toEqual({
      action: "rewrite",
      originalPath: "/auth/login",
    });
    expect(decide("POST", "/auth/login", "text/html")).toMatchObject({
      action: "rewrite",
    });
    expect(decide("GET", "/auth/login", "application/json")).toMatchObject({
      action: "rewrite",
    });
    expect(decide("GET", "/auth/login", "text/html")).toEqual({
      action: "screen",
      secretInPath: false,
    });
    expect(decide("HEAD", "/auth/register/")).toEqual({
      action: "screen",
      secretInPath: false,
    });
    expect(decide("GET", "/auth/forgot-password")).toEqual({
      action: "screen",
      secretInPath: false,
    });
    expect(
      decide("GET", "/auth/reset-password/a-token/someone%40example.test"),
    ).toEqual({ action: "screen", secretInPath: true });
  });

  it("rewrites the passwordless routes, whose paths app/auth/passwordless's pages hold (decision record 111)", () => {
    for (const path of ["/auth/passwordless", "/auth/passwordless/verify"])
      expect(decide("POST", path, "application/json")).toEqual({
        action: "rewrite",
        originalPath: path,
      });
    // The page a sign-in link opens holds the link's token in its path: no Referer.
    expect(decide("GET", "/auth/passwordless/a-token", "text/html")).toEqual({
      action: "screen",
      secretInPath: true,
    });
    expect(decide("GET", "/auth/passwordless", "text/html")).toEqual({
      action: "screen",
      secretInPath: false,
    });
  });

  it("leaves paths outside the table alone, but shows browsers the 404 page for unknown /auth paths", () => {
    expect(decide("GET", "/")).toEqual({
      action: "screen",
      secretInPath: false,
    });
    expect(decide("GET", "/admin")).toEqual({
      action: "screen",
      secretInPath: false,
    });
    expect(decide("GET", "/admin/users?page=2")).toEqual({
      action: "screen",
      secretInPath: false,
    });
    expect(decide("GET", "/no-such-page")).toEqual({
      action: "screen",
      secretInPath: false,
    });
    expect(decide("POST", "/auth/unknown", "application/json")).toEqual({
      action: "continue",
    }); // the pipeline's JSON 404
    expect(decide("GET", "/auth/unknown", "text/html")).toEqual({
      action: "not-found-page",
    });
    expect(decide("GET", "/auth/unknown")).toEqual({
      action: "not-found-page",
    });
  });

  it("gives a nonce to screens only: the API and the host routes answer through the pipeline, which sets their headers (record 013)", () => {
    for (const path of [
      "/api/app/user/update",
      "/api/admin/users",
      "/sanctum/csrf-cookie",
      "/uploads/photo.png",
    ]) {
      expect([path, decide("GET", path)]).toEqual([
        path,
        { action: "continue" },
      ]);
    }
    expect(decide("POST", "/admin")).toEqual({ action: "continue" });
    expect(decide("GET", "/auth/tokens", "text/html")).toEqual({
      action: "continue",
    });
  });

  it("answers 404 to direct requests for the dispatcher", () => {
    expect(decide("POST", "/internal/dispatch/auth/login")).toEqual({
      action: "not-found",
    });
    expect(decide("GET", "/internal")).toEqual({ action: "not-found" });
  });

  it("follows the configured prefix and URIs, and routes nothing when routes.active is false", () => {
    const moved = withJson({
      routes: { prefix: "account", uris: { login: "sign-in" } },
    });
    expect(decide("POST", "/account/sign-in", null, moved)).toEqual({
      action: "rewrite",
      originalPath: "/account/sign-in",
    });
    expect(
      decide("GET", "/account/get-auth", "application/json", moved),
    ).toEqual({ action: "rewrite", originalPath: "/account/get-auth" });
    expect(decide("POST", "/auth/login", null, moved)).toEqual({
      action: "continue",
    });
    expect(decide("GET", "/auth/get-auth", null, moved)).toEqual({
      action: "not-found-page",
    });
    const inactive = withJson({ routes: { active: false } });
    expect(decide("POST", "/auth/login", null, inactive)).toEqual({
      action: "continue",
    });
    expect(
      decide("GET", "/auth/get-auth", "application/json", inactive),
    ).toEqual({ action: "continue" });
  });

  it("sends Passport's moved prefix to the dispatcher, a browser's GET included; its catch-alls keep theirs", () => {
    const passport = withJson({ oauth: { path: "passport" } });
    for (const [method, path, accept] of [
      ["POST", "/passport/token", "application/json"],
      ["GET", "/passport/authorize", "text/html"],
      ["GET", "/passport/device", null],
      ["GET", "/passport/jwks", "*/*"],
      ["DELETE", "/passport/clients/7", "application/json"],
    ] as const)
      expect([path, decide(method, path, accept, passport)]).toEqual([
        path,
        { action: "rewrite", originalPath: path },
      ]);
    // The declared prefix is no longer the OAuth server's: app/oauth/[...path] answers its 404.
    expect(decide("POST", "/oauth/token", null, passport)).toEqual({
      action: "continue",
    });
    // Never the metadata, and never a look-alike screen.
    expect(
      decide("GET", "/.well-known/openid-configuration", null, passport),
    ).toEqual({ action: "continue" });
    expect(decide("GET", "/passports", "text/html", passport)).toEqual({
      action: "screen",
      secretInPath: false,
    });
    // Under a folder whose catch-all serves by path: no rewrite, not even the 404 page.
    for (const prefix of ["api/oauth", "auth/oauth", "oauth/v2"]) {
      const config = withJson({ oauth: { path: prefix } });
      for (const accept of ["text/html", "application/json", null])
        expect([
          prefix,
          accept,
          decide("GET", `/${prefix}/authorize`, accept, config),
        ]).toEqual([prefix, accept, { action: "continue" }]);
    }
    // The auth actions' table still wins over the OAuth prefix.
    const shared = withJson({ oauth: { path: "auth" } });
    expect(decide("GET", "/auth/login", "text/html", shared)).toEqual({
      action: "screen",
      secretInPath: false,
    });
  });
});
