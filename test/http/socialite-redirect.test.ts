import { createHash } from "node:crypto";
import { unsealData } from "iron-session";
import { describe, expect, it } from "vitest";
import { deriveKey } from "@/lib/crypto/secrets";
import { signIn, TEST_SECRET, useTestApp } from "../support/app";

const ACME = {
  driver: "oidc",
  client_id: "acme-client",
  client_secret: "acme-secret",
  redirect: "/auth/social/acme/callback",
  authorization_endpoint: "https://id.acme.test/authorize",
  token_endpoint: "https://id.acme.test/token",
  userinfo_endpoint: "https://id.acme.test/userinfo",
  scopes: ["openid", "email"],
};
const GITHUB = {
  client_id: "gh-client",
  client_secret: "gh-secret",
  redirect: "http://localhost:3000/auth/social/github/callback",
};
const GOOGLE = {
  client_id: "g-client",
  client_secret: "g-secret",
  redirect: "auth/social/google/callback",
};

const app = useTestApp({
  services: { acme: ACME, github: GITHUB, google: GOOGLE },
});

function stateCookieOf(setCookies: string[]): string {
  const cookie = setCookies.find((value) =>
    value.startsWith("auth_social_state="),
  );
  if (!cookie)
    throw new Error(`no state cookie in ${JSON.stringify(setCookies)}`);
  return cookie;
}

describe("GET /auth/social/{provider}/redirect", () => {
  it("redirects to the provider with state and a PKCE challenge (contract §4 socialite-redirect)", async () => {
    const response = await app
      .agent()
      .get("/auth/social/acme/redirect", { asJson: false });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe(
      "https://id.acme.test/authorize",
    );
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      response_type: "code",
      client_id: "acme-client",
      redirect_uri: "http://localhost:3000/auth/social/acme/callback",
      scope: "openid email",
      code_challenge_method: "S256",
    });
    expect(location.searchParams.get("state")).toMatch(/^[\w-]{20,}$/);
    expect(location.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
  });

  it("keeps state and verifier in a sealed, httpOnly, SameSite=Lax cookie scoped to the callback", async () => {
    const response = await app
      .agent()
      .get("/auth/social/acme/redirect", { asJson: false });
    const location = new URL(response.headers.get("location") ?? "");
    const cookie = stateCookieOf(response.setCookies);
    expect(cookie).toMatch(/; Path=\/auth\/social\/acme\/callback(;|$)/);
    expect(cookie).toMatch(/; HttpOnly(;|$)/);
    expect(cookie).toMatch(/; SameSite=Lax(;|$)/);
    expect(cookie).toMatch(/; Max-Age=600(;|$)/);
    const state = location.searchParams.get("state") ?? "";
    const sealed = decodeURIComponent(
      cookie.slice("auth_social_state=".length).split(";")[0] ?? "",
    );
    expect(sealed).not.toContain(state);
    // Sealed under the key derived for this purpose, not under SESSION_SECRET itself.
    expect(await unsealData(sealed, { password: TEST_SECRET })).toEqual({});
    const pending = await unsealData<{ state: string; verifier: string }>(
      sealed,
      { password: deriveKey(TEST_SECRET, "social") },
    );
    expect(pending.state).toBe(state);
    expect(
      createHash("sha256").update(pending.verifier).digest("base64url"),
    ).toBe(location.searchParams.get("code_challenge"));
  });

  it("redirects even when JSON was asked for (contract §1: in practice the provider's address)", async () => {
    const response = await app.agent().get("/auth/social/acme/redirect");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(
      /^https:\/\/id\.acme\.test\/authorize\?/,
    );
  });

  it("sends a new state on every redirect", async () => {
    const agent = app.agent();
    const first = new URL(
      (await agent.get("/auth/social/acme/redirect")).headers.get("location") ??
        "",
    );
    const second = new URL(
      (await agent.get("/auth/social/acme/redirect")).headers.get("location") ??
        "",
    );
    expect(first.searchParams.get("state")).not.toBe(
      second.searchParams.get("state"),
    );
  });

  it("uses arctic's GitHub client: github.com, default scopes, an absolute redirect kept as is", async () => {
    const response = await app
      .agent()
      .get("/auth/social/github/redirect", { asJson: false });
    const location = new URL(response.headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe(
      "https://github.com/login/oauth/authorize",
    );
    expect(location.searchParams.get("scope")).toBe("read:user user:email");
    expect(location.searchParams.get("redirect_uri")).toBe(GITHUB.redirect);
    expect(location.searchParams.get("state")).toBeTruthy();
  });

  it("uses arctic's Google client with PKCE and resolves a redirect without a leading slash under APP_URL", async () => {
    const response = await app
      .agent()
      .get("/auth/social/google/redirect", { asJson: false });
    const location = new URL(response.headers.get("location") ?? "");
    expect(location.hostname).toBe("accounts.google.com");
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(location.searchParams.get("scope")).toBe("openid email profile");
    expect(location.searchParams.get("redirect_uri")).toBe(
      "http://localhost:3000/auth/social/google/callback",
    );
  });

  it("sends GitLab and Microsoft Entra ID to their own authorization endpoints", async () => {
    app.configure({
      services: {
        gitlab: {
          client_id: "a",
          client_secret: "b",
          redirect: "/auth/social/gitlab/callback",
          base_url: "https://git.example.test/",
        },
        microsoft: {
          client_id: "a",
          client_secret: "b",
          redirect: "/auth/social/microsoft/callback",
          tenant: "contoso",
        },
      },
    });
    const gitlab = new URL(
      (await app.agent().get("/auth/social/gitlab/redirect")).headers.get(
        "location",
      ) ?? "",
    );
    expect(`${gitlab.origin}${gitlab.pathname}`).toBe(
      "https://git.example.test/oauth/authorize",
    );
    expect(gitlab.searchParams.get("code_challenge")).toBeTruthy();
    const microsoft = new URL(
      (await app.agent().get("/auth/social/microsoft/redirect")).headers.get(
        "location",
      ) ?? "",
    );
    expect(`${microsoft.origin}${microsoft.pathname}`).toBe(
      "https://login.microsoftonline.com/contoso/oauth2/v2.0/authorize",
    );
  });

  it("answers 404 for a provider without an entry (contract §7)", async () => {
    for (const name of ["facebook", "constructor", "__proto__"]) {
      const response = await app.agent().get(`/auth/social/${name}/redirect`);
      expect(response.status, name).toBe(404);
      expect(
        response.setCookies.some((cookie) =>
          cookie.startsWith("auth_social_state="),
        ),
      ).toBe(false);
    }
  });

  it("is for guests only: a signed-in browser goes to the login redirect (contract §4 middleware guest)", async () => {
    const agent = await signIn(app, await app.createUser());
    const response = await agent.get("/auth/social/acme/redirect", {
      asJson: false,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin");
  });
});
