import "server-only";
import { verifiedAccessClaims } from "@/lib/oauth/bearer";
import {
  acceptClient,
  authenticateClient,
  clientRowId,
  presentedClient,
} from "@/lib/oauth/client-authentication";
import { isConfidential } from "@/lib/oauth/clients";
import { readClientRequest } from "@/lib/oauth/client-request";
import { orgClaimOf } from "@/lib/oauth/org-claim";
import { invalidClient, invalidRequest } from "@/lib/oauth/errors";
import {
  accessTokenFound,
  findLiveToken,
  revokeFound,
} from "@/lib/oauth/token-lookup";
import { oauthEndpoint } from "@/lib/oauth/protocol-endpoint";
import { readScopes } from "@/lib/oauth/scopes";

const tokenClient = (
  found: NonNullable<Awaited<ReturnType<typeof findLiveToken>>>,
) => (found.kind === "access_token" ? found.token.clientId : found.clientId);

/**
 * POST /oauth/revoke (RFC 7009): the client revokes one of its own tokens, and what was issued
 * with it. 200 whatever the token was (§2.2): an unknown or foreign one changes nothing.
 */
export const revocationEndpoint = oauthEndpoint(async (ctx, input) => {
  const client = await authenticateClient(ctx, input);
  if (typeof input.token !== "string") throw invalidRequest("token");
  const found = await findLiveToken(ctx, input.token);
  if (found && tokenClient(found) === client.id) await revokeFound(ctx, found);
  return new Response(null, {
    status: 200,
    headers: { "Cache-Control": "no-store" },
  });
});

/**
 * POST /oauth/introspect (RFC 7662), for confidential clients: a token of the calling client is
 * described while it is live, `aud` as the JWT has it (RFC 8707's resources beside the client);
 * anything else — revoked, expired, unknown, another client's — is
 * `{"active": false}`. An access token's signature is checked in memory (once per process), so
 * its row is read with the client's and the limiter's count: one statement (decision record 104).
 */
export const introspectionEndpoint = oauthEndpoint(
  async (ctx, input) => {
    const presented = presentedClient(ctx, input);
    const value = typeof input.token === "string" ? input.token : null;
    const isJwt = value?.startsWith("eyJ") === true;
    const claims =
      value !== null && isJwt ? await verifiedAccessClaims(ctx, value) : null;
    const rows = await readClientRequest(
      ctx,
      clientRowId(presented),
      claims?.jti,
    );
    const client = await acceptClient(ctx, rows.client, presented);
    if (!isConfidential(client))
      throw invalidClient(presented.sentAuthorization);
    if (value === null) throw invalidRequest("token");
    const found = !isJwt
      ? await findLiveToken(ctx, value)
      : claims && rows.token
        ? accessTokenFound(value, rows.token, claims.aud)
        : null;
    const inactive = () =>
      Response.json(
        { active: false },
        { headers: { "Cache-Control": "no-store" } },
      );
    if (!found || tokenClient(found) !== client.id) return inactive();
    const body =
      found.kind === "access_token"
        ? {
            active: true,
            scope: readScopes(found.token.scopes).join(" "),
            // Decision record 106: the current team, for a token granted `org`.
            ...(await orgClaimOf(
              ctx.db,
              ctx.config,
              found.token.userId,
              readScopes(found.token.scopes),
            )),
            client_id: found.token.clientId,
            sub: String(found.token.userId ?? found.token.clientId),
            exp: found.exp,
            iat: found.iat,
            aud: found.aud,
            iss: ctx.env.APP_URL,
            jti: found.token.id,
            token_type: "Bearer",
          }
        : {
            active: true,
            scope: found.scopes.join(" "),
            client_id: found.clientId,
            sub: found.userId,
            exp: found.exp,
            token_type: "refresh_token",
          };
    return Response.json(body, { headers: { "Cache-Control": "no-store" } });
  },
  { carriesLimiterHits: true },
);
