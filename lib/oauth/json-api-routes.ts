import "server-only";
import { SESSION_ONLY } from "@/lib/contract/token-abilities";
import type { HostRoute } from "@/lib/server/pipeline";
import {
  authorizedTokenEndpoint,
  authorizedTokensEndpoint,
} from "@/lib/oauth/authorized-tokens";
import { rotateSecretEndpoint } from "@/lib/oauth/client-secrets";
import {
  clientEndpoint,
  clientsEndpoint,
  scopesEndpoint,
} from "@/lib/oauth/clients-api";
import {
  personalAccessTokenEndpoint,
  personalAccessTokensEndpoint,
} from "@/lib/oauth/personal-access-tokens";

// Passport's JSON API (decision records 050, 051, 072): the signed-in user's clients, authorized
// apps and personal access tokens, and the scopes. Part of OAUTH_ROUTES (lib/oauth/routes.ts).

export const OAUTH_CLIENTS_ROUTE: HostRoute = {
  name: "passport.clients.index",
  path: "/oauth/clients",
  method: "GET",
  endpoint: clientsEndpoint,
  middleware: ["auth:sanctum"],
  ability: null,
  appScopes: ["tokens:read"],
  credential: "none",
};

/**
 * Creating a client, as Passport's `passport.clients.store`: its secret and redirect URIs are a
 * way into the accounts that approve it, so the `adds` class (a signed-in session with a recent
 * confirmation and a proven address, never while impersonating, the owner told; record 082).
 */
export const OAUTH_CLIENT_STORE_ROUTE: HostRoute = {
  name: "passport.clients.store",
  path: "/oauth/clients",
  method: "POST",
  endpoint: clientsEndpoint,
  middleware: ["auth:sanctum"],
  ability: SESSION_ONLY,
  credential: "adds",
};

/** A client's new name, redirect URIs or grants: the `changes` class (decision record 082). */
export const OAUTH_CLIENT_ROUTE: HostRoute = {
  name: "passport.clients.update",
  path: "/oauth/clients/{id}",
  method: "PUT",
  endpoint: clientEndpoint,
  middleware: ["auth:sanctum"],
  ability: SESSION_ONLY,
  credential: "changes",
};

/** Deleting a client ends every grant it holds: the `removes` class (decision record 082). */
export const OAUTH_CLIENT_DESTROY_ROUTE: HostRoute = {
  name: "passport.clients.destroy",
  path: "/oauth/clients/{id}",
  method: "DELETE",
  endpoint: clientEndpoint,
  middleware: ["auth:sanctum"],
  ability: SESSION_ONLY,
  credential: "removes",
};

/**
 * A client's new secret, the old one working on for an overlap (decision record 051): the
 * client's owner or an administrator; a new way in, so the `rotates` class (step-up from a
 * session, never while impersonating, the owner told).
 */
export const OAUTH_CLIENT_SECRET_ROUTE: HostRoute = {
  name: "passport.clients.secret",
  path: "/oauth/clients/{id}/secret",
  method: "POST",
  endpoint: rotateSecretEndpoint,
  middleware: ["auth:sanctum"],
  ability: "tokens:write",
  credential: "rotates",
};

export const OAUTH_SCOPES_ROUTE: HostRoute = {
  name: "passport.scopes.index",
  path: "/oauth/scopes",
  method: "GET",
  endpoint: scopesEndpoint,
  middleware: [],
  ability: null,
  credential: "none",
};

export const OAUTH_TOKENS_ROUTE: HostRoute = {
  name: "passport.tokens.index",
  path: "/oauth/tokens",
  method: "GET",
  endpoint: authorizedTokensEndpoint,
  middleware: ["auth:sanctum"],
  ability: null,
  appScopes: ["tokens:read"],
  credential: "none",
};

export const OAUTH_TOKEN_DESTROY_ROUTE: HostRoute = {
  name: "passport.tokens.destroy",
  path: "/oauth/tokens/{id}",
  method: "DELETE",
  endpoint: authorizedTokenEndpoint,
  middleware: ["auth:sanctum"],
  ability: SESSION_ONLY,
  credential: "revokes-tokens",
};

export const PERSONAL_TOKENS_ROUTE: HostRoute = {
  name: "passport.personal.tokens.index",
  path: "/oauth/personal-access-tokens",
  method: "GET",
  endpoint: personalAccessTokensEndpoint,
  middleware: ["auth:sanctum"],
  ability: null,
  appScopes: ["tokens:read"],
  credential: "none",
};

/**
 * A personal access token (decision record 072): a year-long bearer credential made from a
 * session, so the `adds` class (step-up, never a token, never while impersonating, a proven
 * address, the owner told), where Passport asks only for a signed-in user.
 */
export const PERSONAL_TOKEN_STORE_ROUTE: HostRoute = {
  name: "passport.personal.tokens.store",
  path: "/oauth/personal-access-tokens",
  method: "POST",
  endpoint: personalAccessTokensEndpoint,
  middleware: ["auth:sanctum"],
  ability: SESSION_ONLY,
  credential: "adds",
};

export const PERSONAL_TOKEN_DESTROY_ROUTE: HostRoute = {
  name: "passport.personal.tokens.destroy",
  path: "/oauth/personal-access-tokens/{id}",
  method: "DELETE",
  endpoint: personalAccessTokenEndpoint,
  middleware: ["auth:sanctum"],
  ability: "tokens:write",
  credential: "revokes-tokens",
};

export const OAUTH_JSON_API_ROUTES: readonly HostRoute[] = [
  OAUTH_CLIENTS_ROUTE,
  OAUTH_CLIENT_STORE_ROUTE,
  OAUTH_CLIENT_ROUTE,
  OAUTH_CLIENT_DESTROY_ROUTE,
  OAUTH_CLIENT_SECRET_ROUTE,
  OAUTH_SCOPES_ROUTE,
  OAUTH_TOKENS_ROUTE,
  OAUTH_TOKEN_DESTROY_ROUTE,
  PERSONAL_TOKENS_ROUTE,
  PERSONAL_TOKEN_STORE_ROUTE,
  PERSONAL_TOKEN_DESTROY_ROUTE,
];
