import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { buildAuthConfig } from "@/lib/auth/config";
import type { Endpoint } from "@/lib/auth/routes/endpoint";
import { ENDPOINTS } from "@/lib/auth/routes/endpoints";
import { compileRoutes } from "@/lib/auth/routes/match";
import { type HostRoute, middlewareTable } from "@/lib/auth/routes/pipeline";
import { discoverHostRoutes } from "./host-routes";

/** One method of one route: what the fault tests send bad input to. */
export type ApiTarget = {
  label: string;
  method: string;
  template: string;
  params: string[];
  endpoint: Endpoint;
  isGuestOnly: boolean;
  /** Set for a host route (dispatched with `dispatchHost`), unset for a route of the table. */
  host?: HostRoute;
};

/** Every route of the default route table and every host route under app/api, one entry per method. */
export async function apiTargets(): Promise<ApiTarget[]> {
  const config = buildAuthConfig({});
  const middleware = middlewareTable(config);
  const auth = compileRoutes(config.routes).map((route) => ({
    label: `${route.method} ${route.template} (${route.name})`,
    method: route.method,
    template: route.template,
    params: route.params,
    endpoint: ENDPOINTS[route.action],
    isGuestOnly: (middleware.get(route.action) ?? []).some((step) => step.name === "guest"),
  }));
  const host = (await discoverHostRoutes()).flatMap(({ template, params, route }) =>
    [route.method].flat().map((method) => ({
      label: `${method} ${template} (${route.name})`,
      method,
      template,
      params,
      endpoint: route.endpoint,
      isGuestOnly: route.middleware.includes("guest"),
      host: route,
    })),
  );
  return [...auth, ...host];
}

/** Rows whose appearance would mean refused input changed something. */
export async function writtenRows(db: Db) {
  const [counts] = await db
    .select({
      users: sql<number>`(select count(*) from users)::int`,
      tokens: sql<number>`(select count(*) from personal_access_tokens)::int`,
      sessions: sql<number>`(select count(*) from sessions where user_id is not null)::int`,
      resets: sql<number>`(select count(*) from password_reset_tokens)::int`,
      settings: sql<number>`(select count(*) from settings)::int`,
    })
    .from(sql`(select 1) as one`);
  return counts;
}
