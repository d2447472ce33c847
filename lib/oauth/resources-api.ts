import "server-only";
import { json } from "@/lib/http/respond";
import { notFound } from "@/lib/http/errors";
import { defineEndpoint, type Endpoint } from "@/lib/server/endpoint";
import type { Context } from "@/lib/server/context";
import { endpointOf } from "@/lib/server/row-endpoint";
import { issuer } from "@/lib/oauth/id-token";
import {
  deleteResource,
  findRegisteredResource,
  findResource,
  listResources,
  presentResource,
  registerResource,
  resourceScopeNames,
  updateResource,
} from "@/lib/oauth/registered-resources";
import {
  OAUTH_RESOURCE_DESTROY_CONTRACT,
  OAUTH_RESOURCE_STORE_CONTRACT,
  OAUTH_RESOURCE_UPDATE_CONTRACT,
  OAUTH_RESOURCES_CONTRACT,
} from "@/lib/contract/oauth/resources";

// The administration of registered resources (decision record 101), behind `admin` on its rows
// (lib/oauth/resource-routes.ts), and the metadata document a resource server serves.

/** The administrator acting, for the activity log (decision record 112). */
const acting = (ctx: Context) => ({
  db: ctx.db,
  now: ctx.now,
  env: ctx.env,
  actor: { id: ctx.requireUser().id, ip: ctx.ip },
});

/** The exchange rights of a request's fields: absent, none (a PUT replaces them too). */
const exchangeInput = (input: {
  exchange_client?: string | null;
  exchange_scopes?: string[] | null;
}) => ({
  exchangeClient: input.exchange_client ?? null,
  exchangeScopes: input.exchange_scopes ?? [],
});

/** GET /api/admin/oauth-resources: every registered resource, oldest first. */
export const listResourcesEndpoint: Endpoint = endpointOf(
  OAUTH_RESOURCES_CONTRACT,
  {
    run: async (ctx) => ({
      data: (await listResources(ctx.db)).map(presentResource),
    }),
  },
);

/** POST /api/admin/oauth-resources: a new resource (201). */
export const storeResourceEndpoint: Endpoint = endpointOf(
  OAUTH_RESOURCE_STORE_CONTRACT,
  {
    async run(ctx, input) {
      const row = await registerResource(acting(ctx), {
        identifier: input.identifier,
        name: input.name,
        scopes: input.scopes,
        clients: input.clients ?? null,
        tokenMinutes: input.token_minutes ?? null,
        ...exchangeInput(input),
      });
      return json({ resource: presentResource(row) }, 201);
    },
  },
);

/** PUT /api/admin/oauth-resources/{id}: its fields replaced, not its identifier (tokens name it). */
export const updateResourceEndpoint: Endpoint = endpointOf(
  OAUTH_RESOURCE_UPDATE_CONTRACT,
  {
    async run(ctx, input) {
      const resource = await findResource(ctx.db, ctx.params.id ?? "");
      const row = await updateResource(acting(ctx), resource, {
        name: input.name,
        scopes: input.scopes,
        clients: input.clients ?? null,
        tokenMinutes: input.token_minutes ?? null,
        ...exchangeInput(input),
      });
      return { resource: presentResource(row) };
    },
  },
);

/** DELETE /api/admin/oauth-resources/{id} (204). */
export const destroyResourceEndpoint: Endpoint = endpointOf(
  OAUTH_RESOURCE_DESTROY_CONTRACT,
  {
    async run(ctx) {
      await deleteResource(
        acting(ctx),
        await findResource(ctx.db, ctx.params.id ?? ""),
      );
      return json(null, 204);
    },
  },
);

/**
 * GET /oauth/resource-metadata?resource=…: the RFC 9728 document of a registered resource, public,
 * for the resource server on its own origin to serve at its `/.well-known/oauth-protected-resource`
 * (this server's well-known address describes its own API only); 404 for any other value.
 */
export const resourceMetadataEndpoint: Endpoint = defineEndpoint({
  nonJson: "json",
  async run(ctx) {
    const value = ctx.url.searchParams.get("resource") ?? "";
    const row = value ? await findRegisteredResource(ctx.db, value) : null;
    if (!row) throw notFound();
    const response = Response.json({
      resource: row.identifier,
      resource_name: row.name,
      authorization_servers: [issuer(ctx)],
      scopes_supported: resourceScopeNames(row),
      bearer_methods_supported: ["header"],
    });
    response.headers.set("Cache-Control", "public, max-age=300");
    return response;
  },
});
