import { isDeepStrictEqual } from "node:util";
import { AUTH_ACTIONS } from "@/lib/contract/auth-actions";
import type { RouteOutput } from "@/lib/contract/route-contract";
import { getHooks } from "@/lib/server/hooks";
import { compileRoutes, matchRoute } from "@/lib/server/match";
import type { HostRoute } from "@/lib/server/pipeline";
import type { Services } from "@/lib/server/services";

/** The output its row declares for the route a request reached, or null when none was reached. */
function declaredOutput(
  services: Services,
  method: string,
  pathname: string,
  host: HostRoute | undefined,
): { route: string; output: RouteOutput | undefined } | null {
  if (host) return { route: host.name, output: host.output };
  const match = matchRoute(
    compileRoutes(services.config.routes),
    method === "HEAD" ? "GET" : method,
    pathname,
  );
  if ("error" in match) return null;
  return {
    route: match.route.action,
    output: AUTH_ACTIONS[match.route.action].output,
  };
}

/**
 * Decision record 062: every successful JSON answer of a route with an output schema is that
 * schema exactly — parsing it succeeds and drops nothing — so the schemas the client and the
 * OpenAPI description are typed from cannot drift from the endpoints. A route declared without a
 * body answers none.
 */
export function assertDeclaredAnswer(
  services: Services,
  request: {
    method: string;
    pathname: string;
    host?: HostRoute;
    json: boolean;
  },
  response: { status: number; body: unknown; text: string },
): void {
  if (!request.json || response.status < 200 || response.status > 299) return;
  const declared = declaredOutput(
    services,
    request.method,
    request.pathname,
    request.host,
  );
  if (!declared?.output || typeof declared.output === "string") return;
  const { route, output } = declared;
  // The application's getAuth hook may replace the whole answer (lib/server/hooks.ts).
  if (route === "get-auth" && getHooks().getAuth) return;
  if ("noBody" in output) {
    // Fortify's `new JsonResponse('', 200)` is the JSON text `""`.
    if (
      !["", '""'].includes(response.text) ||
      response.status !== output.noBody
    )
      throw new Error(
        `${route} declares ${output.noBody} without a body but answered ${response.status} ${response.text}`,
      );
    return;
  }
  const parsed = output.safeParse(response.body);
  if (!parsed.success)
    throw new Error(
      `${route} answered outside its output schema: ${parsed.error.message}\n${response.text}`,
    );
  if (!isDeepStrictEqual(parsed.data, response.body))
    throw new Error(
      `${route} answered fields its output schema does not declare: ${response.text}`,
    );
}
