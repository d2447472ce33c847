import "server-only";
import { SESSION_ONLY } from "@/lib/config/token-abilities";
import type { HostRoute } from "@/lib/server/pipeline";
import { authorizeEndpoint } from "@/lib/oauth/authorize";
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
  authorizationServerEndpoint,
  jwksEndpoint,
  openidConfigurationEndpoint,
  protectedResourceEndpoint,
} from "@/lib/oauth/metadata";
import {
  introspectionEndpoint,
  revocationEndpoint,
} from "@/lib/oauth/revocation";
import { registrationEndpoint } from "@/lib/oauth/registration";
import { endSessionEndpoint } from "@/lib/oauth/end-session";
import {
  personalAccessTokenEndpoint,
  personalAccessTokensEndpoint,
} from "@/lib/oauth/personal-access-tokens";
import { tokenEndpoint } from "@/lib/oauth/token-endpoint";
import { userinfoEndpoint } from "@/lib/oauth/userinfo";
import { deviceCodeEndpoint } from "@/lib/oauth/device-codes";
import {
  deviceAuthorizeEndpoint,
  deviceEntryEndpoint,
} from "@/lib/oauth/device-authorize";

export const OAUTH_TOKEN_ROUTE: HostRoute = {
  name: "passport.token",
  path: "/oauth/token",
  method: "POST",
  endpoint: tokenEndpoint,
  middleware: ["throttle:60,1"],
  ability: null,
  credential: "none",
  csrf: false,
};

export const OAUTH_AUTHORIZE_ROUTE: HostRoute = {
  name: "passport.authorizations.authorize",
  path: "/oauth/authorize",
  method: ["GET", "POST", "DELETE"],
  endpoint: authorizeEndpoint,
  middleware: [],
  ability: null,
  credential: "authorizes-app",
};

export const OAUTH_JWKS_ROUTE: HostRoute = {
  name: "passport.jwks",
  path: "/oauth/jwks",
  method: "GET",
  endpoint: jwksEndpoint,
  middleware: [],
  ability: null,
  credential: "none",
};

export const OAUTH_USERINFO_ROUTE: HostRoute = {
  name: "passport.userinfo",
  path: "/oauth/userinfo",
  method: ["GET", "POST"],
  endpoint: userinfoEndpoint,
  middleware: [],
  ability: null,
  credential: "none",
  csrf: false,
};

export const OAUTH_REVOKE_ROUTE: HostRoute = {
  name: "passport.revoke",
  path: "/oauth/revoke",
  method: "POST",
  endpoint: revocationEndpoint,
  middleware: ["throttle:60,1"],
  ability: null,
  credential: "none",
  csrf: false,
};

export const OAUTH_INTROSPECT_ROUTE: HostRoute = {
  name: "passport.introspect",
  path: "/oauth/introspect",
  method: "POST",
  endpoint: introspectionEndpoint,
  middleware: ["throttle:60,1"],
  ability: null,
  credential: "none",
  csrf: false,
};

export const OAUTH_CLIENTS_ROUTE: HostRoute = {
  name: "passport.clients.index",
  path: "/oauth/clients",
  method: "GET",
  endpoint: clientsEndpoint,
  middleware: ["auth:sanctum"],
  ability: null,
  credential: "none",
};

/** Creating a client, as Passport's `passport.clients.store`: a signed-in session only. */
export const OAUTH_CLIENT_STORE_ROUTE: HostRoute = {
  name: "passport.clients.store",
  path: "/oauth/clients",
  method: "POST",
  endpoint: clientsEndpoint,
  middleware: ["auth:sanctum"],
  ability: SESSION_ONLY,
  credential: "none",
};

export const OAUTH_CLIENT_ROUTE: HostRoute = {
  name: "passport.clients.update",
  path: "/oauth/clients/{id}",
  method: ["PUT", "DELETE"],
  endpoint: clientEndpoint,
  middleware: ["auth:sanctum"],
  ability: SESSION_ONLY,
  credential: "none",
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

export const OAUTH_SERVER_METADATA_ROUTE: HostRoute = {
  name: "oauth.authorization-server",
  path: "/.well-known/oauth-authorization-server",
  method: "GET",
  endpoint: authorizationServerEndpoint,
  middleware: [],
  ability: null,
  credential: "none",
};

export const OPENID_CONFIGURATION_ROUTE: HostRoute = {
  name: "oauth.openid-configuration",
  path: "/.well-known/openid-configuration",
  method: "GET",
  endpoint: openidConfigurationEndpoint,
  middleware: [],
  ability: null,
  credential: "none",
};

export const OAUTH_DEVICE_CODE_ROUTE: HostRoute = {
  name: "passport.device.code",
  path: "/oauth/device/code",
  method: "POST",
  endpoint: deviceCodeEndpoint,
  middleware: ["throttle:60,1"],
  ability: null,
  credential: "none",
  csrf: false,
};

export const OAUTH_DEVICE_ROUTE: HostRoute = {
  name: "passport.device",
  path: "/oauth/device",
  method: "GET",
  endpoint: deviceEntryEndpoint,
  middleware: [],
  ability: null,
  credential: "none",
};

export const DEVICE_AUTHORIZE_ROUTE: HostRoute = {
  name: "passport.device.authorizations.authorize",
  path: "/oauth/device/authorize",
  method: ["GET", "POST", "DELETE"],
  endpoint: deviceAuthorizeEndpoint,
  middleware: ["throttle:60,1"],
  ability: null,
  credential: "authorizes-app",
};

export const PROTECTED_RESOURCE_ROUTE: HostRoute = {
  name: "oauth.protected-resource",
  path: "/.well-known/oauth-protected-resource",
  method: "GET",
  endpoint: protectedResourceEndpoint,
  middleware: [],
  ability: null,
  credential: "none",
};

/** RFC 7591 dynamic client registration in Laravel MCP's shape (decision record 052): open to anyone, throttled. */
export const OAUTH_REGISTER_ROUTE: HostRoute = {
  name: "oauth.register",
  path: "/oauth/register",
  method: "POST",
  endpoint: registrationEndpoint,
  middleware: ["throttle:oauth-register"],
  ability: null,
  credential: "none",
  csrf: false,
};

export const PERSONAL_TOKENS_ROUTE: HostRoute = {
  name: "passport.personal.tokens.index",
  path: "/oauth/personal-access-tokens",
  method: "GET",
  endpoint: personalAccessTokensEndpoint,
  middleware: ["auth:sanctum"],
  ability: null,
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

/**
 * OpenID Connect RP-initiated logout (decision record 071): a top-level navigation from the
 * client's site, so a GET (a cross-site POST carries no Lax session cookie) outside the CSRF check.
 */
export const OAUTH_LOGOUT_ROUTE: HostRoute = {
  name: "oauth.logout",
  path: "/oauth/logout",
  method: ["GET", "POST"],
  endpoint: endSessionEndpoint,
  middleware: ["throttle:60,1"],
  ability: null,
  credential: "none",
  csrf: false,
};

/**
 * The OAuth 2.1 / OpenID Connect server on Laravel Passport's routes (decision record 050), served
 * by the catch-all app/oauth/[...path] (decision record 060). The protocol's endpoints that clients call with
 * their own credentials are outside the CSRF check (`csrf: false`), as Passport registers them
 * outside the web group; the consent and the JSON API are the signed-in user's.
 */
export const OAUTH_ROUTES: readonly HostRoute[] = [
  OAUTH_TOKEN_ROUTE,
  OAUTH_AUTHORIZE_ROUTE,
  OAUTH_JWKS_ROUTE,
  OAUTH_USERINFO_ROUTE,
  OAUTH_REVOKE_ROUTE,
  OAUTH_INTROSPECT_ROUTE,
  OAUTH_CLIENTS_ROUTE,
  OAUTH_CLIENT_STORE_ROUTE,
  OAUTH_CLIENT_ROUTE,
  OAUTH_CLIENT_SECRET_ROUTE,
  OAUTH_SCOPES_ROUTE,
  OAUTH_TOKENS_ROUTE,
  OAUTH_TOKEN_DESTROY_ROUTE,
  OAUTH_SERVER_METADATA_ROUTE,
  OPENID_CONFIGURATION_ROUTE,
  OAUTH_DEVICE_CODE_ROUTE,
  OAUTH_DEVICE_ROUTE,
  DEVICE_AUTHORIZE_ROUTE,
  PROTECTED_RESOURCE_ROUTE,
  OAUTH_REGISTER_ROUTE,
  OAUTH_LOGOUT_ROUTE,
  PERSONAL_TOKENS_ROUTE,
  PERSONAL_TOKEN_STORE_ROUTE,
  PERSONAL_TOKEN_DESTROY_ROUTE,
];
