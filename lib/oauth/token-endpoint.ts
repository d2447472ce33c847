import "server-only";
import { authenticateClient } from "@/lib/oauth/client-authentication";
import { unsupportedGrantType } from "@/lib/oauth/errors";
import { oauthEndpoint } from "@/lib/oauth/protocol-endpoint";
import { authorizationCodeGrant } from "@/lib/oauth/grants/authorization-code";
import { clientCredentialsGrant } from "@/lib/oauth/grants/client-credentials";
import { deviceCodeGrant } from "@/lib/oauth/grants/device-code";
import { refreshTokenGrant } from "@/lib/oauth/grants/refresh-token";

const GRANTS = {
  authorization_code: authorizationCodeGrant,
  refresh_token: refreshTokenGrant,
  client_credentials: clientCredentialsGrant,
  "urn:ietf:params:oauth:grant-type:device_code": deviceCodeGrant,
} as const;

/** POST /oauth/token (Passport's `passport.token`; `password` and implicit are off). */
export const tokenEndpoint = oauthEndpoint(async (ctx, input) => {
  const grantType = input.grant_type;
  if (typeof grantType !== "string" || !Object.hasOwn(GRANTS, grantType))
    throw unsupportedGrantType();
  const client = await authenticateClient(ctx, input);
  return GRANTS[grantType as keyof typeof GRANTS](ctx, input, client);
});
