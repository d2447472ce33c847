import type { RouteManifest } from "@/lib/client/frontend-settings";

// Paths and query keys from the route manifest: what the API client fills and the screens'
// queries are keyed by (lib/client/route-query.ts, decision record 109).

/** Fills a manifest template: `/auth/impersonate/{token}` + {token} → `/auth/impersonate/abc`. */
export function fillTemplate(
  template: string,
  params: Record<string, string | number> = {},
): string {
  return template.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined)
      throw new Error(`Missing parameter ${key} for ${template}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The template's `{parameters}` filled from the input, and the input's other fields; no input
 * means no fields (a POST without a body).
 */
export function fillFromInput(
  template: string,
  input: unknown,
): { path: string; rest: Record<string, unknown> | undefined } {
  if (input === undefined || input === null)
    return { path: fillTemplate(template), rest: undefined };
  const rest = { ...(input as Record<string, unknown>) };
  const path = template.replace(
    /\{([A-Za-z_][A-Za-z0-9_]*)\}/g,
    (_, key: string) => {
      const value = rest[key];
      if (typeof value !== "string" && typeof value !== "number")
        throw new Error(`Missing parameter ${key} for ${template}`);
      delete rest[key];
      return encodeURIComponent(String(value));
    },
  );
  return { path, rest };
}

/** The first element of every key made from a route: no hand-made key can collide with one. */
const ROUTE_KEY = "route";
const segments = (path: string) => path.split("/").filter(Boolean);

/**
 * The query key of a call with `input`: its filled path's segments, then its other fields
 * (`/api/admin/webhooks/{id}/deliveries` with `{id: 3}` → `["route", "api", "admin", "webhooks",
 * "3", "deliveries", {}]`). Keys come from the route rows, so no screen names one.
 */
export function routeQueryKey(template: string, input: unknown): unknown[] {
  const { path, rest } = fillFromInput(template, input);
  return [ROUTE_KEY, ...segments(path), rest ?? {}];
}

/**
 * What a change through `template` makes stale: every read under the nearest path above the
 * change that has reads, from the route rows (`/api/admin/webhooks/{id}` → the list and each
 * endpoint's deliveries; `/api/admin/mail/failed/{id}/retry` → the mail queue).
 */
export function staleRouteKey(
  routes: RouteManifest,
  template: string,
): unknown[] {
  const reads = Object.values(routes)
    .filter((entry) => entry.method === "GET")
    .map((entry) => segments(entry.template.split("{")[0] ?? ""));
  const path = segments(template.split("{")[0] ?? "");
  while (
    path.length > 1 &&
    !reads.some((read) => path.every((part, i) => read[i] === part))
  )
    path.pop();
  return [ROUTE_KEY, ...path];
}
