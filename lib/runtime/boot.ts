import "server-only";
import { ConfigError } from "@/lib/config/errors";
import { stampClientAddresses } from "@/lib/http/client-address";
import { middlewareTable } from "@/lib/server/pipeline";
import { unverifiedAdministratorsWarning } from "@/lib/policies/admin";
import { services } from "@/lib/runtime/services";
import { log } from "@/lib/observability/request-scope";

export async function boot(): Promise<void> {
  try {
    // First, so that as few requests as possible arrive unstamped (they are answered 503: lib/http/request.ts clientIp).
    stampClientAddresses();
    const ready = await services();
    middlewareTable(ready.config);
    const adminWarning = unverifiedAdministratorsWarning(ready.config);
    if (adminWarning) log().warn(adminWarning);
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
