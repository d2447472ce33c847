import "server-only";
import type { OAuthClient } from "@/db/schema";
import { isAllowedRedirectUri } from "@/lib/policies/redirect-uri";
import type { Context } from "@/lib/server/context";
import {
  allowedScopes,
  findClient,
  hasGrant,
  isConfidential,
  redirectUris,
} from "@/lib/oauth/clients";
import {
  invalidClient,
  invalidRequest,
  invalidScope,
  OAuthError,
  unauthorizedClient,
} from "@/lib/oauth/errors";
import {
  ClientDocumentError,
  documentClient,
  isDocumentClientId,
} from "@/lib/oauth/client-metadata-documents";
import { checkedResources, resourceScopes } from "@/lib/oauth/resources";
import { parseScopes, refusedScope } from "@/lib/oauth/scopes";
import {
  type ConsentExchange,
  consentExchanges,
} from "@/lib/oauth/exchange-rights";
import { resourceScopeDescriptions } from "@/lib/oauth/resource-consent";

/** A validated request of the authorization endpoint: what the consent approves. */
export type AuthorizationRequest = {
  clientId: string;
  /** The redirect URI the client sent (null: its only registered one), as league keeps it. */
  requestedRedirectUri: string | null;
  redirectUri: string;
  scopes: string[];
  state?: string;
  codeChallenge?: string;
  codeChallengeMethod?: "S256" | "plain";
  nonce?: string;
  /** RFC 8707's `resource` values, checked: what the whole grant is for (decision record 074). */
  resources?: string[];
};

/** An error the client hears about at its redirect URI (league's redirect of an OAuthServerException). */
export class RedirectedError extends Error {
  constructor(
    readonly error: OAuthError,
    readonly redirectUri: string,
    readonly state: string | undefined,
  ) {
    super(error.message);
  }
}

const CHALLENGE = /^[A-Za-z0-9\-._~]{43,128}$/;
// league's hints name public clients; OAuth 2.1 asks the same of confidential ones.
const MISSING_CHALLENGE = {
  public: "Code challenge must be provided for public clients",
  confidential: "Code challenge must be provided (OAuth 2.1: every client)",
};
const PLAIN_REFUSED = {
  public: "Public clients must use the `S256` code challenge method",
  confidential: "Clients must use the `S256` code challenge method",
};
const optional = (value: string | null) =>
  value === null || value === "" ? undefined : value;

/**
 * league's `validateAuthorizationRequest` with OAuth 2.1's rules: a known client allowed the
 * code grant, a redirect URI registered exactly and within the redirect URI rule
 * (lib/policies/redirect-uri.ts; neither an unknown one nor a forbidden one is redirected to), known
 * scopes within the client's list, PKCE — S256 and required of every client (decision record
 * 081) — and RFC 8707's `resource`s: this server's API, or registered resources that allow the
 * client, whose scopes the request may then ask (decision record 101).
 */
export async function validateAuthorizationRequest(
  ctx: Context,
  query: URLSearchParams,
): Promise<{
  client: OAuthClient;
  request: AuthorizationRequest;
  /** The words of the named registered resources' scopes, for the consent (decision record 101). */
  descriptions: Record<string, string>;
  /** What the named resources' servers may do for the user by token exchange (decision record 115). */
  exchanges: ConsentExchange[];
}> {
  const clientId = query.get("client_id");
  if (!clientId) throw invalidRequest("client_id");
  const client = await requestedClient(ctx, clientId);
  if (!client) throw invalidClient(false);
  if (!hasGrant(client, "authorization_code")) throw unauthorizedClient();
  const registered = redirectUris(client);
  const requestedRedirectUri = optional(query.get("redirect_uri")) ?? null;
  let redirectUri: string;
  if (requestedRedirectUri !== null) {
    if (!registered.includes(requestedRedirectUri)) throw invalidClient(false);
    redirectUri = requestedRedirectUri;
  } else {
    if (registered.length !== 1 || !registered[0])
      throw invalidRequest("redirect_uri");
    redirectUri = registered[0];
  }
  // Stored before the rule, or by another application on the same tables: never followed.
  if (!isAllowedRedirectUri(redirectUri))
    throw invalidRequest(
      "redirect_uri",
      "The client's redirect URI breaks the redirect URI rule; its owner must change it",
    );
  const state = query.get("state") ?? undefined;
  const fail = (error: OAuthError) =>
    new RedirectedError(error, redirectUri, state);
  if (query.get("response_type") !== "code")
    throw fail(
      new OAuthError(
        "unsupported_response_type",
        "The authorization server does not support obtaining an authorization code using this method.",
        400,
        "Check the `response_type` parameter",
      ),
    );
  const resources = await checkedOrRedirected(
    () => checkedResources(ctx, client.id, query.getAll("resource")),
    fail,
  );
  const scopes = parseScopes(query.get("scope"));
  const refused = refusedScope(
    scopes,
    allowedScopes(client),
    resourceScopes(resources),
  );
  if (refused !== null) throw fail(invalidScope(refused));
  const codeChallenge = optional(query.get("code_challenge"));
  const codeChallengeMethod = checkedChallengeMethod(
    pkceRules(ctx, client),
    codeChallenge,
    optional(query.get("code_challenge_method")),
    fail,
  );
  return {
    client,
    exchanges: consentExchanges(resources.registered),
    descriptions: resourceScopeDescriptions(resources.registered),
    request: {
      clientId: client.id,
      requestedRedirectUri,
      redirectUri,
      scopes,
      state,
      codeChallenge,
      codeChallengeMethod,
      nonce: optional(query.get("nonce")),
      resources: resources.identifiers,
    },
  };
}

/**
 * The client of an authorization request: by key, or by the URL of its metadata document
 * (decision record 102), whose problems are an invalid_request shown here, never sent to a
 * redirect URI nobody verified.
 */
async function requestedClient(
  ctx: Context,
  clientId: string,
): Promise<OAuthClient | null> {
  if (!isDocumentClientId(clientId)) return findClient(ctx.db, clientId);
  try {
    return await documentClient(ctx, clientId);
  } catch (error) {
    if (error instanceof ClientDocumentError)
      throw invalidRequest("client_id", error.message);
    throw error;
  }
}

/** A check's OAuthError answered at the client's redirect URI. */
async function checkedOrRedirected<T>(
  check: () => Promise<T>,
  fail: (error: OAuthError) => RedirectedError,
): Promise<T> {
  try {
    return await check();
  } catch (error) {
    throw error instanceof OAuthError ? fail(error) : error;
  }
}

type PkceRules = "public" | "confidential" | "passport";

function pkceRules(ctx: Context, client: OAuthClient): PkceRules {
  if (!isConfidential(client)) return "public";
  return ctx.config.oauth["require-pkce-for-confidential-clients"]
    ? "confidential"
    : "passport";
}

/**
 * PKCE's rules (OAuth 2.1 §4.1.1): S256, required of every client. A confidential client under
 * `oauth.require-pkce-for-confidential-clients: false` gets league's leniency (decision record
 * 081): no challenge at all, or `plain` (the default method). A public client hears league's words.
 */
function checkedChallengeMethod(
  rules: PkceRules,
  codeChallenge: string | undefined,
  method: string | undefined,
  fail: (error: OAuthError) => RedirectedError,
): "S256" | "plain" | undefined {
  if (codeChallenge === undefined) {
    if (rules === "passport") return undefined;
    throw fail(invalidRequest("code_challenge", MISSING_CHALLENGE[rules]));
  }
  const codeChallengeMethod = method ?? "plain";
  if (codeChallengeMethod !== "S256" && codeChallengeMethod !== "plain")
    throw fail(
      invalidRequest(
        "code_challenge_method",
        "Code challenge method must be one of `S256`, `plain`",
      ),
    );
  if (rules !== "passport" && codeChallengeMethod !== "S256")
    throw fail(invalidRequest("code_challenge_method", PLAIN_REFUSED[rules]));
  if (!CHALLENGE.test(codeChallenge))
    throw fail(
      invalidRequest(
        "code_challenge",
        "Code challenge must follow the specifications of RFC-7636.",
      ),
    );
  return codeChallengeMethod;
}
