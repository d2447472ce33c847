import "server-only";
import type { Context } from "@/lib/server/context";
import { defineEndpoint, type Endpoint } from "@/lib/server/endpoint";
import { GRANT_TYPES } from "@/lib/oauth/clients";
import { TOKEN_EXCHANGE_GRANT } from "@/lib/oauth/grants/token-exchange";
import { ACR_VALUES, issuer } from "@/lib/oauth/id-token";
import { oauthKeys, publishedKeys } from "@/lib/oauth/keys";
import { DEVICE_PATHS, OAUTH_PATHS } from "@/lib/oauth/paths";
import { toPublicPath } from "@/lib/oauth/path-prefix";
import { protectedResource } from "@/lib/oauth/resources";
import { registeredScopeNames } from "@/lib/oauth/registered-resources";
import { registrableScopes, SCOPES } from "@/lib/oauth/scopes";
import { ORG_SCOPE } from "@/lib/oauth/org-claim";
import { SCOPE_CLAIMS } from "@/lib/oauth/user-claims";

const cached = (response: Response) => {
  response.headers.set("Cache-Control", "public, max-age=300");
  return response;
};

/** An endpoint's URL under the issuer, at its public path (`oauth.path`; the issuer never moves). */
const endpointUrl = (ctx: Context, path: string) =>
  issuer(ctx) + toPublicPath(path, ctx.config.oauth.path);

/**
 * RFC 8414's authorization server metadata; OpenID Connect Discovery adds its own fields.
 * `scopes_supported` names the registered resources' scopes too: clients may ask them, with the
 * resource (decision record 101).
 */
async function authorizationServerMetadata(ctx: Context) {
  const at = (path: string) => endpointUrl(ctx, path);
  return {
    issuer: issuer(ctx),
    authorization_endpoint: at(OAUTH_PATHS.authorize),
    token_endpoint: at(OAUTH_PATHS.token),
    jwks_uri: at(OAUTH_PATHS.jwks),
    revocation_endpoint: at(OAUTH_PATHS.revoke),
    registration_endpoint: at(OAUTH_PATHS.register),
    introspection_endpoint: at(OAUTH_PATHS.introspect),
    scopes_supported: [
      ...Object.keys(SCOPES),
      ...(await registeredScopeNames(ctx.db)),
    ],
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    device_authorization_endpoint: at(DEVICE_PATHS.code),
    // Token exchange is no client's grant type: a registered resource names its server (record 115).
    grant_types_supported: [...GRANT_TYPES, TOKEN_EXCHANGE_GRANT],
    token_endpoint_auth_methods_supported: [
      "client_secret_basic",
      "client_secret_post",
      "none",
    ],
    revocation_endpoint_auth_methods_supported: [
      "client_secret_basic",
      "client_secret_post",
      "none",
    ],
    introspection_endpoint_auth_methods_supported: [
      "client_secret_basic",
      "client_secret_post",
    ],
    // `plain` only for the confidential clients record 081's setting lets keep league's rules.
    code_challenge_methods_supported: ctx.config.oauth[
      "require-pkce-for-confidential-clients"
    ]
      ? ["S256"]
      : ["S256", "plain"],
    authorization_response_iss_parameter_supported: true,
    // A client_id may be the https URL of the client's metadata document (decision record 102).
    client_id_metadata_document_supported: true,
  };
}

/** GET /.well-known/oauth-authorization-server (RFC 8414). */
export const authorizationServerEndpoint: Endpoint = defineEndpoint({
  nonJson: "json",
  run: async (ctx) =>
    cached(Response.json(await authorizationServerMetadata(ctx))),
});

/** GET /.well-known/openid-configuration (OpenID Connect Discovery 1.0). */
export const openidConfigurationEndpoint: Endpoint = defineEndpoint({
  nonJson: "json",
  run: async (ctx) =>
    cached(
      Response.json({
        ...(await authorizationServerMetadata(ctx)),
        userinfo_endpoint: endpointUrl(ctx, OAUTH_PATHS.userinfo),
        end_session_endpoint: endpointUrl(ctx, OAUTH_PATHS.logout),
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        claims_supported: [
          "sub",
          "iss",
          "aud",
          "exp",
          "iat",
          "auth_time",
          "nonce",
          "amr",
          "acr",
          "sid",
          ...SCOPE_CLAIMS.profile,
          ...SCOPE_CLAIMS.email,
          ORG_SCOPE,
        ],
        acr_values_supported: ACR_VALUES,
        // OpenID Connect Core §3.1.2.1: `prompt` and `max_age` are honoured (decision record 086).
        prompt_values_supported: ["none", "login", "consent"],
        // Back-Channel Logout 1.0 §2.1: a logout token for each client, `sid` in it and in the
        // ID tokens (decision record 103).
        backchannel_logout_supported: true,
        backchannel_logout_session_supported: true,
      }),
    ),
});

/**
 * GET /oauth/jwks: Passport's public key as a JSON Web Key Set, and during a rotation the key it
 * replaced, until the tokens that key signed have expired (decision record 092).
 */
export const jwksEndpoint: Endpoint = defineEndpoint({
  nonJson: "json",
  run: async (ctx) =>
    cached(
      Response.json({
        keys: publishedKeys(await oauthKeys(ctx.env)).map((key) => key.jwk),
      }),
    ),
});

/**
 * GET /.well-known/oauth-protected-resource (RFC 9728): this API, protected by this server.
 * `resource` is the identifier RFC 8707's `resource` names and tokens carry in `aud` (decision
 * record 074); RFC 8414 has no field for resource indicators.
 */
export const protectedResourceEndpoint: Endpoint = defineEndpoint({
  nonJson: "json",
  run: async (ctx) =>
    cached(
      Response.json({
        resource: protectedResource(ctx),
        authorization_servers: [issuer(ctx)],
        // What a client may ask: MCP 2025-11-25's clients ask every scope listed here, and one
        // that registered itself may ask only these (decision record 085).
        scopes_supported: registrableScopes(ctx.config),
        bearer_methods_supported: ["header"],
        resource_signing_alg_values_supported: ["RS256"],
      }),
    ),
});
