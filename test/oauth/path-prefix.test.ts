import * as oauth from "oauth4webapi";
import { describe, expect, it } from "vitest";
import { frontendRoutes } from "@/lib/runtime/next-adapter";
import { buildOpenApiDocument } from "@/lib/runtime/openapi/document";
import { useTestApp } from "../support/app";
import {
  AUTHORIZE,
  clientOptions,
  consent,
  discover,
  pipelineFetch,
  REDIRECT_URI,
  registerClient,
  signedInAdmin,
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
    const as = await discover(app);
    const { agent } = await signedInAdmin(app);
    const registered = await registerClient(agent, {
      name: "Billing job",
      grant_types: ["client_credentials"],
      scopes: ["tokens:write"],
    });
    const client: oauth.Client = { client_id: registered.id };
    const secret = registered.plainSecret ?? "";
    const tokens = await oauth.processClientCredentialsResponse(
      as,
      client,
      await oauth.clientCredentialsGrantRequest(
        as,
        client,
        oauth.ClientSecretBasic(secret),
        { scope: "tokens:write" },
        clientOptions(app),
      ),
    );
    expect(tokens.token_type).toBe("bearer");
    const jwks = await send("/passport/jwks");
    expect(jwks.status).toBe(200);

    for (const [method, path] of [
      ["POST", "/oauth/token"],
      ["GET", "/oauth/jwks"],
      ["GET", "/oauth/scopes"],
      ["GET", "/oauth/authorize"],
    ]) {
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

  it("runs the code flow through the moved authorize and token endpoints", async () => {
    const as = await discover(app);
    const { agent } = await signedInAdmin(app);
    const registered = await registerClient(agent, {
      name: "Notes app",
      redirect_uris: [REDIRECT_URI],
      confidential: false,
    });
    const client: oauth.Client = { client_id: registered.id };
    const verifier = oauth.generateRandomCodeVerifier();
    const url = new URL(as.authorization_endpoint ?? "");
    url.search = new URLSearchParams({
      response_type: "code",
      client_id: registered.id,
      redirect_uri: REDIRECT_URI,
      scope: "openid user:write",
      state: "s",
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
    }).toString();
    expect(url.pathname).toBe("/passport/authorize");

    // A browser not signed in is sent to the login screen, and back to the moved path after.
    const anonymous = await send(url.pathname + url.search, {
      headers: { accept: "text/html" },
    });
    expect(anonymous.status).toBe(302);
    const login = new URL(anonymous.headers.get("location") ?? "", url);
    expect(login.pathname).toBe("/auth/login");
    expect(login.searchParams.get("redirect")).toBe(url.pathname + url.search);

    // Passport's HTML consent form posts back to the moved path.
    const form = await agent.get(url.pathname + url.search, {
      host: AUTHORIZE,
      asJson: false,
      headers: { accept: "text/html" },
    });
    expect(form.text).toContain('action="/passport/authorize"');

    const callback = await consent(agent, url);
    const params = oauth.validateAuthResponse(as, client, callback, "s");
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(
        as,
        client,
        oauth.None(),
        params,
        REDIRECT_URI,
        verifier,
        clientOptions(app),
      ),
    );
    const claims = oauth.getValidatedIdTokenClaims(tokens);
    expect(claims?.iss).toBe(app.services.env.APP_URL);
    const info = await oauth.userInfoRequest(
      as,
      client,
      tokens.access_token,
      clientOptions(app),
    );
    expect(info.status).toBe(200);
  });

  it("starts the device grant with verification URIs under the moved prefix", async () => {
    const as = await discover(app);
    const { agent } = await signedInAdmin(app);
    const registered = await registerClient(agent, {
      name: "Command line",
      confidential: false,
      grant_types: ["urn:ietf:params:oauth:grant-type:device_code"],
    });
    const client: oauth.Client = { client_id: registered.id };
    const started = await oauth.processDeviceAuthorizationResponse(
      as,
      client,
      await oauth.deviceAuthorizationRequest(
        as,
        client,
        oauth.None(),
        { scope: "user:write" },
        clientOptions(app),
      ),
    );
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
