import "server-only";
import { SignJWT } from "jose";
import type { OAuthClient } from "@/db/schema";
import type { SignInMethod } from "@/lib/server/session-store";
import type { Context } from "@/lib/server/context";
import { oauthKeys } from "@/lib/oauth/keys";

/** An ID token lives an hour: it proves a sign-in, it is not a credential. */
const ID_TOKEN_LIFETIME = 3600;

/** RFC 8176's `amr` values for how the session was signed into. */
export function authenticationMethods(
  method: SignInMethod | undefined,
): string[] {
  switch (method) {
    case "password":
    case "registration":
    case "password-reset":
      return ["pwd"];
    case "two-factor":
      return ["pwd", "otp", "mfa"];
    case "passkey":
      return ["hwk", "user"];
    default:
      return [];
  }
}

/** The issuer of every ID token and of the metadata documents: APP_URL. */
export const issuer = (ctx: Pick<Context, "env">) => ctx.env.APP_URL;

/** OpenID Connect Core §2's ID token for the `openid` scope, signed with Passport's key. */
export async function issueIdToken(
  ctx: Pick<Context, "env" | "now">,
  facts: {
    client: OAuthClient;
    userId: number;
    nonce?: string;
    authTime?: number;
    amr: string[];
  },
): Promise<string> {
  const keys = await oauthKeys(ctx.env);
  const issuedAt = Math.floor(ctx.now.getTime() / 1000);
  return new SignJWT({
    ...(facts.nonce === undefined ? {} : { nonce: facts.nonce }),
    ...(facts.authTime === undefined ? {} : { auth_time: facts.authTime }),
    ...(facts.amr.length > 0 ? { amr: facts.amr } : {}),
  })
    .setProtectedHeader({ typ: "JWT", alg: "RS256", kid: keys.jwk.kid })
    .setIssuer(issuer(ctx))
    .setSubject(String(facts.userId))
    .setAudience(facts.client.id)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ID_TOKEN_LIFETIME)
    .sign(keys.privateKey);
}
