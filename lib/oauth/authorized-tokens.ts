import "server-only";
import { and, desc, eq, gt, notLike } from "drizzle-orm";
import {
  type OAuthAccessToken,
  type OAuthClient,
  oauthAccessTokens,
  oauthClients,
  oauthRefreshTokens,
} from "@/db/schema";
import { notFound } from "@/lib/http/errors";
import { json } from "@/lib/http/respond";
import { defineEndpoint, type Endpoint } from "@/lib/server/endpoint";
import { PERSONAL_ACCESS_GRANT, presentClient } from "@/lib/oauth/clients";
import { readScopes } from "@/lib/oauth/scopes";
import { endExchangedTokens } from "@/lib/oauth/token-families";

/** Passport's token JSON (the `oauth_access_tokens` row), with its client. */
export function presentToken(token: OAuthAccessToken, client: OAuthClient) {
  return {
    id: token.id,
    user_id: token.userId,
    client_id: token.clientId,
    name: token.name,
    scopes: readScopes(token.scopes),
    revoked: token.revoked,
    created_at: token.createdAt?.toISOString() ?? null,
    updated_at: token.updatedAt?.toISOString() ?? null,
    expires_at: token.expiresAt?.toISOString() ?? null,
    client: presentClient(client),
  };
}

/** GET /oauth/tokens (`passport.tokens.index`): the user's authorized apps — live tokens with their client. */
export const authorizedTokensEndpoint: Endpoint = defineEndpoint({
  nonJson: "json",
  async run(ctx) {
    const user = ctx.requireUser();
    const rows = await ctx.db
      .select({ token: oauthAccessTokens, client: oauthClients })
      .from(oauthAccessTokens)
      .innerJoin(oauthClients, eq(oauthClients.id, oauthAccessTokens.clientId))
      .where(
        and(
          eq(oauthAccessTokens.userId, user.id),
          eq(oauthAccessTokens.revoked, false),
          gt(oauthAccessTokens.expiresAt, ctx.now),
          // As Passport: personal access tokens are the user's own, not an app's.
          notLike(oauthClients.grantTypes, `%"${PERSONAL_ACCESS_GRANT}"%`),
        ),
      )
      .orderBy(desc(oauthAccessTokens.createdAt));
    return json(rows.map(({ token, client }) => presentToken(token, client)));
  },
});

/**
 * DELETE /oauth/tokens/{id} (`passport.tokens.destroy`): revokes one of the user's tokens and its
 * refresh tokens, and what other clients got by exchanging its grant's (decision record 115).
 */
export const authorizedTokenEndpoint: Endpoint = defineEndpoint({
  nonJson: "json",
  async run(ctx) {
    const user = ctx.requireUser();
    const id = ctx.params.id ?? "";
    if (!/^[0-9a-f]{1,80}$/.test(id)) throw notFound();
    const revoked = await ctx.db
      .update(oauthAccessTokens)
      .set({ revoked: true, updatedAt: ctx.now })
      .where(
        and(
          eq(oauthAccessTokens.id, id),
          eq(oauthAccessTokens.userId, user.id),
        ),
      )
      .returning({
        id: oauthAccessTokens.id,
        clientId: oauthAccessTokens.clientId,
        userId: oauthAccessTokens.userId,
      });
    const [token] = revoked;
    if (!token) throw notFound();
    await endExchangedTokens(ctx.db, token);
    await ctx.db
      .update(oauthRefreshTokens)
      .set({ revoked: true })
      .where(eq(oauthRefreshTokens.accessTokenId, id));
    return json(null, 204);
  },
});
