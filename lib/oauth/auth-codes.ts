import "server-only";
import { and, eq, gt } from "drizzle-orm";
import { oauthAccessTokens, oauthAuthCodes } from "@/db/schema";
import type { Db } from "@/db/client";
import type { Context } from "@/lib/server/context";
import { encryptPayload } from "@/lib/oauth/encryption";
import { authenticationLevel, issuer } from "@/lib/oauth/id-token";
import { provenSignIn } from "@/lib/oauth/fresh-sign-in";
import { LIFETIMES, newIdentifier } from "@/lib/oauth/issue";
import type { AuthorizationRequest } from "@/lib/oauth/authorization-request";
import { resourcesField } from "@/lib/oauth/resources";
import { readScopes } from "@/lib/oauth/scopes";
import {
  openIdSessionId,
  recordSessionClient,
} from "@/lib/oauth/session-clients";

/**
 * Passport's "skips authorization": the user holds a live token of this client for exactly
 * these scopes (TokenRepository::findValidToken, then the scopes compared).
 */
export async function approvedBefore(
  ctx: Pick<Context, "db" | "now">,
  clientId: string,
  userId: number,
  scopes: readonly string[],
): Promise<boolean> {
  const tokens = await ctx.db
    .select({ scopes: oauthAccessTokens.scopes })
    .from(oauthAccessTokens)
    .where(
      and(
        eq(oauthAccessTokens.clientId, clientId),
        eq(oauthAccessTokens.userId, userId),
        eq(oauthAccessTokens.revoked, false),
        gt(oauthAccessTokens.expiresAt, ctx.now),
      ),
    );
  const wanted = [...scopes].sort().join(" ");
  return tokens.some(
    (token) => readScopes(token.scopes).sort().join(" ") === wanted,
  );
}

/**
 * Approves a request: the code's row and its defuse ciphertext (league's payload, in its key
 * order, plus this server's OpenID facts and RFC 8707 resources), and where the browser goes — the client's redirect
 * URI with `code`, `state` and RFC 9207's `iss`. `db` is a transaction's for a team's consent
 * (lib/oauth/team-consent.ts).
 */
export async function approve(
  ctx: Context,
  request: AuthorizationRequest,
  userId: number,
  db: Db = ctx.db,
): Promise<string> {
  const id = newIdentifier();
  const expireTime = Math.floor(ctx.now.getTime() / 1000) + LIFETIMES.authCode;
  await db.insert(oauthAuthCodes).values({
    id,
    userId,
    clientId: request.clientId,
    scopes: JSON.stringify(request.scopes),
    revoked: false,
    expiresAt: new Date(expireTime * 1000),
  });
  const proven = provenSignIn(await ctx.session.data());
  // The session's `sid` for the ID token, and the client remembered for its end (decision record 103).
  const sessionRowId = ctx.session.id;
  const sid =
    request.scopes.includes("openid") && sessionRowId !== undefined
      ? openIdSessionId(sessionRowId)
      : undefined;
  if (sid !== undefined)
    await recordSessionClient(db, sid, request.clientId, ctx.now);
  const code = await encryptPayload(ctx.env, {
    client_id: request.clientId,
    redirect_uri: request.requestedRedirectUri,
    auth_code_id: id,
    scopes: request.scopes,
    user_id: String(userId),
    expire_time: expireTime,
    code_challenge: request.codeChallenge ?? null,
    code_challenge_method: request.codeChallengeMethod ?? null,
    ...(request.nonce === undefined ? {} : { nonce: request.nonce }),
    ...(sid === undefined ? {} : { sid }),
    // The session's proven sign-in only (decision record 086): an impersonation claims none.
    ...(proven === null
      ? {}
      : {
          auth_time: proven.authTime,
          amr: proven.amr,
          acr: authenticationLevel(proven.amr),
        }),
    ...resourcesField(request.resources ?? []),
  });
  const url = new URL(request.redirectUri);
  url.searchParams.append("code", code);
  if (request.state !== undefined)
    url.searchParams.append("state", request.state);
  url.searchParams.append("iss", issuer(ctx));
  return url.toString();
}
