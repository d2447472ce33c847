import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { HostRoute } from "@/lib/server/pipeline";
import { HOST_ROUTES } from "@/lib/runtime/routes";

const ROOT = path.resolve(import.meta.dirname, "../..");

export type DiscoveredHostRoute = {
  file: string;
  template: string;
  params: string[];
  route: HostRoute;
};

/** The route file a path template needs: `/api/admin/users/{id}` → `app/api/admin/users/[id]/route.ts`. */
function routeFile(template: string): string {
  return path.join(
    "app",
    ...template
      .split("/")
      .filter(Boolean)
      .map((segment) => segment.replace(/^\{(\w+)\}$/, "[$1]")),
    "route.ts",
  );
}

/**
 * Every host route the application serves, from its one table (lib/runtime/routes.ts), each
 * checked to have its route file under app/ at its path: a new host route is covered by the tests
 * that use this without anyone having to list it again.
 */
export async function discoverHostRoutes(): Promise<DiscoveredHostRoute[]> {
  return HOST_ROUTES.map((route) => {
    const file = routeFile(route.path);
    if (!existsSync(path.join(ROOT, file)))
      throw new Error(`${route.name}: no route file ${file}`);
    if (!readFileSync(path.join(ROOT, file), "utf8").includes("routeHandlers("))
      throw new Error(`${file}: does not hand its requests to routeHandlers`);
    const params = [...route.path.matchAll(/\{(\w+)\}/g)].map(
      (match) => match[1] ?? "",
    );
    return { file, template: route.path, params, route };
  });
}
