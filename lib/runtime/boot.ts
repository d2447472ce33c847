import "server-only";
import { ConfigError } from "@/lib/config/errors";
import { stampClientAddresses } from "@/lib/http/client-address";
import { hostRouteMiddleware, middlewareTable } from "@/lib/server/route-rules";
import { HOST_ROUTES } from "@/lib/runtime/routes";
import { collected } from "@/lib/runtime/features";
import { applyHeapPolicy } from "@/lib/runtime/heap-policy";
import { services } from "@/lib/runtime/services";
import { log } from "@/lib/observability/request-scope";

export async function boot(): Promise<void> {
  try {
    // First, so that as few requests as possible arrive unstamped (they are answered 503: lib/http/request.ts clientIp).
    stampClientAddresses();
    applyHeapPolicy();
    const ready = await services();
    // Every middleware a route names, resolved now: an unknown name stops the start, not a request.
    middlewareTable(ready.config);
    for (const route of HOST_ROUTES) hostRouteMiddleware(route);
    for (const warn of collected("startupWarnings").flat()) {
      const warning = warn(ready.config);
      if (warning) log().warn(warning);
    }
    log().info(
      `ready: ${ready.database.kind} database, mail via ${ready.env.MAIL_DRIVER}, routes under /${ready.config.routes.prefix}`,
    );
  } catch (error) {
    // Serving 500s is worse than not starting: say why and stop, so a supervisor can restart us.
    if (error instanceof ConfigError)
      console.error(`[boot] invalid configuration: ${error.message}`);
    else console.error("[boot] start-up failed", error);
    process.exit(1);
  }
}
