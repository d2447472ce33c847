import "server-only";
import { defineEndpoint, type Endpoint } from "@/lib/server/endpoint";
import { verifyUserinfoAccessToken } from "@/lib/oauth/bearer";
import { readScopes } from "@/lib/oauth/scopes";
import { resourceMetadataUrl } from "@/lib/oauth/resources";
import { orgClaim } from "@/lib/oauth/org-claim";
import { userClaims } from "@/lib/oauth/user-claims";
import {
  type BearerRefusal,
  bearerChallenge,
} from "@/lib/server/bearer-challenge";
import type { Context } from "@/lib/server/context";
import { sendsBearer } from "@/lib/http/request";

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * RFC 6750 §3's refusal, with the challenge every bearer refusal carries (decision record 085):
 * 401 `invalid_token` for a bad, expired or revoked token, 401 without an error when none was
 * sent (§3.1), 403 `insufficient_scope` naming `openid`.
 */
function refusal(ctx: Context, refused: BearerRefusal): Response {
  const status = refused.error === "insufficient_scope" ? 403 : 401;
  const description = {
    invalid_token: "The access token is invalid.",
    insufficient_scope: "The access token does not carry the openid scope.",
  };
  return Response.json(
    refused.error
      ? { error: refused.error, error_description: description[refused.error] }
      : { message: ctx.t("Unauthenticated.") },
    {
      status,
      headers: {
        "WWW-Authenticate": bearerChallenge(refused, resourceMetadataUrl(ctx)),
        "Cache-Control": "no-store",
      },
    },
  );
}

/**
 * GET|POST /oauth/userinfo (OpenID Connect Core §5.3): the claims of the token's user that its
 * scopes allow — `sub` always, the rest by scope (lib/oauth/user-claims.ts). A token without
 * `openid` gets 403 insufficient_scope. A registered resource's token is read here when it names
 * this endpoint among its audiences (decision record 112).
 */
export const userinfoEndpoint: Endpoint = defineEndpoint({
  nonJson: "json",
  async run(ctx) {
    const jwt = BEARER.exec(
      ctx.request.headers.get("authorization") ?? "",
    )?.[1];
    if (!sendsBearer(ctx.request)) return refusal(ctx, {});
    const row = jwt ? await verifyUserinfoAccessToken(ctx, jwt) : null;
    if (!row?.user) return refusal(ctx, { error: "invalid_token" });
    const scopes = readScopes(row.token.scopes);
    if (!scopes.includes("openid") && !scopes.includes("*"))
      return refusal(ctx, { error: "insufficient_scope", scopes: ["openid"] });
    return Response.json(
      {
        sub: String(row.user.id),
        ...userClaims(row.user, scopes, ctx.env.APP_URL),
        ...(await orgClaim(ctx.db, ctx.config, row.user, scopes)),
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  },
});
