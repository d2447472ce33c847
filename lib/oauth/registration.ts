import "server-only";
import { z } from "zod";
import { oauthClientSettings } from "@/db/schema";
import {
  BACKCHANNEL_LOGOUT_URI_MESSAGE,
  isAllowedBackchannelLogoutUri,
} from "@/lib/policies/redirect-uri";
import { createClient, type GrantType } from "@/lib/oauth/clients";
import { oauthEndpoint } from "@/lib/oauth/protocol-endpoint";
import {
  grantedScopes,
  metadataError,
  validRedirects,
} from "@/lib/oauth/self-registered";

/**
 * The metadata this server honours; anything else a client sends is ignored, as RFC 7591 §2
 * allows. A registered client is public (`none`) and uses the code flow with PKCE only.
 */
const metadata = z.object({
  redirect_uris: z.array(z.string().max(2000)).min(1).max(20),
  client_name: z.string().max(255).optional(),
  grant_types: z
    .array(z.enum(["authorization_code", "refresh_token"]))
    .min(1)
    .optional(),
  response_types: z.array(z.literal("code")).min(1).optional(),
  token_endpoint_auth_method: z.literal("none").optional(),
  scope: z.string().max(1000).optional(),
  // Back-Channel Logout 1.0 §2.2 (decision record 103).
  backchannel_logout_uri: z.string().max(2000).optional(),
  backchannel_logout_session_required: z.boolean().optional(),
});

/**
 * POST /oauth/register (decision record 052): RFC 7591 dynamic client registration in Laravel
 * MCP's shape. Anyone may register (MCP clients find this endpoint in the metadata and register
 * before any user is involved); the throttle `oauth-register`, the allowed redirect domains and
 * the pruning of clients left unused bound what that costs. The client is public, belongs to no
 * user, and gets the code flow (PKCE required) and refresh tokens.
 */
export const registrationEndpoint = oauthEndpoint(async (ctx, input) => {
  const parsed = metadata.safeParse(input);
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? "");
    if (field === "redirect_uris")
      throw metadataError(
        "invalid_redirect_uri",
        "redirect_uris must be a list of one to twenty URIs.",
      );
    throw metadataError(
      "invalid_client_metadata",
      `The client metadata field ${field || "body"} is invalid or not supported: registered clients are public (token_endpoint_auth_method "none") and use the authorization code grant.`,
    );
  }
  const fields = parsed.data;
  const redirectUris = validRedirects(ctx, fields.redirect_uris);
  const logoutUri = fields.backchannel_logout_uri;
  if (logoutUri !== undefined && !isAllowedBackchannelLogoutUri(logoutUri))
    throw metadataError(
      "invalid_client_metadata",
      BACKCHANNEL_LOGOUT_URI_MESSAGE.replace(":uri", logoutUri),
    );
  const logout =
    logoutUri === undefined
      ? {}
      : {
          backchannel_logout_uri: logoutUri,
          backchannel_logout_session_required:
            fields.backchannel_logout_session_required ?? false,
        };
  const scopes = await grantedScopes(ctx, fields.scope);
  const grantTypes: GrantType[] = ["authorization_code", "refresh_token"];
  const name =
    (fields.client_name ?? (typeof input.name === "string" ? input.name : ""))
      .trim()
      .slice(0, 255) || "Registered client";
  // One transaction: a client without its registration stamp would never be pruned.
  const client = await ctx.db.transaction(async (tx) => {
    const created = await createClient(
      { db: tx, config: ctx.config, now: ctx.now },
      {
        name,
        userId: null,
        redirectUris,
        grantTypes,
        confidential: false,
        scopes,
      },
    );
    await tx.insert(oauthClientSettings).values({
      clientId: created.client.id,
      registeredAt: ctx.now,
      backchannelLogoutUri: logoutUri ?? null,
      backchannelLogoutSessionRequired:
        logout.backchannel_logout_session_required ?? null,
    });
    return created.client;
  });
  return Response.json(
    {
      client_id: client.id,
      client_id_issued_at: Math.floor(ctx.now.getTime() / 1000),
      client_name: name,
      grant_types: grantTypes,
      response_types: ["code"],
      redirect_uris: redirectUris,
      scope: scopes.join(" "),
      token_endpoint_auth_method: "none",
      ...logout,
    },
    { status: 201, headers: { "Cache-Control": "no-store" } },
  );
});
