import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { HostRoute } from "@/lib/auth/routes/pipeline";

const ROOT = path.resolve(import.meta.dirname, "../..");

export type DiscoveredHostRoute = { file: string; template: string; params: string[]; route: HostRoute };

/**
 * Every host route the application serves, read from app/**\/route.ts: each file that hands its
 * request to `dispatchHost(request, NAME, …)`, with NAME's module imported. A new host route is
 * covered by the tests that use this without anyone having to list it.
 */
export async function discoverHostRoutes(): Promise<DiscoveredHostRoute[]> {
  const files = readdirSync(path.join(ROOT, "app"), { recursive: true, encoding: "utf8" })
    .filter((file) => path.basename(file) === "route.ts")
    .sort();
  const found: DiscoveredHostRoute[] = [];
  for (const file of files) {
    const source = readFileSync(path.join(ROOT, "app", file), "utf8");
    // Every route of the file: one file may serve several methods (GET and PUT, say).
    for (const [, name] of source.matchAll(/dispatchHost\(\s*request,\s*(\w+)/g)) {
      if (!name) continue;
      const from = new RegExp(`import\\s*{[^}]*\\b${name}\\b[^}]*}\\s*from\\s*"@/([^"]+)"`).exec(source)?.[1];
      if (!from) throw new Error(`app/${file}: cannot find where ${name} is imported from`);
      const exported = (await import(/* @vite-ignore */ path.join(ROOT, `${from}.ts`))) as Record<string, HostRoute>;
      const route = exported[name];
      if (!route) throw new Error(`app/${file}: ${from} does not export ${name}`);
      const segments = path.dirname(file).split(path.sep);
      const params = segments.filter((segment) => /^\[\w+\]$/.test(segment)).map((segment) => segment.slice(1, -1));
      const template = `/${segments.map((segment) => segment.replace(/^\[(\w+)\]$/, "{$1}")).join("/")}`;
      found.push({ file: `app/${file}`, template, params, route });
    }
  }
  return found;
}
