import { describe, expect, it } from "vitest";
import { listProviders } from "@/lib/auth/social/providers";
import { useTestApp } from "../support/app";

const entry = (name: string, extra: Record<string, unknown> = {}) => ({
  client_id: "id",
  client_secret: "secret",
  redirect: `/auth/social/${name}/callback`,
  ...extra,
});

const app = useTestApp({
  services: {
    github: entry("github"),
    google: entry("google", { label: "Sign in with Google" }),
    acme: entry("acme", {
      driver: "oidc",
      authorization_endpoint: "http://127.0.0.1:9/authorize",
      token_endpoint: "http://127.0.0.1:9/token",
      userinfo_endpoint: "http://127.0.0.1:9/userinfo",
    }),
  },
});

describe("GET /api/auth/providers (listProviders)", () => {
  it("lists every configured provider with its label, driver and redirect path", () => {
    expect(listProviders(app.services)).toEqual({
      providers: [
        {
          name: "github",
          label: "GitHub",
          driver: "github",
          url: "/auth/social/github/redirect",
        },
        {
          name: "google",
          label: "Sign in with Google",
          driver: "google",
          url: "/auth/social/google/redirect",
        },
        {
          name: "acme",
          label: "Acme",
          driver: "oidc",
          url: "/auth/social/acme/redirect",
        },
      ],
    });
  });

  it("follows the configured prefix and URIs, and each listed url really is the redirect route", async () => {
    app.configure({
      auth: {
        routes: {
          prefix: "account",
          uris: { "socialite-redirect": "oauth/{provider}/go" },
        },
      },
    });
    const { providers } = listProviders(app.services);
    expect(providers.map((provider) => provider.url)).toEqual([
      "/account/oauth/github/go",
      "/account/oauth/google/go",
      "/account/oauth/acme/go",
    ]);
    const response = await app
      .agent()
      .get(providers[2]?.url ?? "", { asJson: false });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(
      /^http:\/\/127\.0\.0\.1:9\/authorize\?/,
    );
  });

  it("is empty without providers, or when the routes are not registered", () => {
    expect(listProviders({ ...app.services, providers: {} })).toEqual({
      providers: [],
    });
    app.configure({ auth: { routes: { active: false } } });
    expect(listProviders(app.services)).toEqual({ providers: [] });
  });
});
