import "server-only";
import type { OAuthClient } from "@/db/schema";
import type { Context } from "@/lib/server/context";
import { allowedScopes, hasGrant, isConfidential } from "@/lib/oauth/clients";
import { invalidScope, unauthorizedClient } from "@/lib/oauth/errors";
import { issueAccessToken, tokenResponse } from "@/lib/oauth/issue";
import { bodyResources, checkedResources } from "@/lib/oauth/resources";
import { parseScopes, refusedScope } from "@/lib/oauth/scopes";

/**
 * `grant_type=client_credentials`: a confidential client acting for itself. Only the scopes an
 * administrator allowed the client (none by default), for this server's API when it names it
 * as `resource` (RFC 8707); no refresh token.
 */
export async function clientCredentialsGrant(
  ctx: Context,
  input: Record<string, unknown>,
  client: OAuthClient,
): Promise<Response> {
  if (!isConfidential(client) || !hasGrant(client, "client_credentials"))
    throw unauthorizedClient();
  const scopes = parseScopes(input.scope);
  const refused = refusedScope(scopes, allowedScopes(client) ?? []);
  if (refused !== null) throw invalidScope(refused);
  const resources = checkedResources(ctx, await bodyResources(ctx));
  const token = await issueAccessToken(ctx, {
    client,
    userId: null,
    scopes,
    resources,
  });
  return tokenResponse({
    expires_in: token.expiresIn,
    access_token: token.jwt,
  });
}
