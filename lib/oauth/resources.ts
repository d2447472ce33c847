import "server-only";
import { allValues } from "@/lib/http/request";
import type { Context } from "@/lib/server/context";
import { invalidTarget } from "@/lib/oauth/errors";
import { issuer } from "@/lib/oauth/id-token";
import { OAUTH_PATHS, PROTECTED_RESOURCE_PATH } from "@/lib/oauth/paths";
import { toPublicPath } from "@/lib/oauth/path-prefix";
import type { OAuthResource } from "@/db/schema";
import {
  allowsClient,
  findRegisteredResource,
  resourceIdentity,
  resourceScopeNames,
} from "@/lib/oauth/registered-resources";

/**
 * RFC 8707 resource indicators (decision record 074). This server's own API, named in the RFC
 * 9728 metadata by `resource`: APP_URL; and the resources registered on other origins (decision
 * record 101, lib/oauth/registered-resources.ts).
 */
export const protectedResource = (ctx: Pick<Context, "env">) => issuer(ctx);

/** Where its RFC 9728 metadata is: what every bearer challenge names as `resource_metadata` (RFC 9728 §5.1). */
export const resourceMetadataUrl = (ctx: Pick<Context, "env">) =>
  protectedResource(ctx).replace(/\/$/, "") + PROTECTED_RESOURCE_PATH;

// RFC 3986 §4.3's absolute-URI: a scheme, then anything but a fragment, whitespace or controls.
const ABSOLUTE_URI = /^[A-Za-z][A-Za-z0-9+.-]*:[^\s#\p{Cc}]*$/u;

/** Our identifier if `value` names it (the same URI, with or without a trailing slash), else null. */
function servedResource(
  ctx: Pick<Context, "env">,
  value: string,
): string | null {
  const ours = protectedResource(ctx);
  return resourceIdentity(value) === resourceIdentity(ours) ? ours : null;
}

/** The values as strings, each an absolute URI without a fragment (RFC 8707 §2); else `invalid_target`. */
function wellFormed(values: readonly unknown[]): string[] {
  return values.map((value) => {
    if (typeof value !== "string" || !ABSOLUTE_URI.test(value))
      throw invalidTarget(
        "The `resource` parameter must be an absolute URI without a fragment",
      );
    return value;
  });
}

/**
 * The resources of a request or a grant: their identifiers as tokens name them, and the registered
 * ones among them (decision record 101; this server's API is not a row).
 */
export type Resources = { identifiers: string[]; registered: OAuthResource[] };

/**
 * A request's `resource` values (RFC 8707 §2): each an absolute URI without a fragment, naming
 * this server's API or a registered resource that allows the client (decision record 101),
 * answered as its identifier (duplicates merged). Throws `invalid_target` for anything else.
 */
export async function checkedResources(
  ctx: Pick<Context, "env" | "db">,
  clientId: string,
  values: readonly unknown[],
): Promise<Resources> {
  const identifiers = new Set<string>();
  const registered = new Map<string, OAuthResource>();
  for (const value of wellFormed(values)) {
    const ours = servedResource(ctx, value);
    if (ours !== null) {
      identifiers.add(ours);
      continue;
    }
    const row = await findRegisteredResource(ctx.db, value);
    if (row === null)
      throw invalidTarget(`This server does not serve the resource ${value}`);
    if (!allowsClient(row, clientId))
      throw invalidTarget(
        `The client is not allowed to access the resource ${value}`,
      );
    identifiers.add(row.identifier);
    registered.set(row.identifier, row);
  }
  return {
    identifiers: [...identifiers],
    registered: [...registered.values()],
  };
}

/** The scopes the registered resources of a request define: known, and asked by their names. */
export const resourceScopes = (resources: Resources): string[] =>
  resources.registered.flatMap(resourceScopeNames);

/** The `resource` values of an OAuth POST body, unchecked (a form field may repeat). */
export async function bodyResources(ctx: Context): Promise<unknown[]> {
  return allValues(await ctx.input(), "resource");
}

/** The resources a code, refresh token or device code was granted for (its payload's `resources`). */
export function grantedResources(payload: Record<string, unknown>): string[] {
  return Array.isArray(payload.resources)
    ? payload.resources.filter(
        (item): item is string => typeof item === "string",
      )
    : [];
}

/**
 * What a token from a grant is for (RFC 8707 §2.2): the resources the token request names, each
 * within the grant's, else `invalid_target`; none named, all of the grant's. A grant that named
 * none (issued before resource indicators, or without them) covers this server's API. A
 * registered resource is checked again: deleted, or the client no longer allowed, it is
 * `invalid_target` (decision record 101).
 */
export async function tokenResources(
  ctx: Pick<Context, "env" | "db">,
  clientId: string,
  values: readonly unknown[],
  granted: readonly string[],
): Promise<Resources> {
  if (granted.length === 0) return checkedResources(ctx, clientId, values);
  const requested = new Set<string>();
  for (const value of wellFormed(values)) {
    const resource =
      servedResource(ctx, value) ??
      (await findRegisteredResource(ctx.db, value))?.identifier ??
      value;
    if (!granted.includes(resource))
      throw invalidTarget(
        `The resource ${value} was not authorized for this grant`,
      );
    requested.add(resource);
  }
  return checkedResources(
    ctx,
    clientId,
    requested.size > 0 ? [...requested] : granted,
  );
}

/**
 * The audience a registered resource's token carries beside the resource when the user's grant
 * has `openid` (decision record 112, as Auth0's `…/userinfo`): the userinfo endpoint's URL, as
 * discovery publishes it. Only `/oauth/userinfo` accepts it; this API's guard does not.
 */
export const userinfoAudience = (ctx: Pick<Context, "env" | "config">) =>
  issuer(ctx) + toPublicPath(OAUTH_PATHS.userinfo, ctx.config.oauth.path);

/** The scopes `/oauth/userinfo` reads (OpenID Connect Core §5.4, and `org` of decision record 106). */
const USERINFO_SCOPES: readonly string[] = [
  "openid",
  "profile",
  "email",
  "org",
];

/**
 * What the access token says of its resources (decision record 101): for a registered resource,
 * its identifier as the `aud`, only its scopes among the grant's, its token life; for this API
 * (or none), the grant's scopes. A token is for one registered resource at a time (Auth0's rule
 * too), so a grant of several names its resource at the token endpoint. `userinfo`, for a user's
 * grant: with `openid` granted, the token also names the userinfo endpoint as an audience and
 * keeps the grant's userinfo scopes, so the resource server may ask who the user is, and nothing
 * more here (decision record 112).
 */
export function accessTarget(
  resources: Resources,
  scopes: readonly string[],
  userinfo: string | null = null,
): {
  resources: string[];
  audience?: string | string[];
  scopes: string[];
  lifetimeSeconds?: number;
} {
  const [registered, ...more] = resources.registered;
  // The grant's scopes as they are: a Passport grant may carry a Laravel application's own.
  if (!registered)
    return { resources: resources.identifiers, scopes: [...scopes] };
  if (more.length > 0 || resources.identifiers.length > 1)
    throw invalidTarget(
      "A token is for one registered resource at a time: name it with `resource`",
    );
  const own = resourceScopeNames(registered);
  const withUserinfo = userinfo !== null && scopes.includes("openid");
  return {
    resources: resources.identifiers,
    audience: withUserinfo
      ? [registered.identifier, userinfo]
      : registered.identifier,
    scopes: scopes.filter(
      (scope) =>
        own.includes(scope) ||
        (withUserinfo && USERINFO_SCOPES.includes(scope)),
    ),
    ...(registered.accessTokenMinutes !== null && {
      lifetimeSeconds: registered.accessTokenMinutes * 60,
    }),
  };
}

/** The payload field that remembers a grant's resources: absent without any, so Passport's payload stays as it was. */
export const resourcesField = (resources: readonly string[]) =>
  resources.length > 0 ? { resources: [...resources] } : {};

/** The access token's `aud`: Passport's client id, as an array with the resources when there are any. */
export const audience = (
  clientId: string,
  resources: readonly string[] = [],
): string | string[] =>
  resources.length > 0 ? [clientId, ...resources] : clientId;

/**
 * The guard's rule against audience confusion: every audience of a token is its client (Passport's
 * `aud`) or this API. A token minted for another resource is not accepted here.
 */
export function isAudienceHere(
  ctx: Pick<Context, "env">,
  aud: unknown,
  clientId: string,
): boolean {
  const audiences = Array.isArray(aud) ? aud : [aud];
  return (
    audiences.length > 0 &&
    audiences.every(
      (entry) =>
        entry === clientId ||
        (typeof entry === "string" &&
          ABSOLUTE_URI.test(entry) &&
          servedResource(ctx, entry) !== null),
    )
  );
}
