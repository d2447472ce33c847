import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { User } from "@/db/schema";
import { createClient } from "@/lib/oauth/clients";
import { registerResource } from "@/lib/oauth/registered-resources";
import {
  documentClientKey,
  forgetClientDocuments,
} from "@/lib/oauth/client-metadata-documents";
import {
  type ExampleServer,
  startExampleServer,
} from "../../examples/mcp-server/server";
import { signIn, useTestApp } from "../support/app";
import { type DocumentHost, serveDocuments } from "../support/document-host";
import {
  type LoopbackServer,
  serveOnLoopback,
} from "../support/loopback-server";
import { consent } from "./support";
import { stepUp } from "../support/two-factor";

// docs/mcp.md and decision record 102: the MCP TypeScript SDK's client, as shipped, signs a user
// in to the example MCP server (examples/mcp-server) protected by this server — once registering
// itself (RFC 7591), once by a Client ID Metadata Document — and calls a tool with the token;
// the tool asks this server's userinfo endpoint who the user is (decision record 112).
const app = useTestApp({
  auth: { oauth: { "client-metadata-allow-private-addresses": true } },
});
let authorizationServer: LoopbackServer;
let mcpServer: ExampleServer;
let documents: DocumentHost;
let tlsBefore: string | undefined;
const MCP_SCOPE = "mcp:use";
/** What the example's metadata lists, so what the SDK asks: its own scope and OpenID Connect's. */
const SCOPES = [MCP_SCOPE, "openid", "profile", "email"];
const CALLBACK = "http://127.0.0.1:53682/callback";

beforeAll(async () => {
  authorizationServer = await serveOnLoopback(app);
  mcpServer = await startExampleServer({
    issuer: authorizationServer.base,
    scopes: SCOPES,
  });
  documents = await serveDocuments();
  // The document host's certificate is self-signed (test/support/document-host.ts).
  tlsBefore = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
});
afterAll(async () => {
  if (tlsBefore === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  else process.env.NODE_TLS_REJECT_UNAUTHORIZED = tlsBefore;
  await Promise.all([
    mcpServer.close(),
    authorizationServer.close(),
    documents.close(),
  ]);
});
beforeEach(async () => {
  forgetClientDocuments();
  app.configure({ env: { APP_URL: authorizationServer.base } });
  await registerResource(app.services.database, {
    identifier: mcpServer.url,
    name: "Example MCP server",
    scopes: [{ name: MCP_SCOPE, description: "Use the example MCP server" }],
    clients: null,
    tokenMinutes: null,
  });
});

/** An MCP host's memory, as the SDK's OAuthClientProvider asks for it; the browser step is the test's. */
class HostProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = "";
  authorizationUrl?: URL;
  constructor(readonly clientMetadataUrl?: string) {}
  get redirectUrl() {
    return CALLBACK;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "Test MCP host",
      redirect_uris: [CALLBACK],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(client: OAuthClientInformationMixed) {
    this.client = client;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/**
 * The SDK's sign-in to the MCP server at `serverUrl`: refused, `user` approves in the "browser",
 * the code finishes it; the host's client, connected with the token.
 */
async function signInWithSdk(
  provider: HostProvider,
  serverUrl: string,
  user: User,
) {
  const url = new URL(serverUrl);
  const first = new StreamableHTTPClientTransport(url, {
    authProvider: provider,
  });
  const refused = new Client({ name: "test-host", version: "1.0.0" });
  await expect(refused.connect(first)).rejects.toThrow(UnauthorizedError);
  const authorizationUrl = provider.authorizationUrl;
  if (!authorizationUrl) throw new Error("the SDK asked for no authorization");
  // The user confirms their password, as the consent screen's step-up asks when the MCP server may
  // exchange the host's token for a step-up scope (decision record 115).
  const browser = await signIn(app, user);
  await stepUp(browser);
  const callback = await consent(browser, authorizationUrl);
  const code = callback.searchParams.get("code");
  if (!code) throw new Error(`no code: ${callback}`);
  await first.finishAuth(code);

  const client = new Client({ name: "test-host", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(url, { authProvider: provider }),
  );
  return { client, authorizationUrl };
}

/** A tool's answer: its JSON, or its error's text. */
async function callTool(
  client: Client,
  name: string,
  args?: Record<string, unknown>,
) {
  const result = await client.callTool({ name, arguments: args });
  const content = result.content as { type: string; text: string }[];
  const text = content[0]?.text ?? "";
  return result.isError
    ? { error: text }
    : (JSON.parse(text) as Record<string, unknown>);
}

/** The SDK's sign-in to the example, then `whoami`. */
async function signInAndCallWhoami(provider: HostProvider) {
  const user = await app.createUser({
    name: "Ada Lovelace",
    email: "ada@example.com",
  });
  const { client, authorizationUrl } = await signInWithSdk(
    provider,
    mcpServer.url,
    user,
  );
  const tools = await client.listTools();
  const whoami = await callTool(client, "whoami");
  await client.close();
  if ("error" in whoami) throw new Error(`whoami failed: ${whoami.error}`);
  return {
    user,
    authorizationUrl,
    tools: tools.tools.map((tool) => tool.name),
    whoami,
  };
}

describe("the MCP SDK's client signs in to the example MCP server (docs/mcp.md)", () => {
  it("registering itself (RFC 7591) with the SDK's default scope selection", async () => {
    const provider = new HostProvider();
    const { user, authorizationUrl, tools, whoami } =
      await signInAndCallWhoami(provider);
    expect(authorizationUrl.searchParams.get("resource")).toBe(mcpServer.url);
    expect(authorizationUrl.searchParams.get("scope")).toBe(SCOPES.join(" "));
    expect(tools).toEqual(["whoami", "token_expiry", "authorization_server"]);
    // The user as this server's userinfo endpoint describes them, asked with the user's token.
    expect(whoami).toEqual({
      sub: String(user.id),
      name: "Ada Lovelace",
      email: "ada@example.com",
      email_verified: true,
      updated_at: expect.any(Number),
      client_id: provider.client?.client_id,
      scopes: SCOPES,
    });
    // The token reaches the MCP server and userinfo, nothing else of this server (record 101).
    const token = provider.saved?.access_token ?? "";
    expect(decodeJwt(token).aud).toEqual([
      mcpServer.url,
      `${authorizationServer.base}/oauth/userinfo`,
    ]);
    const me = await app.agent().get("/auth/get-auth", { bearer: token });
    expect(me.body.authenticated).toBe(false);
  });

  it("by a Client ID Metadata Document the host publishes", async () => {
    const clientId = `${documents.base}/mcp-host/client.json`;
    documents.documents.set("/mcp-host/client.json", {
      body: JSON.stringify({
        client_id: clientId,
        client_name: "Test MCP host",
        redirect_uris: [CALLBACK],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "none",
      }),
    });
    const provider = new HostProvider(clientId);
    const { authorizationUrl, whoami } = await signInAndCallWhoami(provider);
    expect(authorizationUrl.searchParams.get("client_id")).toBe(clientId);
    expect(provider.client?.client_id).toBe(clientId);
    // The token names the client by its row's key (decision record 102).
    expect(whoami.client_id).toBe(documentClientKey(clientId));
    expect(whoami).toMatchObject({ email: "ada@example.com", scopes: SCOPES });
    expect(documents.hits.get("/mcp-host/client.json")).toBeGreaterThan(0);
  });

  it("challenges a missing or invalid token with its RFC 9728 metadata's address", async () => {
    const metadata = new URL(
      "/.well-known/oauth-protected-resource/mcp",
      mcpServer.url,
    ).href;
    for (const [authorization, challenge] of [
      [undefined, `Bearer resource_metadata="${metadata}"`],
      [
        "Bearer not-a-token",
        `Bearer error="invalid_token", resource_metadata="${metadata}"`,
      ],
    ] as const) {
      const response = await fetch(mcpServer.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(authorization ? { authorization } : {}),
        },
        body: "{}",
      });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe(challenge);
    }
    const published = await (await fetch(metadata)).json();
    expect(published).toMatchObject({
      resource: mcpServer.url,
      authorization_servers: [authorizationServer.base],
      scopes_supported: SCOPES,
    });
  });
});

describe("the example's tools over this server's API, by token exchange (decision record 115)", () => {
  it("my_sessions for a user, search_users refused to them as a tool error and answered to an administrator", async () => {
    const { client: serverClient, plainSecret } = await createClient(
      {
        db: app.services.database.db,
        config: app.services.config,
        now: new Date(),
      },
      {
        userId: null,
        name: "Example MCP server",
        redirectUris: [],
        grantTypes: ["client_credentials"],
        confidential: true,
        scopes: null,
      },
    );
    const exchanging = await startExampleServer({
      issuer: authorizationServer.base,
      scopes: SCOPES,
      client: { id: serverClient.id, secret: plainSecret ?? "" },
    });
    try {
      await registerResource(app.services.database, {
        identifier: exchanging.url,
        name: "Example MCP server with tools",
        scopes: [
          { name: MCP_SCOPE, description: "Use the example MCP server" },
        ],
        clients: null,
        tokenMinutes: null,
        exchangeClient: serverClient.id,
        exchangeScopes: ["sessions:read", "admin"],
      });
      app.configure({
        env: {
          APP_URL: authorizationServer.base,
          ADMIN_EMAILS: "grace@example.com",
        },
      });
      const ada = await app.createUser({
        name: "Ada Lovelace",
        email: "ada@example.com",
      });
      const grace = await app.createUser({
        name: "Grace Hopper",
        email: "grace@example.com",
      });

      const user = (
        await signInWithSdk(new HostProvider(), exchanging.url, ada)
      ).client;
      expect((await user.listTools()).tools.map((tool) => tool.name)).toEqual([
        "whoami",
        "token_expiry",
        "authorization_server",
        "my_sessions",
        "search_users",
      ]);
      const sessions = await callTool(user, "my_sessions");
      expect(sessions.sessions).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ id: expect.any(String) }),
        ]),
      );
      expect(await callTool(user, "search_users", { query: "ada" })).toEqual({
        error:
          "Only an administrator may search users: the authorization server refused (403).",
      });
      expect(await callTool(user, "whoami")).toMatchObject({
        email: "ada@example.com",
      });
      await user.close();

      const admin = (
        await signInWithSdk(new HostProvider(), exchanging.url, grace)
      ).client;
      expect(
        await callTool(admin, "search_users", { query: "lovelace" }),
      ).toEqual({
        users: [{ id: ada.id, name: "Ada Lovelace", email: "ada@example.com" }],
        total: 1,
      });
      await admin.close();
    } finally {
      await exchanging.close();
    }
  });
});
