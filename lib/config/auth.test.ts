import { describe, expect, it } from "vitest";
import { buildAuthConfig, parseAdminEmails } from "@/lib/config/auth";
import { AUTH_DEFAULTS } from "@/lib/config/auth-defaults";
import { build } from "@/lib/config/auth.testing";
import { configError } from "@/lib/config/errors.testing";

describe("buildAuthConfig (config through AUTH_CONFIG_JSON)", () => {
  it("gives contract §1's defaults without any override", () => {
    const config = buildAuthConfig({});
    expect(config["allow-registration"]).toBe(true);
    expect(config.password).toEqual({
      length: 8,
      uppercase: false,
      number: false,
      uncompromised: false,
    });
    expect(config.frontend["reset-password"]).toBe(
      "auth/reset-password/{token}/{email}",
    );
    expect(config.routes).toMatchObject({
      active: true,
      as: "auth.",
      prefix: "auth",
    });
    expect(config.routes.middlewares["create-token"]).toEqual([
      "throttle:6,1",
      "throttle:credentials",
    ]);
    expect(config.limits).toMatchObject({
      "login-attempts": 5,
      "login-decay-seconds": 60,
    });
    expect(config.passwords.expire).toBe(60);
    expect(config.verification.expire).toBe(60);
  });

  it("deep-merges objects key by key and replaces arrays", () => {
    const config = build({
      password: { number: true },
      routes: {
        prefix: "account",
        middlewares: { login: ["guest", "throttle:10,1"] },
      },
    });
    expect(config.password).toEqual({
      length: 8,
      uppercase: false,
      number: true,
      uncompromised: false,
    });
    expect(config.routes.prefix).toBe("account");
    expect(config.routes.as).toBe("auth.");
    expect(config.routes.middlewares.login).toEqual(["guest", "throttle:10,1"]);
    expect(config.routes.middlewares.register).toEqual([
      "guest",
      "throttle:register",
    ]);
    expect(config.routes.uris.login).toBe("login");
  });

  it("honours the pre-6.0 routes.password key (contract §1: still honoured)", () => {
    const config = build({
      routes: { password: { length: 12, uppercase: true } },
    });
    expect(config.password).toEqual({
      length: 12,
      uppercase: true,
      number: false,
      uncompromised: false,
    });
    expect(config.routes).not.toHaveProperty("password");
  });

  it("lets the root password key win over the legacy one", () => {
    const config = build({
      routes: { password: { length: 12, number: true } },
      password: { length: 10 },
    });
    expect(config.password).toEqual({
      length: 10,
      uppercase: false,
      number: true,
      uncompromised: false,
    });
  });

  it("rejects a value of the wrong type with a ConfigError naming the key", () => {
    const error = configError(() => build({ password: { length: "10" } }));
    expect(error.key).toBe("AUTH_CONFIG_JSON password.length");
    expect(error.message).toContain("password.length");
  });

  it("takes a limiter rule that counts refusals only, and refuses one that would also count valid requests only (decision record 116)", () => {
    const rule = { by: "ip", max: 5, minutes: 1, "refused-only": true };
    expect(build({ limiters: { login: [rule] } }).limiters.login).toEqual([
      rule,
    ]);
    expect(AUTH_DEFAULTS.limiters["oauth-introspect"]?.[0]).toMatchObject({
      "refused-only": true,
    });
    const error = configError(() =>
      build({ limiters: { login: [{ ...rule, "valid-only": true }] } }),
    );
    expect(error.message).toContain("valid-only or refused-only");
  });

  it("rejects an unknown key instead of ignoring it", () => {
    expect(
      configError(() => build({ "allow-registraton": false })).message,
    ).toContain("allow-registraton");
  });

  it("rejects a malformed middleware spec, URI or redirect, naming the key", () => {
    expect(
      configError(() =>
        build({ routes: { middlewares: { login: ["guest:a:b"] } } }),
      ).key,
    ).toBe("AUTH_CONFIG_JSON routes.middlewares.login.0");
    expect(
      configError(() => build({ routes: { uris: { login: "login?x=1" } } }))
        .key,
    ).toBe("AUTH_CONFIG_JSON routes.uris.login");
    expect(
      configError(() =>
        build({ routes: { redirects: { login: "//evil.example" } } }),
      ).key,
    ).toBe("AUTH_CONFIG_JSON routes.redirects.login");
  });

  it("takes Passport's prefix as oauth.path: path segments, never empty, slashed or reserved", () => {
    expect(buildAuthConfig({}).oauth.path).toBe("oauth");
    expect(build({ oauth: { path: "passport" } }).oauth.path).toBe("passport");
    expect(build({ oauth: { path: "api/oauth" } }).oauth.path).toBe(
      "api/oauth",
    );
    for (const path of [
      "",
      "/oauth",
      "oauth/",
      "api//oauth",
      "o auth",
      "oauth.v2",
      "../oauth",
      "internal",
      "uploads/oauth",
      "admin",
    ])
      expect([path, configError(() => build({ oauth: { path } })).key]).toEqual(
        [path, "AUTH_CONFIG_JSON oauth.path"],
      );
  });

  it("never lets the OAuth prefix be editable at run time", () => {
    for (const key of ["oauth", "oauth.path"])
      expect(configError(() => build({ "editable-settings": [key] })).key).toBe(
        "AUTH_CONFIG_JSON editable-settings.0",
      );
    expect(
      build({ "editable-settings": ["oauth.redirect-domains"] })[
        "editable-settings"
      ],
    ).toEqual(["oauth.redirect-domains"]);
  });

  it("rejects malformed JSON and a JSON value that is not an object", () => {
    expect(
      configError(() => buildAuthConfig({ AUTH_CONFIG_JSON: "{nope" })).key,
    ).toBe("AUTH_CONFIG_JSON");
    expect(
      configError(() => buildAuthConfig({ AUTH_CONFIG_JSON: "[1]" })).key,
    ).toBe("AUTH_CONFIG_JSON");
  });

  it("ignores prototype keys and leaves the defaults untouched", () => {
    const config = buildAuthConfig({
      AUTH_CONFIG_JSON:
        '{"__proto__": {"allow-registration": false}, "password": {"length": 9}}',
    });
    expect(config["allow-registration"]).toBe(true);
    expect(
      ({} as Record<string, unknown>)["allow-registration"],
    ).toBeUndefined();
    expect(AUTH_DEFAULTS.password.length).toBe(8);
  });

  it("fills auth.admins from ADMIN_EMAILS (contract §1 rule 5)", () => {
    expect(
      buildAuthConfig({
        ADMIN_EMAILS: " Admin@Example.com ,, ops@example.com ,",
      }).admins,
    ).toEqual(["Admin@Example.com", "ops@example.com"]);
  });
});

// Decision record 014: a number too large for the server to use stops the start, naming the key.
describe("parseAdminEmails (contract §1 rule 5)", () => {
  it("trims whitespace and drops empty entries", () => {
    expect(parseAdminEmails("  a@example.com,  ,b@example.com ,")).toEqual([
      "a@example.com",
      "b@example.com",
    ]);
    expect(parseAdminEmails("")).toEqual([]);
    expect(parseAdminEmails(" , ")).toEqual([]);
  });
});
