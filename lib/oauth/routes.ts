import "server-only";
import type { HostRoute } from "@/lib/server/pipeline";
import { OAUTH_JSON_API_ROUTES } from "@/lib/oauth/json-api-routes";
import { OAUTH_RESOURCE_ROUTES } from "@/lib/oauth/resource-routes";
import { oauthKeys } from "@/lib/oauth/keys";
import { isPageNavigation } from "@/lib/oauth/consent-page";
import { authorizeEndpoint } from "@/lib/oauth/authorize";
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
import { tokenEndpoint } from "@/lib/oauth/token-endpoint";
import { userinfoEndpoint } from "@/lib/oauth/userinfo";
import { PROTECTED_RESOURCE_PATH } from "@/lib/oauth/paths";
import { deviceCodeEndpoint } from "@/lib/oauth/device-codes";
import {
  deviceAuthorizeEndpoint,
  deviceEntryEndpoint,
} from "@/lib/oauth/device-authorize";

/**
 * A route of the OAuth server, which answers the same 503 on every route (discovery included)
 * while the server has no signing keys (lib/oauth/keys.ts), whatever the route would need of them:
 * an operator sees one cause, and no client learns half a server (decision record 092).
 */
function needingKeys(
  route: HostRoute,
  options: { screen?: boolean } = {},
): HostRoute {
  const { endpoint } = route;
  return {
    ...route,
    endpoint: {
      ...endpoint,
      async run(ctx, input) {
        // A person's browser opening the consent or device address is sent on to its screen,
        // whose own request meets the 503 and says it in the person's language: not a page of
        // JSON (issue 48, item 10). That hop reveals nothing and needs no key.
        const opensScreen =
          options.screen &&
          ctx.request.method === "GET" &&
          isPageNavigation(ctx.request);
        if (!opensScreen) await oauthKeys(ctx.env);
        return endpoint.run(ctx, input);
      },
    },
  };
}

export const OAUTH_TOKEN_ROUTE: HostRoute = needingKeys({
  name: "passport.token",
  path: "/oauth/token",
  method: "POST",
  endpoint: tokenEndpoint,
  middleware: ["throttle:oauth-token"],
  ability: null,
  credential: "none",
  csrf: false,
});

/**
 * Outside the pipeline's CSRF check only because OpenID lets a client send its authorization
 * request by form POST: the endpoint holds an approval or a denial to the token itself.
 */
export const OAUTH_AUTHORIZE_ROUTE: HostRoute = needingKeys(
  {
    name: "passport.authorizations.authorize",
    path: "/oauth/authorize",
    method: ["GET", "POST", "DELETE"],
    endpoint: authorizeEndpoint,
    middleware: [],
    ability: null,
    credential: "authorizes-app",
    csrf: false,
  },
  { screen: true },
);

export const OAUTH_JWKS_ROUTE: HostRoute = needingKeys({
  name: "passport.jwks",
  path: "/oauth/jwks",
  method: "GET",
  endpoint: jwksEndpoint,
  middleware: [],
  ability: null,
  credential: "none",
});

export const OAUTH_USERINFO_ROUTE: HostRoute = needingKeys({
  name: "passport.userinfo",
  path: "/oauth/userinfo",
  method: ["GET", "POST"],
  endpoint: userinfoEndpoint,
  middleware: [],
  ability: null,
  credential: "none",
  csrf: false,
});

export const OAUTH_REVOKE_ROUTE: HostRoute = needingKeys({
  name: "passport.revoke",
  path: "/oauth/revoke",
  method: "POST",
  endpoint: revocationEndpoint,
  middleware: ["throttle:60,1"],
  ability: null,
  credential: "none",
  csrf: false,
});

export const OAUTH_INTROSPECT_ROUTE: HostRoute = needingKeys({
  name: "passport.introspect",
  path: "/oauth/introspect",
  method: "POST",
  endpoint: introspectionEndpoint,
  middleware: ["throttle:oauth-introspect"],
  ability: null,
  credential: "none",
  csrf: false,
});

export const OAUTH_SERVER_METADATA_ROUTE: HostRoute = needingKeys({
  name: "oauth.authorization-server",
  path: "/.well-known/oauth-authorization-server",
  method: "GET",
  endpoint: authorizationServerEndpoint,
  middleware: [],
  ability: null,
  credential: "none",
});

export const OPENID_CONFIGURATION_ROUTE: HostRoute = needingKeys({
  name: "oauth.openid-configuration",
  path: "/.well-known/openid-configuration",
  method: "GET",
  endpoint: openidConfigurationEndpoint,
  middleware: [],
  ability: null,
  credential: "none",
});

export const OAUTH_DEVICE_CODE_ROUTE: HostRoute = needingKeys({
  name: "passport.device.code",
  path: "/oauth/device/code",
  method: "POST",
  endpoint: deviceCodeEndpoint,
  middleware: ["throttle:60,1"],
  ability: null,
  credential: "none",
  csrf: false,
});

export const OAUTH_DEVICE_ROUTE: HostRoute = needingKeys(
  {
    name: "passport.device",
    path: "/oauth/device",
    method: "GET",
    endpoint: deviceEntryEndpoint,
    middleware: [],
    ability: null,
    credential: "none",
  },
  { screen: true },
);

export const DEVICE_AUTHORIZE_ROUTE: HostRoute = needingKeys({
  name: "passport.device.authorizations.authorize",
  path: "/oauth/device/authorize",
  method: ["GET", "POST", "DELETE"],
  endpoint: deviceAuthorizeEndpoint,
  middleware: ["throttle:60,1"],
  ability: null,
  credential: "authorizes-app",
});

export const PROTECTED_RESOURCE_ROUTE: HostRoute = needingKeys({
  name: "oauth.protected-resource",
  path: PROTECTED_RESOURCE_PATH,
  method: "GET",
  endpoint: protectedResourceEndpoint,
  middleware: [],
  ability: null,
  credential: "none",
});

/** RFC 7591 dynamic client registration in Laravel MCP's shape (decision record 052): open to anyone, throttled. */
export const OAUTH_REGISTER_ROUTE: HostRoute = needingKeys({
  name: "oauth.register",
  path: "/oauth/register",
  method: "POST",
  endpoint: registrationEndpoint,
  middleware: ["throttle:oauth-register"],
  ability: null,
  credential: "none",
  csrf: false,
});

/**
 * OpenID Connect RP-initiated logout (decision record 071): a top-level navigation from the
 * client's site, so a GET (a cross-site POST carries no Lax session cookie) outside the CSRF check.
 */
export const OAUTH_LOGOUT_ROUTE: HostRoute = needingKeys({
  name: "oauth.logout",
  path: "/oauth/logout",
  method: ["GET", "POST"],
  endpoint: endSessionEndpoint,
  middleware: ["throttle:60,1"],
  ability: null,
  credential: "none",
  csrf: false,
});

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
  ...OAUTH_JSON_API_ROUTES.map((route) => needingKeys(route)),
  OAUTH_SERVER_METADATA_ROUTE,
  OPENID_CONFIGURATION_ROUTE,
  OAUTH_DEVICE_CODE_ROUTE,
  OAUTH_DEVICE_ROUTE,
  DEVICE_AUTHORIZE_ROUTE,
  PROTECTED_RESOURCE_ROUTE,
  OAUTH_REGISTER_ROUTE,
  OAUTH_LOGOUT_ROUTE,
  ...OAUTH_RESOURCE_ROUTES.map((route) => needingKeys(route)),
];
