import "server-only";
import { z } from "zod";
import { json } from "@/lib/http/respond";
import { notFound } from "@/lib/http/errors";
import { defineEndpoint, type Endpoint } from "@/lib/server/endpoint";
import { IGNORED_FIELDS } from "@/lib/validation/rules";
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
  resourceFields,
  resourceInputSchema,
} from "@/lib/oauth/schemas/resources";

// The administration of registered resources (decision record 101), behind `admin` on its rows
// (lib/oauth/resource-routes.ts), and the metadata document a resource server serves.

const createInput = z.strictObject({
  ...resourceInputSchema.shape,
  ...IGNORED_FIELDS,
});
const updateInput = z.strictObject({ ...resourceFields, ...IGNORED_FIELDS });

/** GET|POST /api/admin/oauth-resources: every registered resource; a new one (201). */
export const resourcesEndpoint: Endpoint = defineEndpoint({
  input: (_config, ctx) =>
    ctx.request.method === "POST"
      ? createInput
      : z.strictObject(IGNORED_FIELDS),
  async run(ctx, input) {
    if (ctx.request.method !== "POST")
      return { data: (await listResources(ctx.db)).map(presentResource) };
    const fields = input as z.output<typeof createInput>;
    const row = await registerResource(ctx, {
      identifier: fields.identifier,
      name: fields.name,
      scopes: fields.scopes,
      clients: fields.clients ?? null,
      tokenMinutes: fields.token_minutes ?? null,
    });
    return json({ resource: presentResource(row) }, 201);
  },
});

/** PUT|DELETE /api/admin/oauth-resources/{id}: its fields replaced (not its identifier), or deleted (204). */
export const resourceEndpoint: Endpoint = defineEndpoint({
  input: (_config, ctx) =>
    ctx.request.method === "PUT" ? updateInput : z.strictObject(IGNORED_FIELDS),
  async run(ctx, input) {
    const resource = await findResource(ctx.db, ctx.params.id ?? "");
    if (ctx.request.method === "DELETE") {
      await deleteResource(ctx.db, resource);
      return json(null, 204);
    }
    const fields = input as z.output<typeof updateInput>;
    const row = await updateResource(ctx, resource, {
      name: fields.name,
      scopes: fields.scopes,
      clients: fields.clients ?? null,
      tokenMinutes: fields.token_minutes ?? null,
    });
    return { resource: presentResource(row) };
  },
});

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
