import "server-only";
import { defineEndpoint, type Endpoint } from "@/lib/server/endpoint";
import { verifyApiAccessToken } from "@/lib/oauth/bearer";
import { readScopes } from "@/lib/oauth/scopes";
import { userClaims } from "@/lib/oauth/user-claims";

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** RFC 6750 §3.1: the token is missing, bad, expired or revoked. */
const invalidToken = () =>
  new Response(
    JSON.stringify({
      error: "invalid_token",
      error_description: "The access token is invalid.",
    }),
    {
      status: 401,
      headers: {
        "Content-Type": "application/json",
        "WWW-Authenticate": 'Bearer error="invalid_token"',
        "Cache-Control": "no-store",
      },
    },
  );

/**
 * GET|POST /oauth/userinfo (OpenID Connect Core §5.3): the claims of the token's user that its
 * scopes allow — `sub` always, the rest by scope (lib/oauth/user-claims.ts). A token without
 * `openid` gets 403 insufficient_scope.
 */
export const userinfoEndpoint: Endpoint = defineEndpoint({
  nonJson: "json",
  async run(ctx) {
    const jwt = BEARER.exec(
      ctx.request.headers.get("authorization") ?? "",
    )?.[1];
    const row = jwt ? await verifyApiAccessToken(ctx, jwt) : null;
    if (!row?.user) return invalidToken();
    const scopes = readScopes(row.token.scopes);
    if (!scopes.includes("openid") && !scopes.includes("*"))
      return new Response(
        JSON.stringify({
          error: "insufficient_scope",
          error_description:
            "The access token does not carry the openid scope.",
        }),
        {
          status: 403,
          headers: {
            "Content-Type": "application/json",
            "WWW-Authenticate":
              'Bearer error="insufficient_scope", scope="openid"',
          },
        },
      );
    return Response.json(
      {
        sub: String(row.user.id),
        ...userClaims(row.user, scopes, ctx.env.APP_URL),
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  },
});
