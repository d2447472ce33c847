import "server-only";
import type { OAuthClient, OAuthResource } from "@/db/schema";
import { allValues } from "@/lib/http/request";
import type { Context } from "@/lib/server/context";
import { verifyAccessToken } from "@/lib/oauth/bearer";
import { isConfidential } from "@/lib/oauth/clients";
import {
  invalidGrant,
  invalidRequest,
  invalidScope,
  invalidTarget,
  unauthorizedClient,
} from "@/lib/oauth/errors";
import {
  exchangeScopesOf,
  isExchangeServer,
} from "@/lib/oauth/exchange-rights";
import { issueAccessToken, tokenResponse } from "@/lib/oauth/issue";
import { findRegisteredResource } from "@/lib/oauth/registered-resources";
import { bodyResources, checkedResources } from "@/lib/oauth/resources";
import { parseScopes } from "@/lib/oauth/scopes";
import { familyOf } from "@/lib/oauth/token-families";

/** RFC 8693 §2.1's grant type, and the one token type it takes and issues here. */
export const TOKEN_EXCHANGE_GRANT =
  "urn:ietf:params:oauth:grant-type:token-exchange";
const ACCESS_TOKEN_TYPE = "urn:ietf:params:oauth:token-type:access_token";

/** A form field sent once as a string, else null (absent, repeated, or not text). */
const single = (value: unknown): string | null =>
  typeof value === "string" && value !== "" ? value : null;

/** The registered resource a subject token's `aud` names (its first; a token is for one: record 101). */
async function resourceOfAudience(
  ctx: Context,
  aud: unknown,
): Promise<OAuthResource | null> {
  const audiences = Array.isArray(aud) ? aud : [aud];
  for (const entry of audiences) {
    if (typeof entry !== "string") continue;
    const resource = await findRegisteredResource(ctx.db, entry);
    if (resource) return resource;
  }
  return null;
}

/**
 * The subject token (RFC 8693 §2.1): an access token this server signed for a registered
 * resource, live (signature, time window, row not revoked, client not revoked), acting for a user
 * who may still sign in (not deleted, nor awaiting the purge). `invalid_grant` otherwise.
 */
async function subjectOf(ctx: Context, jwt: string) {
  const row = await verifyAccessToken(ctx, jwt);
  if (!row)
    throw invalidGrant("The subject token is invalid, expired or revoked");
  if (row.token.userId === null)
    throw invalidGrant("The subject token acts for no user");
  if (!row.user)
    throw invalidGrant("The subject token's user can no longer sign in");
  const resource = await resourceOfAudience(ctx, row.aud);
  if (!resource)
    throw invalidGrant("The subject token is not for a registered resource");
  const nowSeconds = Math.floor(ctx.now.getTime() / 1000);
  const secondsLeft = (row.exp ?? nowSeconds) - nowSeconds;
  if (secondsLeft < 1) throw invalidGrant("The subject token has expired");
  return { row, user: row.user, resource, secondsLeft };
}

/** The scopes asked (`scope`), each one the resource's server may exchange for; none asked, all of them. */
function exchangedScopes(resource: OAuthResource, scope: unknown): string[] {
  const allowed = exchangeScopesOf(resource);
  const asked = parseScopes(scope);
  const refused = asked.find((name) => !allowed.includes(name));
  if (refused !== undefined) throw invalidScope(refused);
  return asked.length > 0 ? asked : allowed;
}

/**
 * `grant_type=urn:ietf:params:oauth:grant-type:token-exchange` (RFC 8693; decision record 115): a
 * registered resource's own server — the confidential client its row names — trades a user's
 * token for the resource for a token for this API, acting for the same user, with the scopes of
 * this API the resource may exchange for. `resource` and `audience` may only name this API. The
 * token's row is the exchanging client's, so introspection, revocation, the authorized apps and
 * the credential ledger treat it as any; its id joins the subject token's family so that ending
 * the user's grant to the host ends it too (lib/oauth/token-families.ts); it never outlives the
 * subject token, and has no refresh token.
 */
export async function tokenExchangeGrant(
  ctx: Context,
  input: Record<string, unknown>,
  client: OAuthClient,
): Promise<Response> {
  const subjectToken = single(input.subject_token);
  if (subjectToken === null) throw invalidRequest("subject_token");
  if (single(input.subject_token_type) !== ACCESS_TOKEN_TYPE)
    throw invalidRequest(
      "subject_token_type",
      `Only ${ACCESS_TOKEN_TYPE} is exchanged here`,
    );
  if (input.actor_token !== undefined || input.actor_token_type !== undefined)
    throw invalidRequest(
      "actor_token",
      "Delegation by an actor token is not supported",
    );
  const requested = input.requested_token_type;
  if (requested !== undefined && requested !== ACCESS_TOKEN_TYPE)
    throw invalidRequest(
      "requested_token_type",
      `Only ${ACCESS_TOKEN_TYPE} is issued here`,
    );
  const { row, user, resource, secondsLeft } = await subjectOf(
    ctx,
    subjectToken,
  );
  if (!isConfidential(client) || !isExchangeServer(resource, client.id))
    throw unauthorizedClient(
      `The client is not the server of the resource ${resource.identifier}`,
    );
  const scopes = exchangedScopes(resource, input.scope);
  const targets = await checkedResources(ctx, client.id, [
    ...(await bodyResources(ctx)),
    ...allValues(await ctx.input(), "audience"),
  ]);
  if (targets.registered.length > 0)
    throw invalidTarget(
      "A token exchange answers a token for this server's API only",
    );
  const token = await issueAccessToken(ctx, {
    client,
    userId: user.id,
    scopes,
    resources: targets.identifiers,
    family: familyOf(row.token.id) ?? undefined,
    lifetimeSeconds: Math.min(
      ctx.config.oauth["access-token-minutes"] * 60,
      secondsLeft,
    ),
    actor: client.id,
  });
  return tokenResponse({
    access_token: token.jwt,
    issued_token_type: ACCESS_TOKEN_TYPE,
    expires_in: token.expiresIn,
    scope: scopes.join(" "),
  });
}
