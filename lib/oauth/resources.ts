import "server-only";
import { allValues } from "@/lib/http/request";
import type { Context } from "@/lib/server/context";
import { invalidTarget } from "@/lib/oauth/errors";
import { issuer } from "@/lib/oauth/id-token";
import { PROTECTED_RESOURCE_PATH } from "@/lib/oauth/paths";

/**
 * RFC 8707 resource indicators (decision record 074). This server protects one resource, its
 * own API, named in the RFC 9728 metadata by `resource`: APP_URL.
 */
export const protectedResource = (ctx: Pick<Context, "env">) => issuer(ctx);

/** Where its RFC 9728 metadata is: what every bearer challenge names as `resource_metadata` (RFC 9728 §5.1). */
export const resourceMetadataUrl = (ctx: Pick<Context, "env">) =>
  protectedResource(ctx).replace(/\/$/, "") + PROTECTED_RESOURCE_PATH;

// RFC 3986 §4.3's absolute-URI: a scheme, then anything but a fragment, whitespace or controls.
const ABSOLUTE_URI = /^[A-Za-z][A-Za-z0-9+.-]*:[^\s#\p{Cc}]*$/u;

/** A URI's identity for comparing with ours: RFC 3986 §6.2.3's normal form, a trailing `/` dropped. */
function comparable(value: string): string | null {
  if (!URL.canParse(value)) return null;
  const url = new URL(value);
  if (url.username || url.password || url.search) return null;
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/$/, "")}`;
}

/** Our identifier if `value` names it (the same URI, with or without a trailing slash), else null. */
function servedResource(
  ctx: Pick<Context, "env">,
  value: string,
): string | null {
  const ours = protectedResource(ctx);
  return comparable(value) === comparable(ours) ? ours : null;
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
 * A request's `resource` values (RFC 8707 §2): each an absolute URI without a fragment, each
 * naming this server's API, answered as its one identifier (duplicates merged). Throws
 * `invalid_target` for anything else.
 */
export function checkedResources(
  ctx: Pick<Context, "env">,
  values: readonly unknown[],
): string[] {
  const resources = new Set<string>();
  for (const value of wellFormed(values)) {
    const ours = servedResource(ctx, value);
    if (ours === null)
      throw invalidTarget(`This server does not serve the resource ${value}`);
    resources.add(ours);
  }
  return [...resources];
}

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
 * none (issued before resource indicators, or without them) covers this server's API, the only
 * resource it serves.
 */
export function tokenResources(
  ctx: Pick<Context, "env">,
  values: readonly unknown[],
  granted: readonly string[],
): string[] {
  if (granted.length === 0) return checkedResources(ctx, values);
  const requested = new Set<string>();
  for (const value of wellFormed(values)) {
    const resource = servedResource(ctx, value) ?? value;
    if (!granted.includes(resource))
      throw invalidTarget(
        `The resource ${value} was not authorized for this grant`,
      );
    requested.add(resource);
  }
  return requested.size > 0 ? [...requested] : [...granted];
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
