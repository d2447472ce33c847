import { z } from "zod";
import { hostContract, noBody } from "@/lib/contract/route-contract";

/**
 * Registered resources (decision record 101): the APIs on other origins this server issues tokens
 * for, their administration's input and output, and the metadata document each one serves.
 */

const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/**
 * What is wrong with a resource identifier, or null: RFC 9728 §2 makes it an `https` URL without a
 * fragment (`http` on a loopback host too, for development, as RFC 8252 §7.3 lets native clients),
 * and RFC 8707 §2 says it should carry no query; user information would never compare equal.
 */
export function resourceIdentifierProblem(value: string): string | null {
  if (!URL.canParse(value) || /\s/.test(value))
    return "The :attribute field must be a valid URL.";
  const url = new URL(value);
  const loopback = LOOPBACK_HOSTS.includes(url.hostname);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback))
    return "The :attribute must use https (http only on a loopback host).";
  if (value.includes("#") || value.includes("?"))
    return "The :attribute must not have a query or a fragment.";
  if (url.username || url.password)
    return "The :attribute must not contain a user name or password.";
  return null;
}

/**
 * A scope's name, as this server's own are written (`tokens:read`, `user:write`): lower-case
 * letters, digits and `.`, `_`, `-`, in parts joined by `:`.
 */
export const RESOURCE_SCOPE_NAME = /^[a-z0-9][a-z0-9._-]*(:[a-z0-9._-]+)*$/;

export const resourceScopeSchema = z.object({
  name: z
    .string()
    .max(100)
    .regex(
      RESOURCE_SCOPE_NAME,
      "The :attribute must be lower-case letters, digits, dots, dashes and underscores, in parts joined by colons.",
    ),
  description: z.string().max(255),
});

const identifier = z
  .string()
  .max(2000)
  .superRefine((value, ctx) => {
    const problem = resourceIdentifierProblem(value);
    if (problem !== null) ctx.addIssue({ code: "custom", message: problem });
  });

const scopes = z
  .array(resourceScopeSchema)
  .max(100)
  .refine(
    (list) => new Set(list.map((scope) => scope.name)).size === list.length,
    "The :attribute field has a duplicate value.",
  );

/**
 * The fields of a resource; `clients` null (or absent) lets any client ask for it.
 * `exchange_client`: the confidential client that is its server, which may exchange a token for
 * the resource for one of this API's with `exchange_scopes` (RFC 8693, decision record 115).
 */
export const resourceFields = {
  name: z.string().min(1).max(255),
  scopes,
  clients: z.array(z.string().min(1).max(255)).max(100).nullish(),
  token_minutes: z.int().min(1).max(525_600).nullish(),
  exchange_client: z.string().min(1).max(255).nullish(),
  exchange_scopes: z
    .array(z.string().min(1).max(100))
    .max(100)
    .refine(
      (list) => new Set(list).size === list.length,
      "The :attribute field has a duplicate value.",
    )
    .nullish(),
};

export const resourceInputSchema = z.object({ identifier, ...resourceFields });

/** A resource as the administration lists it. */
export const oauthResourceSchema = z.object({
  id: z.int(),
  identifier: z.string(),
  name: z.string(),
  scopes: z.array(resourceScopeSchema),
  clients: z.array(z.string()).nullable(),
  token_minutes: z.int().nullable(),
  exchange_client: z.string().nullable(),
  exchange_scopes: z.array(z.string()),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});

/** RFC 9728 §2's document, for the resource server to serve at its own well-known address. */
export const resourceMetadataSchema = z.object({
  resource: z.string(),
  resource_name: z.string(),
  authorization_servers: z.array(z.string()),
  scopes_supported: z.array(z.string()),
  bearer_methods_supported: z.array(z.string()),
});

export const OAUTH_RESOURCES_CONTRACT = hostContract({
  name: "api.admin.oauth-resources.index",
  path: "/api/admin/oauth-resources",
  method: "GET",
  output: z.object({ data: z.array(oauthResourceSchema) }),
});
export const OAUTH_RESOURCE_STORE_CONTRACT = hostContract({
  name: "api.admin.oauth-resources.store",
  path: "/api/admin/oauth-resources",
  method: "POST",
  input: resourceInputSchema,
  output: z.object({ resource: oauthResourceSchema }),
});
/** A full replacement of the fields but the identifier, which tokens already name. */
export const OAUTH_RESOURCE_UPDATE_CONTRACT = hostContract({
  name: "api.admin.oauth-resources.update",
  path: "/api/admin/oauth-resources/{id}",
  method: "PUT",
  input: z.object(resourceFields),
  output: z.object({ resource: oauthResourceSchema }),
});
export const OAUTH_RESOURCE_DESTROY_CONTRACT = hostContract({
  name: "api.admin.oauth-resources.destroy",
  path: "/api/admin/oauth-resources/{id}",
  method: "DELETE",
  output: noBody(204),
});
/** Public: a resource server fetches the document it serves as its own (decision record 101). */
export const OAUTH_RESOURCE_METADATA_CONTRACT = hostContract({
  name: "oauth.resources.metadata",
  path: "/oauth/resource-metadata",
  method: "GET",
  input: z.object({ resource: z.string() }),
  output: resourceMetadataSchema,
});
