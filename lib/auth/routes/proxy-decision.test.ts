import { describe, expect, it } from "vitest";
import { buildAuthConfig } from "@/lib/auth/config";
import { decideProxy } from "@/lib/auth/routes/proxy-decision";

const routes = buildAuthConfig({}).routes;
const decide = (method: string, path: string, accept: string | null = null, table = routes) => decideProxy(table, { method, path, accept });

describe("decideProxy (proxy.ts: routing only)", () => {
  it("rewrites a path of the route table to the dispatcher, whatever the method", () => {
    expect(decide("POST", "/auth/login")).toEqual({ action: "rewrite", pathname: "/internal/dispatch/auth/login", originalPath: "/auth/login" });
    expect(decide("GET", "/auth/get-auth")).toMatchObject({ action: "rewrite" });
    expect(decide("GET", "/auth/revert-impersonate")).toMatchObject({ action: "rewrite" }); // the pipeline answers 405
    expect(decide("GET", "/auth/email/verify/1/abc")).toMatchObject({ action: "rewrite", originalPath: "/auth/email/verify/1/abc" });
  });

  it("leaves a GET of a page's path to the page, unless it asks for JSON", () => {
    expect(decide("GET", "/auth/login", "text/html")).toEqual({ action: "continue" });
    expect(decide("HEAD", "/auth/register/")).toEqual({ action: "continue" });
    expect(decide("GET", "/auth/forgot-password")).toEqual({ action: "continue" });
    expect(decide("GET", "/auth/login", "application/json")).toMatchObject({ action: "rewrite" });
    expect(decide("POST", "/auth/login", "text/html")).toMatchObject({ action: "rewrite" });
  });

  it("leaves paths outside the table alone", () => {
    expect(decide("GET", "/")).toEqual({ action: "continue" });
    expect(decide("GET", "/admin")).toEqual({ action: "continue" });
    expect(decide("POST", "/auth/unknown")).toEqual({ action: "continue" });
  });

  it("answers 404 to direct requests for the dispatcher", () => {
    expect(decide("POST", "/internal/dispatch/auth/login")).toEqual({ action: "not-found" });
    expect(decide("GET", "/internal")).toEqual({ action: "not-found" });
  });

  it("follows the configured prefix and URIs, and routes nothing when routes.active is false", () => {
    const moved = buildAuthConfig({ AUTH_CONFIG_JSON: JSON.stringify({ routes: { prefix: "account", uris: { login: "sign-in" } } }) }).routes;
    expect(decide("POST", "/account/sign-in", null, moved)).toMatchObject({ action: "rewrite", pathname: "/internal/dispatch/account/sign-in" });
    expect(decide("POST", "/auth/login", null, moved)).toEqual({ action: "continue" });
    const inactive = buildAuthConfig({ AUTH_CONFIG_JSON: '{"routes": {"active": false}}' }).routes;
    expect(decide("POST", "/auth/login", null, inactive)).toEqual({ action: "continue" });
  });
});
