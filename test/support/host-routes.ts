import { existsSync, readdirSync, readFileSync } from "node:fs";
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

const routeIn = (folder: string): string | null =>
  existsSync(path.join(ROOT, folder, "route.ts"))
    ? path.join(folder, "route.ts")
    : null;

/**
 * The route file Next serves `segments` from below `folder`, chosen as Next's router chooses: a
 * folder of the segment's name, else a dynamic `[param]` folder, else a catch-all `[...path]`
 * folder, whose route file serves the rest. A `{param}` of a template is any value: only a
 * dynamic folder or a catch-all takes it.
 */
function routeFile(folder: string, segments: string[]): string | null {
  const [segment, ...rest] = segments;
  if (segment === undefined) return routeIn(folder);
  const entries = existsSync(path.join(ROOT, folder))
    ? readdirSync(path.join(ROOT, folder))
    : [];
  const isParam = /^\{\w+\}$/.test(segment);
  const dynamic = entries.find((entry) => /^\[\w+\]$/.test(entry));
  const catchAll = entries.find((entry) => /^\[\.\.\.\w+\]$/.test(entry));
  for (const next of [
    !isParam && entries.includes(segment) ? segment : null,
    dynamic,
  ]) {
    const found = next ? routeFile(path.join(folder, next), rest) : null;
    if (found) return found;
  }
  return catchAll ? routeIn(path.join(folder, catchAll)) : null;
}

/**
 * Every host route the application serves, from its one table (lib/runtime/routes.ts), each
 * checked to have its route file under app/ at its path: a new host route is covered by the tests
 * that use this without anyone having to list it again.
 */
export async function discoverHostRoutes(): Promise<DiscoveredHostRoute[]> {
  return HOST_ROUTES.map((route) => {
    const file = routeFile("app", route.path.split("/").filter(Boolean));
    if (!file)
      throw new Error(`${route.name}: no route file serves ${route.path}`);
    // Its own file hands it to routeHandlers(ROUTE); a catch-all, every path to routeHandlers("path").
    const source = readFileSync(path.join(ROOT, file), "utf8");
    const handsOver = file.includes("[...")
      ? source.includes('routeHandlers("path")')
      : /routeHandlers\([A-Z_]+\)/.test(source);
    if (!handsOver)
      throw new Error(`${file}: does not hand ${route.path} to routeHandlers`);
    const params = [...route.path.matchAll(/\{(\w+)\}/g)].map(
      (match) => match[1] ?? "",
    );
    return { file, template: route.path, params, route };
  });
}
