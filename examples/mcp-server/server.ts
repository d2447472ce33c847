// An MCP server (Streamable HTTP, the official TypeScript SDK) protected by this authorization
// server: it publishes RFC 9728 metadata naming it, challenges with `resource_metadata`, and
// accepts only access tokens this server signed for it (docs/mcp.md, decision record 102); its
// `whoami` asks the authorization server's userinfo endpoint with that token (decision record 112);
// given a client of its own, `my_sessions` and `search_users` call the API with a token exchanged
// for the user's (RFC 8693, decision record 115; api-tools.ts).
// It imports nothing of the product: it talks to it over HTTP, as any resource server would.
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from "jose";
import { type ExchangeClient, registerApiTools } from "./api-tools";

export type ExampleServerOptions = {
  /** The authorization server's issuer (APP_URL of the product), e.g. http://localhost:3000. */
  issuer: string;
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** The scopes the metadata lists: what an MCP host asks for (the SDK's default selection). */
  scopes?: string[];
  /**
   * This server as a confidential client of the authorization server, named as the registered
   * resource's server: with it, the tools over the API (`my_sessions`, `search_users`).
   */
  client?: ExchangeClient;
};

export type ExampleServer = {
  /** Its resource identifier, the URL MCP hosts connect to: http://host:port/mcp. */
  url: string;
  close(): Promise<void>;
};

const MCP_PATH = "/mcp";
const METADATA_PATH = "/.well-known/oauth-protected-resource";

/** The claims of a verified access token: Passport's (aud, sub, scopes, exp, jti), iss and client_id. */
type Claims = JWTPayload & { scopes?: string[]; client_id?: string };

/** What the server needs of the authorization server's metadata (OpenID Connect Discovery's, RFC 8414's and userinfo). */
type AuthorizationServer = {
  issuer: string;
  jwks_uri: string;
  token_endpoint: string;
  userinfo_endpoint: string;
  registration_endpoint?: string;
  client_id_metadata_document_supported?: boolean;
};

/**
 * The signed-in user as the authorization server tells it: its userinfo endpoint, called with the
 * user's token, which names that endpoint among its audiences when the host asked for `openid`
 * (decision record 112). The answer holds the claims the token's scopes allow (profile, email).
 */
async function userinfo(
  metadata: AuthorizationServer,
  token: string,
): Promise<Record<string, unknown>> {
  const response = await fetch(metadata.userinfo_endpoint, {
    headers: { authorization: `Bearer ${token}`, accept: "application/json" },
  });
  if (!response.ok)
    throw new Error(
      `userinfo answered ${response.status}: sign in with the openid scope`,
    );
  return (await response.json()) as Record<string, unknown>;
}

function toolsFor(
  auth: AuthInfo,
  metadata: () => Promise<AuthorizationServer>,
  options: ExampleServerOptions,
): McpServer {
  const server = new McpServer({
    name: "example-mcp-server",
    version: "1.0.0",
  });
  const claims = (auth.extra?.claims ?? {}) as Claims;
  const text = (value: unknown) => ({
    content: [{ type: "text" as const, text: JSON.stringify(value) }],
  });
  server.registerTool(
    "whoami",
    {
      description:
        "Who signed in: the user as the authorization server's userinfo endpoint describes them (name and email when granted), the client and the scopes.",
    },
    async () =>
      text({
        ...(await userinfo(await metadata(), auth.token)),
        client_id: auth.clientId,
        scopes: auth.scopes,
      }),
  );
  server.registerTool(
    "token_expiry",
    {
      description:
        "When the access token this session uses expires, and how long is left.",
    },
    () =>
      text({
        expires_at: new Date((claims.exp ?? 0) * 1000).toISOString(),
        seconds_left: Math.max(
          0,
          (claims.exp ?? 0) - Math.floor(Date.now() / 1000),
        ),
      }),
  );
  server.registerTool(
    "authorization_server",
    {
      description:
        "The authorization server this MCP server trusts, from its metadata.",
    },
    async () => {
      const {
        issuer,
        registration_endpoint,
        client_id_metadata_document_supported,
      } = await metadata();
      return text({
        issuer,
        registration_endpoint,
        client_id_metadata_document_supported,
      });
    },
  );
  if (options.client)
    registerApiTools(server, {
      issuer: options.issuer,
      tokenEndpoint: async () => (await metadata()).token_endpoint,
      client: options.client,
      subjectToken: auth.token,
    });
  return server;
}

/** Starts the server; resolves once it listens. */
export async function startExampleServer(
  options: ExampleServerOptions,
): Promise<ExampleServer> {
  const host = options.host ?? "127.0.0.1";
  let resource = "";
  let known: AuthorizationServer | undefined;
  let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;
  // The authorization server's metadata (its JWKS and userinfo addresses), read on first use:
  // OpenID Connect Discovery's document, RFC 8414's fields and `userinfo_endpoint`.
  const metadata = async () =>
    (known ??= (await (
      await fetch(new URL("/.well-known/openid-configuration", options.issuer))
    ).json()) as AuthorizationServer);
  const keys = async () =>
    (jwks ??= createRemoteJWKSet(new URL((await metadata()).jwks_uri)));

  /** The token's facts when it is ours: signed by the issuer's keys, by the issuer, for this resource, live. */
  async function verified(
    authorization: string | undefined,
  ): Promise<AuthInfo | null> {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1];
    if (!token) return null;
    try {
      // A token for a registered resource names its issuer and client (RFC 9068 §2.2).
      const { payload } = await jwtVerify<Claims>(token, await keys(), {
        issuer: options.issuer,
        audience: resource,
      });
      return {
        token,
        clientId: payload.client_id ?? "",
        scopes: payload.scopes ?? [],
        expiresAt: payload.exp,
        resource: new URL(resource),
        extra: { claims: payload },
      };
    } catch {
      return null;
    }
  }

  const challenge = (error?: string) =>
    `Bearer ${error ? `error="${error}", ` : ""}resource_metadata="${new URL(METADATA_PATH + MCP_PATH, resource)}"`;

  const server = http.createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? "/", resource).pathname;
      // RFC 9728 §3.1: the metadata of http://host/mcp is at /.well-known/oauth-protected-resource/mcp;
      // the bare address answers too, for clients that ask there first.
      if (path === METADATA_PATH + MCP_PATH || path === METADATA_PATH) {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(
          JSON.stringify({
            resource,
            authorization_servers: [options.issuer],
            bearer_methods_supported: ["header"],
            ...(options.scopes ? { scopes_supported: options.scopes } : {}),
            resource_name: "Example MCP server",
          }),
        );
        return;
      }
      if (path !== MCP_PATH) {
        response.writeHead(404).end();
        return;
      }
      const authorization = request.headers.authorization;
      const auth = await verified(authorization);
      if (!auth) {
        response.writeHead(401, {
          "www-authenticate": challenge(
            authorization ? "invalid_token" : undefined,
          ),
          "content-type": "application/json",
        });
        response.end(JSON.stringify({ error: "invalid_token" }));
        return;
      }
      // Stateless: a server and a transport per request, as the SDK's stateless example does.
      const mcp = toolsFor(auth, metadata, options);
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
      });
      response.on("close", () => {
        void transport.close();
        void mcp.close();
      });
      await mcp.connect(transport);
      await transport.handleRequest(Object.assign(request, { auth }), response);
    })().catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500);
      response.end(String(error));
    });
  });
  server.listen(options.port ?? 0, host);
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  resource = `http://${host.includes(":") ? `[${host}]` : host}:${port}${MCP_PATH}`;
  return {
    url: resource,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
