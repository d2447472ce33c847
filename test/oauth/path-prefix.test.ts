import * as oauth from "oauth4webapi";
import { describe, expect, it } from "vitest";
import { frontendRoutes } from "@/lib/runtime/next-adapter";
import { buildOpenApiDocument } from "@/lib/runtime/openapi/document";
import { useTestApp } from "../support/app";
import { userAccessToken } from "./flows";
import {
  AUTHORIZE,
  clientCredentials,
  clientOptions,
  discover,
  pipelineFetch,
  REDIRECT_URI,
  registerClient,
  signedInAdmin,
  startDeviceGrant,
} from "./support";

// Passport's `passport.path`, here `oauth.path` (lib/oauth/path-prefix.ts): every request goes
// by its path through routeByPath, as the catch-all route files and the dispatcher send it.
const app = useTestApp({ auth: { oauth: { path: "passport" } } });

const send = (path: string, init: RequestInit = {}) =>
  pipelineFetch(app)(`${app.services.env.APP_URL}${path}`, {
    ...init,
    headers: { accept: "application/json", ...init.headers },
  });

describe("Passport's prefix moved to /passport", () => {
  it("publishes the moved endpoints in every metadata document; the issuer and /.well-known stay", async () => {
    const base = app.services.env.APP_URL;
    const as = await discover(app);
    expect(as.issuer).toBe(base);
    expect(as).toMatchObject({
      authorization_endpoint: `${base}/passport/authorize`,
      token_endpoint: `${base}/passport/token`,
      jwks_uri: `${base}/passport/jwks`,
      revocation_endpoint: `${base}/passport/revoke`,
      introspection_endpoint: `${base}/passport/introspect`,
      registration_endpoint: `${base}/passport/register`,
      device_authorization_endpoint: `${base}/passport/device/code`,
      userinfo_endpoint: `${base}/passport/userinfo`,
      end_session_endpoint: `${base}/passport/logout`,
    });
    const rfc8414 = await send("/.well-known/oauth-authorization-server");
    expect(rfc8414.status).toBe(200);
    const body = (await rfc8414.json()) as Record<string, unknown>;
    expect(body.token_endpoint).toBe(`${base}/passport/token`);
    expect(JSON.stringify(body)).not.toContain("/oauth/");
    const resource = await send("/.well-known/oauth-protected-resource");
    expect(await resource.json()).toMatchObject({
      authorization_servers: [base],
    });
  });

  it("completes a client-credentials grant at the moved token endpoint; /oauth/token is not served", async () => {
    const { agent } = await signedInAdmin(app);
    const registered = await registerClient(agent, {
      name: "Billing job",
      grant_types: ["client_credentials"],
      scopes: ["tokens:write"],
    });
    const secret = registered.plainSecret ?? "";
    expect(await clientCredentials(app, registered.id, secret)).toBe("token");
    expect((await send("/passport/jwks")).status).toBe(200);

    for (const [method, path] of [
      ["POST", "/oauth/token"],
      ["GET", "/oauth/jwks"],
      ["GET", "/oauth/scopes"],
      ["GET", "/oauth/authorize"],
    ] as const) {
      const old = await send(path, {
        method,
        headers: {
          authorization: `Basic ${btoa(`${registered.id}:${secret}`)}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        ...(method === "POST"
          ? { body: "grant_type=client_credentials&scope=tokens:write" }
          : {}),
      });
      expect([method, path, old.status]).toEqual([method, path, 404]);
      expect(await old.json()).toEqual({ message: "Not Found" });
    }
  });

  it("runs the code flow through the moved authorize, token and userinfo endpoints", async () => {
    const { as, tokens, clientId, userAgent } = await userAccessToken(
      app,
      "openid user:write",
    );
    expect(new URL(as.authorization_endpoint ?? "").pathname).toBe(
      "/passport/authorize",
    );
    const claims = oauth.getValidatedIdTokenClaims(tokens);
    expect(claims?.iss).toBe(app.services.env.APP_URL);
    const info = await oauth.userInfoRequest(
      as,
      { client_id: clientId },
      tokens.access_token,
      clientOptions(app),
    );
    expect(info.status).toBe(200);

    const authorize = `/passport/authorize?${new URLSearchParams({
      response_type: "code",
      client_id: clientId,
      redirect_uri: REDIRECT_URI,
      scope: "user:write",
      state: "s",
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
      prompt: "consent",
    }).toString()}`;
    // A browser not signed in is sent to the login screen, and back to the moved path after.
    const anonymous = await send(authorize, {
      headers: { accept: "text/html" },
    });
    expect(anonymous.status).toBe(302);
    const login = new URL(
      anonymous.headers.get("location") ?? "",
      app.services.env.APP_URL,
    );
    expect(login.pathname).toBe("/auth/login");
    expect(login.searchParams.get("redirect")).toBe(authorize);
    // Passport's HTML consent form posts back to the moved path.
    const form = await userAgent.get(authorize, {
      host: AUTHORIZE,
      asJson: false,
      headers: { accept: "text/html" },
    });
    expect(form.status).toBe(200);
    expect(form.text).toContain('action="/passport/authorize"');
  });

  it("starts the device grant with verification URIs under the moved prefix", async () => {
    const { agent } = await signedInAdmin(app);
    const { started } = await startDeviceGrant(app, agent);
    const base = app.services.env.APP_URL;
    expect(started.verification_uri).toBe(`${base}/passport/device`);
    expect(started.verification_uri_complete).toBe(
      `${base}/passport/device?user_code=${started.user_code}`,
    );
    const entry = await send(`/passport/device?user_code=${started.user_code}`);
    expect(await entry.json()).toEqual({
      redirect: `/passport/device/authorize?user_code=${started.user_code}`,
    });
    const blank = await send("/passport/device");
    expect(await blank.json()).toEqual({
      authorize: "/passport/device/authorize",
      field: "user_code",
    });
  });

  it("gives the front end and the OpenAPI document the moved paths only", () => {
    const manifest = frontendRoutes(app.services.config);
    expect(manifest["passport.token"]?.template).toBe("/passport/token");
    expect(manifest["passport.clients.update"]?.template).toBe(
      "/passport/clients/{id}",
    );
    expect(manifest["oauth.openid-configuration"]?.template).toBe(
      "/.well-known/openid-configuration",
    );
    const templates = Object.values(manifest).map((entry) => entry.template);
    expect(templates.filter((path) => path.startsWith("/oauth/"))).toEqual([]);
    const document = buildOpenApiDocument(
      app.services.config,
      app.services.env,
    );
    const paths = Object.keys(document.paths);
    expect(paths).toContain("/passport/personal-access-tokens");
    expect(paths.filter((path) => path.startsWith("/oauth/"))).toEqual([]);
  });

  it("serves the JSON API under the moved prefix", async () => {
    const scopes = await send("/passport/scopes");
    expect(scopes.status).toBe(200);
    expect(Array.isArray(await scopes.json())).toBe(true);
  });
});
