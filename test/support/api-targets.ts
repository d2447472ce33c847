import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { buildAuthConfig } from "@/lib/config/auth";
import type { Endpoint } from "@/lib/server/endpoint";
import { ACTION_ENDPOINTS } from "@/lib/runtime/routes";
import { registerFeatureMiddleware } from "@/lib/runtime/services";
import { compileRoutes } from "@/lib/server/match";
import { type HostRoute, middlewareTable } from "@/lib/server/route-rules";
import { AUTH_ACTIONS } from "@/lib/contract/auth-actions";
import type { RouteAbility } from "@/lib/contract/token-abilities";
import { discoverHostRoutes } from "./host-routes";

/** One method of one route: what the fault tests send bad input to. */
export type ApiTarget = {
  label: string;
  method: string;
  template: string;
  params: string[];
  endpoint: Endpoint;
  isGuestOnly: boolean;
  /** The route's name (`auth.login`, `api.app.user.update`). */
  name: string;
  /** Its guard's name (`sanctum`, `web`), or null without an `auth` middleware. */
  guard: string | null;
  /** What a bearer token needs, as the route declares it. */
  ability: RouteAbility;
  /** Set for a host route (dispatched with `dispatchHost`, as routeHandlers does), unset for a route of the table. */
  host?: HostRoute;
};

/** `auth:web` → `web`, `auth` → `sanctum` (the default guard); null without one. */
function guardOf(specs: string[]): string | null {
  const spec = specs.find(
    (candidate) => candidate === "auth" || candidate.startsWith("auth:"),
  );
  return spec === undefined ? null : spec.split(":")[1] || "sanctum";
}

/** Every route of the default route table and every host route under app/api, one entry per method. */
export async function apiTargets(): Promise<ApiTarget[]> {
  const config = buildAuthConfig({});
  // What createServices does before the first request: the features' middleware in the registry.
  registerFeatureMiddleware();
  const middleware = middlewareTable(config);
  const auth = compileRoutes(config.routes).map((route) => ({
    label: `${route.method} ${route.template} (${route.name})`,
    method: route.method,
    template: route.template,
    params: route.params,
    endpoint: ACTION_ENDPOINTS[route.action],
    isGuestOnly: (middleware.get(route.action) ?? []).some(
      (step) => step.name === "guest",
    ),
    name: route.name,
    guard: guardOf(config.routes.middlewares[route.action]),
    ability: AUTH_ACTIONS[route.action].ability,
  }));
  const host = (await discoverHostRoutes()).flatMap(
    ({ template, params, route }) =>
      [route.method].flat().map((method) => ({
        label: `${method} ${template} (${route.name})`,
        method,
        template,
        params,
        endpoint: route.endpoint,
        isGuestOnly: route.middleware.includes("guest"),
        name: route.name,
        guard: guardOf(route.middleware),
        ability: route.ability,
        host: route,
      })),
  );
  return [...auth, ...host];
}

type WrittenRows = {
  users: number;
  tokens: number;
  sessions: number;
  resets: number;
  settings: number;
};

/**
 * Rows whose appearance would mean refused input changed something. One plain statement: the
 * walks ask it after every request, and the query builder's select took three times as long.
 */
export async function writtenRows(db: Db): Promise<WrittenRows> {
  const result = (await db.execute(sql`
    select (select count(*) from users)::int as users,
      (select count(*) from personal_access_tokens)::int as tokens,
      (select count(*) from sessions where user_id is not null)::int as sessions,
      (select count(*) from password_reset_tokens)::int as resets,
      (select count(*) from settings)::int as settings
  `)) as unknown as WrittenRows[] | { rows: WrittenRows[] };
  // postgres.js answers the rows, PGlite an object holding them.
  const [counts] = Array.isArray(result) ? result : result.rows;
  if (!counts) throw new Error("no counts");
  return { ...counts };
}
