import "server-only";
import type { OAuthClient } from "@/db/schema";
import type { Context } from "@/lib/server/context";
import { allowedScopes, hasGrant, isConfidential } from "@/lib/oauth/clients";
import { invalidScope, unauthorizedClient } from "@/lib/oauth/errors";
import { issueAccessToken, tokenResponse } from "@/lib/oauth/issue";
import {
  accessTarget,
  bodyResources,
  checkedResources,
  resourceScopes,
} from "@/lib/oauth/resources";
import { parseScopes, refusedScope } from "@/lib/oauth/scopes";

/**
 * `grant_type=client_credentials`: a confidential client acting for itself. Only the scopes an
 * administrator allowed the client (none by default), for this server's API when it names it
 * as `resource` (RFC 8707); or a registered resource that allows the client, with the resource's
 * scopes it asks (decision record 101); no refresh token.
 */
export async function clientCredentialsGrant(
  ctx: Context,
  input: Record<string, unknown>,
  client: OAuthClient,
): Promise<Response> {
  if (!isConfidential(client) || !hasGrant(client, "client_credentials"))
    throw unauthorizedClient();
  const resources = await checkedResources(
    ctx,
    client.id,
    await bodyResources(ctx),
  );
  const scopes = parseScopes(input.scope);
  const refused = refusedScope(
    scopes,
    allowedScopes(client) ?? [],
    resourceScopes(resources),
  );
  if (refused !== null) throw invalidScope(refused);
  const token = await issueAccessToken(ctx, {
    client,
    userId: null,
    ...accessTarget(resources, scopes),
  });
  return tokenResponse({
    expires_in: token.expiresIn,
    access_token: token.jwt,
  });
}
