// The example's tools over the authorization server's own API (docs/mcp.md, decision record 115).
// The user's token names this MCP server and may not be passed on (MCP 2025-11-25 forbids token
// passthrough), so the server, a confidential client of the authorization server and the
// registered resource's server, exchanges it (RFC 8693) for a short token for the API acting for
// the same user, with one scope, and calls the API with that. It imports nothing of the product.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

/** This MCP server as a client of the authorization server: what lets it exchange tokens. */
export type ExchangeClient = { id: string; secret: string };

/** Where the product's API answers, under its issuer (the default route prefix `auth`, docs/api.md). */
const API = {
  sessions: "/auth/user/sessions",
  users: "/api/admin/users",
} as const;

const TOKEN_EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange";
const ACCESS_TOKEN = "urn:ietf:params:oauth:token-type:access_token";

/** A tool's refusal, told to the model and the user (MCP's `isError`), never a crash. */
class ToolRefusal extends Error {}

const text = (value: unknown) => ({
  content: [{ type: "text" as const, text: JSON.stringify(value) }],
});
const refused = (message: string) => ({
  content: [{ type: "text" as const, text: message }],
  isError: true,
});

/** RFC 6749 §2.3.1: the id and secret form-encoded, then Basic. */
const basic = (client: ExchangeClient) =>
  "Basic " +
  Buffer.from(
    `${encodeURIComponent(client.id)}:${encodeURIComponent(client.secret)}`,
  ).toString("base64");

/** The user's token exchanged for a token for the API with `scope`; its refusal as a ToolRefusal. */
async function exchanged(
  tokenEndpoint: string,
  client: ExchangeClient,
  subjectToken: string,
  scope: string,
): Promise<string> {
  const response = await fetch(tokenEndpoint, {
    method: "POST",
    headers: {
      authorization: basic(client),
      "content-type": "application/x-www-form-urlencoded",
      accept: "application/json",
    },
    body: new URLSearchParams({
      grant_type: TOKEN_EXCHANGE,
      subject_token: subjectToken,
      subject_token_type: ACCESS_TOKEN,
      scope,
    }),
  });
  const body = (await response.json()) as {
    access_token?: string;
    error?: string;
    hint?: string;
  };
  if (!response.ok || typeof body.access_token !== "string")
    throw new ToolRefusal(
      `The authorization server refused the token exchange for ${scope}: ${body.error ?? response.status}${body.hint ? ` (${body.hint})` : ""}`,
    );
  return body.access_token;
}

export type ApiToolsContext = {
  issuer: string;
  tokenEndpoint: () => Promise<string>;
  client: ExchangeClient;
  /** The user's token, as this MCP server received it. */
  subjectToken: string;
};

/** GET `path` of the API as the user, with a token exchanged for `scope`. */
async function callApi(
  context: ApiToolsContext,
  scope: string,
  path: string,
): Promise<Response> {
  const token = await exchanged(
    await context.tokenEndpoint(),
    context.client,
    context.subjectToken,
    scope,
  );
  return fetch(new URL(path, context.issuer), {
    headers: { authorization: `Bearer ${token}`, accept: "application/json" },
  });
}

/** Runs a tool, a refusal answered as a tool error. */
async function answering(run: () => Promise<unknown>) {
  try {
    return text(await run());
  } catch (error) {
    if (error instanceof ToolRefusal) return refused(error.message);
    throw error;
  }
}

/** `my_sessions` and `search_users`, for a server that has an exchange client. */
export function registerApiTools(server: McpServer, context: ApiToolsContext) {
  server.registerTool(
    "my_sessions",
    {
      description:
        "The browsers where the signed-in user is signed in to the authorization server: browser, system, address, when, and which one is current.",
    },
    () =>
      answering(async () => {
        const response = await callApi(context, "sessions:read", API.sessions);
        if (!response.ok)
          throw new ToolRefusal(
            `The authorization server answered ${response.status} for the sessions.`,
          );
        return { sessions: await response.json() };
      }),
  );
  server.registerTool(
    "search_users",
    {
      description:
        "Search the authorization server's users by name or email (administrators only).",
      inputSchema: { query: z.string().max(255) },
    },
    ({ query }) =>
      answering(async () => {
        const response = await callApi(
          context,
          "admin",
          `${API.users}?${new URLSearchParams({ search: query })}`,
        );
        if (response.status === 403)
          throw new ToolRefusal(
            "Only an administrator may search users: the authorization server refused (403).",
          );
        if (!response.ok)
          throw new ToolRefusal(
            `The authorization server answered ${response.status} for the user search.`,
          );
        const page = (await response.json()) as {
          data: { id: number; name: string; email: string }[];
          total?: number;
        };
        return {
          users: page.data.map(({ id, name, email }) => ({ id, name, email })),
          total: page.total ?? page.data.length,
        };
      }),
  );
}
