import "server-only";
import type { OrgClaim } from "@/lib/oauth/org-claim";
import { SignJWT } from "jose";
import type { OAuthClient } from "@/db/schema";
import type { Context } from "@/lib/server/context";
import { oauthKeys } from "@/lib/oauth/keys";

/** An ID token lives an hour: it proves a sign-in, it is not a credential. */
const ID_TOKEN_LIFETIME = 3600;

/**
 * OpenID's `acr` values: "2" for a sign-in that proved two factors (RFC 8176 `mfa`: a second
 * factor, or a passkey with its user verified), "1" for one (decision record 086).
 */
export const ACR_VALUES = ["1", "2"] as const;

/** The `acr` of a sign-in that proved `amr`. */
export function authenticationLevel(amr: readonly string[]): string {
  return amr.includes("mfa") ? "2" : "1";
}

/** The issuer of every ID token and of the metadata documents: APP_URL. */
export const issuer = (ctx: Pick<Context, "env">) => ctx.env.APP_URL;

/** OpenID Connect Core §2's ID token for the `openid` scope, signed with Passport's key. */
export async function issueIdToken(
  ctx: Pick<Context, "env" | "now">,
  facts: {
    client: OAuthClient;
    /** The client id as the client knows it, when not the row's key (a metadata document's URL). */
    audience?: string;
    userId: number;
    nonce?: string;
    /** The browser session's `sid` (Back-Channel Logout 1.0 §2.1, decision record 103). */
    sid?: string;
    authTime?: number;
    amr: string[];
    acr?: string;
    /** The user's claims the scopes allow (lib/oauth/user-claims.ts, lib/oauth/org-claim.ts). */
    claims: Record<string, string | number | boolean | OrgClaim>;
  },
): Promise<string> {
  const keys = await oauthKeys(ctx.env);
  const issuedAt = Math.floor(ctx.now.getTime() / 1000);
  return new SignJWT({
    ...facts.claims,
    ...(facts.nonce === undefined ? {} : { nonce: facts.nonce }),
    ...(facts.sid === undefined ? {} : { sid: facts.sid }),
    ...(facts.authTime === undefined ? {} : { auth_time: facts.authTime }),
    ...(facts.amr.length > 0 ? { amr: facts.amr } : {}),
    ...(facts.acr === undefined ? {} : { acr: facts.acr }),
  })
    .setProtectedHeader({ typ: "JWT", alg: "RS256", kid: keys.jwk.kid })
    .setIssuer(issuer(ctx))
    .setSubject(String(facts.userId))
    .setAudience(facts.audience ?? facts.client.id)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ID_TOKEN_LIFETIME)
    .sign(keys.privateKey);
}
