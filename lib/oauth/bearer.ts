import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { jwtVerify } from "jose";
import type { Db } from "@/db/client";
import { preparedPerDb } from "@/db/prepared";
import { cachedRead } from "@/db/read-cache";
import { oauthAccessTokens, oauthClients, users } from "@/db/schema";
import type { AuthState, Context } from "@/lib/server/context";
import { noteClientUse } from "@/lib/oauth/client-usage";
import { PERSONAL_ACCESS_GRANT } from "@/lib/oauth/clients";
import { oauthKeys, withOurKey } from "@/lib/oauth/keys";
import { isAudienceHere, userinfoAudience } from "@/lib/oauth/resources";
import {
  isCurrent,
  remember,
  type VerifiedClaims,
  verifiedSignatures,
} from "@/lib/oauth/verified-signatures";

/**
 * The token's row, its user (if any, and not soft-deleted) and whether the owner made it
 * (Passport's personal access client, or a password-grant client the user gave the password to),
 * in one statement; a revoked client's tokens are refused with it, as Passport's guard does.
 * Prepared once.
 */
const findTokenStatement = preparedPerDb((db: Db) =>
  db
    .select({
      token: oauthAccessTokens,
      user: users,
      ownerMade: sql<boolean>`(${oauthClients.grantTypes} like ${PERSONAL_GRANT_PATTERN} or ${oauthClients.grantTypes} like ${PASSWORD_GRANT_PATTERN})`,
    })
    .from(oauthAccessTokens)
    .innerJoin(
      oauthClients,
      and(
        eq(oauthClients.id, oauthAccessTokens.clientId),
        eq(oauthClients.revoked, false),
      ),
    )
    .leftJoin(
      users,
      and(
        eq(users.id, oauthAccessTokens.userId),
        sql`${users.deletedAt} is null`,
      ),
    )
    .where(
      and(
        eq(oauthAccessTokens.id, sql.placeholder("id")),
        eq(oauthAccessTokens.revoked, false),
      ),
    )
    .limit(1)
    .prepare("find_oauth_access_token"),
);

const PERSONAL_GRANT_PATTERN = `%"${PERSONAL_ACCESS_GRANT}"%`;
/** Passport's password grant: the user typed the password into that (first-party) client. */
const PASSWORD_GRANT_PATTERN = `%"password"%`;

/** The token's claims: its signature verified with jose once per process, its time window every time. */
async function verifiedClaims(
  ctx: Pick<Context, "env" | "now">,
  jwt: string,
): Promise<VerifiedClaims | null> {
  try {
    // Without keys (none configured yet) no token verifies, and its bearer is a guest.
    const keys = await oauthKeys(ctx.env);
    const verified = verifiedSignatures(keys);
    const known = verified.get(jwt);
    if (known) {
      if (isCurrent(known, ctx.now)) return known;
      verified.delete(jwt);
      return null;
    }
    // The key its kid names, or each published one (decision record 092).
    const { payload } = await withOurKey(keys, jwt, (key) =>
      jwtVerify(jwt, key, { algorithms: ["RS256"], currentDate: ctx.now }),
    );
    const claims = {
      jti: payload.jti,
      aud: payload.aud,
      exp: payload.exp,
      nbf: payload.nbf,
    };
    remember(verified, jwt, claims);
    return claims;
  } catch {
    return null;
  }
}

/** A token's claims, its signature and time window verified (no statement), with a well-formed id; or null. */
export async function verifiedAccessClaims(
  ctx: Pick<Context, "env" | "now">,
  jwt: string,
): Promise<(VerifiedClaims & { jti: string }) | null> {
  const claims = await verifiedClaims(ctx, jwt);
  if (!claims) return null;
  const { jti } = claims;
  // league's ids are 80 hex characters; the column is char(80).
  if (typeof jti !== "string" || !/^[0-9a-f]{1,80}$/.test(jti)) return null;
  return { ...claims, jti };
}

/**
 * A verified access token's row, its user, its `aud` and `exp` claims, or null: bad signature, expired,
 * unknown or revoked. Whatever its audience: see `verifyApiAccessToken` for this API's guard.
 */
export async function verifyAccessToken(
  ctx: Pick<Context, "db" | "env" | "now">,
  jwt: string,
) {
  const claims = await verifiedAccessClaims(ctx, jwt);
  if (!claims) return null;
  const { jti, aud, exp } = claims;
  // On PGlite from the read cache until the next write (decision record 018), as a personal
  // access token's row: a revocation or a user's deletion is a write, and the time window was
  // judged above from the claims.
  const [row] = await cachedRead(ctx.db, `oauth_access_token\0${jti}`, () =>
    findTokenStatement(ctx.db).execute({ id: jti }),
  );
  return row ? { ...row, aud, exp } : null;
}

/**
 * An access token this API accepts: verified, and minted for it — its `aud` names its client
 * only (Passport's) or this API too; one bound to another resource is refused (RFC 8707,
 * decision record 074).
 */
async function verifyApiAccessToken(
  ctx: Pick<Context, "db" | "env" | "now">,
  jwt: string,
) {
  const row = await verifyAccessToken(ctx, jwt);
  return row && isAudienceHere(ctx, row.aud, row.token.clientId) ? row : null;
}

/**
 * An access token `/oauth/userinfo` accepts: one this API accepts, or a registered resource's
 * that names the userinfo endpoint among its audiences (decision record 112, as Auth0's).
 */
export async function verifyUserinfoAccessToken(
  ctx: Pick<Context, "db" | "env" | "now" | "config">,
  jwt: string,
) {
  const row = await verifyAccessToken(ctx, jwt);
  if (!row) return null;
  const audiences: unknown[] = Array.isArray(row.aud) ? row.aud : [row.aud];
  return isAudienceHere(ctx, row.aud, row.token.clientId) ||
    audiences.includes(userinfoAudience(ctx))
    ? row
    : null;
}

/**
 * The bearer guard's half for OAuth access tokens (Passport's TokenGuard): the signature and
 * the expiry with jose, then the row (not revoked) and its user in one statement, and its
 * audience. A token of client credentials has no user: it authenticates no user route.
 */
export async function oauthBearer(
  ctx: Context,
  jwt: string,
): Promise<AuthState | null> {
  const row = await verifyApiAccessToken(ctx, jwt);
  if (!row?.user) return null;
  noteClientUse(ctx, row.token.clientId);
  return {
    user: row.user,
    via: "token",
    token: null,
    oauthToken: {
      id: row.token.id,
      clientId: row.token.clientId,
      abilities: row.token.scopes,
      app: !row.ownerMade,
    },
  };
}
