import { describe, expect, it } from "vitest";
import { loadServicesConfig } from "@/lib/config/services";
import { configError } from "@/lib/config/errors.testing";

const base = {
  client_id: "id",
  client_secret: "secret",
  redirect: "/auth/social/acme/callback",
};
const oidc = {
  ...base,
  driver: "oidc",
  authorization_endpoint: "https://id.example.test/authorize",
  token_endpoint: "https://id.example.test/token",
  userinfo_endpoint: "https://id.example.test/userinfo",
};

const errorOf = (services: Record<string, unknown>) =>
  configError(() =>
    loadServicesConfig({ SERVICES_CONFIG_JSON: JSON.stringify(services) }),
  );

describe("loadServicesConfig (docs/contract.md, Runtime Services configuration)", () => {
  it("accepts the built-in drivers, defaulting the driver to the provider's name", () => {
    const providers = loadServicesConfig({
      SERVICES_CONFIG_JSON: JSON.stringify({
        github: base,
        google: base,
        gitlab: base,
        microsoft: base,
        acme: oidc,
      }),
    });
    expect(
      Object.fromEntries(
        Object.entries(providers).map(([name, entry]) => [name, entry.driver]),
      ),
    ).toEqual({
      github: "github",
      google: "google",
      gitlab: "gitlab",
      microsoft: "microsoft",
      acme: "oidc",
    });
  });

  it("rejects an unknown driver, naming the key and the drivers it knows", () => {
    const error = errorOf({ acme: { ...base, driver: "saml" } });
    expect(error.key).toBe("SERVICES_CONFIG_JSON acme.driver");
    expect(error.message).toContain('unknown driver "saml"');
    expect(error.message).toContain("github, google, gitlab, microsoft, oidc");
    expect(errorOf({ facebook: base }).key).toBe(
      "SERVICES_CONFIG_JSON facebook.driver",
    );
  });

  it("requires the oidc driver's endpoints, as http(s) URLs", () => {
    expect(errorOf({ acme: { ...oidc, token_endpoint: undefined } }).key).toBe(
      "SERVICES_CONFIG_JSON acme.token_endpoint",
    );
    expect(
      errorOf({ acme: { ...oidc, userinfo_endpoint: "file:///etc/passwd" } })
        .key,
    ).toBe("SERVICES_CONFIG_JSON acme.userinfo_endpoint");
  });

  it("requires client_id, client_secret and redirect (contract §4 rule 6)", () => {
    for (const key of ["client_id", "client_secret", "redirect"]) {
      expect(errorOf({ github: { ...base, [key]: undefined } }).key).toBe(
        `SERVICES_CONFIG_JSON github.${key}`,
      );
    }
  });

  it("takes a redirect relative to APP_URL or absolute http(s), nothing else", () => {
    expect(() =>
      loadServicesConfig({
        SERVICES_CONFIG_JSON: JSON.stringify({
          github: { ...base, redirect: "https://app.example.test/cb" },
        }),
      }),
    ).not.toThrow();
    expect(
      errorOf({ github: { ...base, redirect: "javascript:alert(1)" } }).key,
    ).toBe("SERVICES_CONFIG_JSON github.redirect");
    expect(
      errorOf({ github: { ...base, redirect: "//evil.example.test/cb" } }).key,
    ).toBe("SERVICES_CONFIG_JSON github.redirect");
  });

  it("rejects unknown keys and entries that are not objects", () => {
    expect(errorOf({ github: { ...base, client_secrte: "typo" } }).key).toBe(
      "SERVICES_CONFIG_JSON github",
    );
    expect(errorOf({ github: "yes" }).key).toBe("SERVICES_CONFIG_JSON github");
    expect(errorOf({ "Bad Name": base }).key).toBe(
      "SERVICES_CONFIG_JSON Bad Name",
    );
  });
});
