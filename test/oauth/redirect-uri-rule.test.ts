import { eq } from "drizzle-orm";
import * as oauth from "oauth4webapi";
import { describe, expect, it } from "vitest";
import { oauthClients } from "@/db/schema";
import {
  OAUTH_CLIENT_ROUTE,
  OAUTH_CLIENT_STORE_ROUTE,
} from "@/lib/oauth/json-api-routes";
import { signIn, useTestApp } from "../support/app";
import { stepUp } from "../support/two-factor";
import {
  AUTHORIZE,
  discover,
  pipelineFetch,
  REDIRECT_URI,
  registerClient,
  signedInAdmin,
} from "./support";

const app = useTestApp();

// One rule at every door (lib/policies/redirect-uri.ts, decision record 050 amendment 2026-12-02).
const REFUSED = [
  "javascript:alert(document.cookie)",
  "JavaScript://app.example/%0Aalert(1)",
  "data:text/html,<script>alert(1)</script>",
  "file:///etc/passwd",
  "vbscript:msgbox(1)",
  "blob:https://app.example/0b5e",
  "about:blank",
  "view-source:https://app.example/",
  "ws://app.example/socket",
  "wss://app.example/socket",
  "ftp://app.example/cb",
  "http://app.example/cb",
  "https://app.example/cb#fragment",
  "com.example.app:/cb#fragment",
  "/relative/callback",
];

describe("the redirect URI rule at every door", () => {
  it.each(REFUSED)(
    "the clients JSON API refuses %s on create and update: 422 on the field",
    async (uri) => {
      const agent = await signIn(app, await app.createUser());
      await stepUp(agent);
      const created = await agent.post(
        "/oauth/clients",
        { name: "App", redirect_uris: [REDIRECT_URI, uri] },
        { host: OAUTH_CLIENT_STORE_ROUTE },
      );
      expect(created.status).toBe(422);
      expect(created.body.errors.redirect_uris[0]).toContain(uri);
      // Passport 12's comma-separated field keeps to the same rule, never dropping a URI silently.
      if (!uri.includes(",")) {
        const legacy = await agent.post(
          "/oauth/clients",
          { name: "App", redirect: `${REDIRECT_URI},${uri}` },
          { host: OAUTH_CLIENT_STORE_ROUTE },
        );
        expect(legacy.status).toBe(422);
        expect(Object.keys(legacy.body.errors)).toEqual(["redirect"]);
      }

      const client = await registerClient(agent, {
        name: "App",
        redirect_uris: [REDIRECT_URI],
      });
      const updated = await agent.put(
        `/oauth/clients/${client.id}`,
        { name: "App", redirect_uris: [uri] },
        { host: OAUTH_CLIENT_ROUTE, params: { id: client.id } },
      );
      expect(updated.status).toBe(422);
      expect(Object.keys(updated.body.errors)).toEqual(["redirect_uris"]);
      const [row] = await app.database.db
        .select({ redirectUris: oauthClients.redirectUris })
        .from(oauthClients)
        .where(eq(oauthClients.id, client.id));
      expect(JSON.parse(row?.redirectUris ?? "")).toEqual([REDIRECT_URI]);
    },
  );

  it.each(REFUSED)(
    "dynamic registration refuses %s: RFC 7591's invalid_redirect_uri",
    async (uri) => {
      const as = await discover(app);
      const response = await pipelineFetch(app)(
        as.registration_endpoint ?? "",
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ redirect_uris: [uri] }),
        },
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: "invalid_redirect_uri",
        error_description: expect.stringContaining(uri),
      });
    },
  );

  it("the JSON API's message is translated", async () => {
    const agent = await signIn(app, await app.createUser());
    await stepUp(agent);
    const created = await agent.post(
      "/oauth/clients",
      { name: "App", redirect_uris: ["javascript:alert(1)"] },
      { host: OAUTH_CLIENT_STORE_ROUTE, headers: { "accept-language": "es" } },
    );
    expect(created.status).toBe(422);
    expect(created.body.errors.redirect_uris).toEqual([
      "La URI de redirección javascript:alert(1) debe usar https, http en una dirección de bucle local o un esquema propio de la aplicación con su dominio invertido.",
    ]);
  });

  it("allows https, loopback http and an app's reverse-domain scheme", async () => {
    const agent = await signIn(app, await app.createUser());
    const allowed = [
      REDIRECT_URI,
      "http://127.0.0.1:53682/callback",
      "http://[::1]/cb",
      "http://localhost:8080/cb",
      "com.example.app:/oauth2redirect",
    ];
    const client = await registerClient(agent, {
      name: "App",
      redirect_uris: allowed,
    });
    expect(client.body.redirect_uris).toEqual(allowed);
  });

  it.each(["javascript:alert(document.domain)", "data:text/html,x", "#x"])(
    "/oauth/authorize refuses a stored %s without redirecting to it",
    async (stored) => {
      const { agent } = await signedInAdmin(app);
      const client = await registerClient(agent, {
        name: "Old app",
        redirect_uris: [REDIRECT_URI],
        confidential: false,
      });
      // Stored before the rule, or by a Laravel app on the same tables.
      const bad = stored.startsWith("#") ? `${REDIRECT_URI}${stored}` : stored;
      await app.database.db
        .update(oauthClients)
        .set({ redirectUris: JSON.stringify([bad]) })
        .where(eq(oauthClients.id, client.id));
      const as = await discover(app);
      const user = await signIn(app, await app.createUser());
      for (const redirectUri of [bad, null]) {
        const url = new URL(as.authorization_endpoint ?? "");
        url.search = new URLSearchParams({
          response_type: "code",
          client_id: client.id,
          ...(redirectUri === null ? {} : { redirect_uri: redirectUri }),
          scope: "user:write",
          state: "s1",
          code_challenge: await oauth.calculatePKCECodeChallenge(
            oauth.generateRandomCodeVerifier(),
          ),
          code_challenge_method: "S256",
        }).toString();
        for (const asJson of [true, false]) {
          const answer = await user.get(url.pathname + url.search, {
            host: AUTHORIZE,
            asJson,
          });
          expect(answer.status).toBe(400);
          expect(answer.headers.get("location")).toBeNull();
          expect(answer.body).toMatchObject({
            error: "invalid_request",
            hint: expect.stringContaining("redirect URI rule"),
          });
          expect(answer.text).not.toContain(bad);
        }
      }
    },
  );
});
