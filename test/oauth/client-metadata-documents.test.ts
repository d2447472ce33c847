import { eq } from "drizzle-orm";
import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { oauthClients, oauthConsents } from "@/db/schema";
import {
  documentClientKey,
  forgetClientDocuments,
} from "@/lib/oauth/client-metadata-documents";
import { OAUTH_LOGOUT_ROUTE } from "@/lib/oauth/routes";
import { signIn, useTestApp } from "../support/app";
import { type DocumentHost, serveDocuments } from "../support/document-host";
import { approveCode, authenticates, tokenEndpoint } from "./flows";
import {
  AUTHORIZE,
  clientOptions,
  discover,
  pipelineFetch,
  REDIRECT_URI,
} from "./support";

// Decision record 102: a client whose client_id is the https URL of its metadata document
// (draft-ietf-oauth-client-id-metadata-document, MCP 2025-11-25), fetched through webhooks'
// outbound guard, bounded, cached by Cache-Control, and kept as a row of oauth_clients.
const app = useTestApp({
  auth: { oauth: { "client-metadata-allow-private-addresses": true } },
});
let host: DocumentHost;
let tlsBefore: string | undefined;

beforeAll(async () => {
  host = await serveDocuments();
  tlsBefore = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
});
afterAll(async () => {
  if (tlsBefore === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  else process.env.NODE_TLS_REJECT_UNAUTHORIZED = tlsBefore;
  await host.close();
});
beforeEach(() => {
  forgetClientDocuments();
  host.documents.clear();
  host.hits.clear();
});

/** Serves a document at `path` whose client_id is its own URL; `fields` override or add. */
function publish(
  path: string,
  fields: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): string {
  const url = `${host.base}${path}`;
  host.documents.set(path, {
    body: JSON.stringify({
      client_id: url,
      client_name: "Agent Desk",
      redirect_uris: [REDIRECT_URI],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
      ...fields,
    }),
    headers,
  });
  return url;
}

/** GET /oauth/authorize for `clientId` by a signed-in user: status and body, never followed. */
async function authorize(clientId: string) {
  const agent = await signIn(app, await app.createUser());
  const query = new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    scope: "openid email",
    state: "s",
    code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSKxtuWs",
    code_challenge_method: "S256",
  });
  return agent.get(`/oauth/authorize?${query}`, { host: AUTHORIZE });
}

describe("Client ID Metadata Documents (decision record 102)", () => {
  it("are announced by the authorization server's metadata", async () => {
    expect((await discover(app)).client_id_metadata_document_supported).toBe(
      true,
    );
  });

  it("sign a user in, refresh, remember the consent, and name the client with its host", async () => {
    const clientId = publish("/agent/client.json");
    const as = await discover(app);
    const client: oauth.Client = { client_id: clientId };
    const user = await app.createUser();
    const agent = await signIn(app, user);
    const shown = await agent.get(
      `/oauth/authorize?${new URLSearchParams({
        response_type: "code",
        client_id: clientId,
        redirect_uri: REDIRECT_URI,
        scope: "openid",
        code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSKxtuWs",
        code_challenge_method: "S256",
      })}`,
      { host: AUTHORIZE },
    );
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body.client.name).toBe(
      `Agent Desk (${new URL(clientId).host})`,
    );
    const code = await approveCode(agent, as, client, {
      scope: "openid email",
      state: "cimd",
    });
    const tokens = await tokenEndpoint(app, as, client).redeem(code);
    expect(await authenticates(app, tokens.access_token)).toBe(true);
    const refreshed = await tokenEndpoint(app, as, client).refresh(
      tokens.refresh_token ?? "",
    );
    expect(await authenticates(app, refreshed.access_token)).toBe(true);
    const [consent] = await app.database.db
      .select()
      .from(oauthConsents)
      .where(eq(oauthConsents.userId, user.id));
    expect(consent?.clientId).toBe(documentClientKey(clientId));

    // The ID token names the client as it knows itself; it ends the session (RP-initiated logout).
    const logout = new URL(as.end_session_endpoint ?? "");
    logout.search = new URLSearchParams({
      id_token_hint: tokens.id_token ?? "",
      client_id: clientId,
      post_logout_redirect_uri: REDIRECT_URI,
    }).toString();
    const signedOut = await agent.get(logout.pathname + logout.search, {
      host: OAUTH_LOGOUT_ROUTE,
    });
    expect(signedOut.body.redirect).toBe(REDIRECT_URI);

    // Revoked by the client itself (RFC 7009), by its URL.
    const revoked = await oauth.revocationRequest(
      as,
      client,
      oauth.None(),
      refreshed.access_token,
      clientOptions(app),
    );
    expect(revoked.status).toBe(200);
    expect(await authenticates(app, refreshed.access_token)).toBe(false);
  });

  it("keep an administrator's revocation when the document is fetched again", async () => {
    const clientId = publish(
      "/revoked/client.json",
      {},
      {
        "cache-control": "no-store",
      },
    );
    expect((await authorize(clientId)).status).toBe(200);
    await app.database.db
      .update(oauthClients)
      .set({ revoked: true })
      .where(eq(oauthClients.id, documentClientKey(clientId)));
    const refused = await authorize(clientId);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe("invalid_client");
    expect(host.hits.get("/revoked/client.json")).toBe(2);
  });

  it("are kept for their max-age and fetched every time under no-store", async () => {
    const cached = publish(
      "/cached.json",
      {},
      {
        "cache-control": "max-age=600",
      },
    );
    const fresh = publish("/fresh.json", {}, { "cache-control": "no-store" });
    for (let round = 0; round < 2; round++) {
      expect((await authorize(cached)).status).toBe(200);
      expect((await authorize(fresh)).status).toBe(200);
    }
    expect(host.hits.get("/cached.json")).toBe(1);
    expect(host.hits.get("/fresh.json")).toBe(2);
  });

  it("refuse an unusable document with invalid_request on the error page, never at its redirect URI", async () => {
    const cases: [string, () => string][] = [
      [
        "another client_id",
        () =>
          publish("/a.json", { client_id: "https://elsewhere.example/a.json" }),
      ],
      [
        "an app scheme",
        () => publish("/b.json", { redirect_uris: ["com.example.app:/cb"] }),
      ],
      [
        "a secret",
        () =>
          publish("/c.json", {
            token_endpoint_auth_method: "client_secret_basic",
          }),
      ],
      ["too large", () => publish("/d.json", { padding: "x".repeat(6000) })],
      ["not found", () => `${host.base}/missing.json`],
    ];
    for (const [label, make] of cases) {
      const answer = await authorize(make());
      expect(answer.status, label).toBe(400);
      expect(answer.body.error, label).toBe("invalid_request");
      expect(answer.body.hint, label).toMatch(/metadata document/);
      expect(answer.headers.get("location"), label).toBeNull();
    }
  });

  it("answer invalid_client at the token endpoint when the document is unusable", async () => {
    const as = await discover(app);
    const response = await pipelineFetch(app)(as.token_endpoint ?? "", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: "x",
        client_id: `${host.base}/missing.json`,
      }),
    });
    expect(response.status).toBe(401);
    expect((await response.json()).error).toBe("invalid_client");
  });

  it("are refused on a loopback address unless oauth.client-metadata-allow-private-addresses", async () => {
    app.configure({
      auth: { oauth: { "client-metadata-allow-private-addresses": false } },
    });
    const answer = await authorize(publish("/private.json"));
    expect(answer.status).toBe(400);
    expect(answer.body.hint).toMatch(/private, loopback or reserved/);
    expect(host.hits.get("/private.json")).toBeUndefined();
  });
});
