import "server-only";
import {
  acceptClient,
  clientRowId,
  presentedClient,
} from "@/lib/oauth/client-authentication";
import { readClientRequest } from "@/lib/oauth/client-request";
import { noteClientUse } from "@/lib/oauth/client-usage";
import { unsupportedGrantType } from "@/lib/oauth/errors";
import { oauthEndpoint } from "@/lib/oauth/protocol-endpoint";
import { authorizationCodeGrant } from "@/lib/oauth/grants/authorization-code";
import { clientCredentialsGrant } from "@/lib/oauth/grants/client-credentials";
import { clientCredentialsAtOnce } from "@/lib/oauth/grants/client-credentials-at-once";
import { rememberClient } from "@/lib/oauth/known-clients";
import { deviceCodeGrant } from "@/lib/oauth/grants/device-code";
import { refreshTokenGrant } from "@/lib/oauth/grants/refresh-token";
import {
  TOKEN_EXCHANGE_GRANT,
  tokenExchangeGrant,
} from "@/lib/oauth/grants/token-exchange";

const GRANTS = {
  authorization_code: authorizationCodeGrant,
  refresh_token: refreshTokenGrant,
  client_credentials: clientCredentialsGrant,
  "urn:ietf:params:oauth:grant-type:device_code": deviceCodeGrant,
  [TOKEN_EXCHANGE_GRANT]: tokenExchangeGrant,
} as const;

/**
 * POST /oauth/token (Passport's `passport.token`; `password` and implicit are off). Two
 * statements (decision record 104): the limiter's count with the client's row, then the token's
 * row with the client's use when due (lib/oauth/issue.ts); a grant refused after the client proved
 * itself still counts as its use. A client-credentials grant of a client this process accepted
 * before is one statement (lib/oauth/grants/client-credentials-at-once.ts, decision record 112).
 */
export const tokenEndpoint = oauthEndpoint(
  async (ctx, input) => {
    const grantType = input.grant_type;
    if (typeof grantType !== "string" || !Object.hasOwn(GRANTS, grantType))
      throw unsupportedGrantType();
    const presented = presentedClient(ctx, input);
    if (grantType === "client_credentials") {
      const answered = await clientCredentialsAtOnce(ctx, input, presented);
      if (answered) return answered;
    }
    const { client: row, fingerprint } = await readClientRequest(
      ctx,
      clientRowId(presented),
    );
    const client = await acceptClient(ctx, row, presented, { noteUse: false });
    // The row as judged, for the next client-credentials grant in one statement.
    if (client === row && fingerprint !== null)
      rememberClient(ctx.db, { client, fingerprint });
    try {
      return await GRANTS[grantType as keyof typeof GRANTS](ctx, input, client);
    } finally {
      noteClientUse(ctx, client.id);
    }
  },
  { carriesLimiterHits: true },
);
