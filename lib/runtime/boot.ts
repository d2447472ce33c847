import "server-only";
import http from "node:http";
import { ConfigError } from "@/lib/config/errors";
import { middlewareTable } from "@/lib/auth/routes/pipeline";
import { unverifiedAdministratorsWarning } from "@/lib/policies/admin";
import { services } from "@/lib/runtime/services";

/**
 * Stamps every incoming request with the socket's address in X-Forwarded-For, replacing what the
 * client sent, unless TRUST_PROXY=true (then a proxy in front is trusted to set it). Next keeps a
 * client-sent X-Forwarded-For as it is, which would let anyone choose their rate-limit key.
 */
function stampClientAddress(trustProxy: boolean): void {
  if (trustProxy) return;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string, ...args: unknown[]) {
    if (event === "request") {
      const request = args[0] as http.IncomingMessage;
      request.headers["x-forwarded-for"] = request.socket.remoteAddress ?? "0.0.0.0";
    }
    return emit.apply(this, [event, ...args] as unknown as Parameters<typeof emit>);
  } as typeof emit;
}

export async function boot(): Promise<void> {
  try {
    stampClientAddress(process.env.TRUST_PROXY === "true");
    const ready = await services();
    middlewareTable(ready.config);
    const adminWarning = unverifiedAdministratorsWarning(ready.config);
    if (adminWarning) console.warn(adminWarning);
    console.log(`[boot] ready: ${ready.database.kind} database, mail via ${ready.env.MAIL_DRIVER}, routes under /${ready.config.routes.prefix}`);
  } catch (error) {
    // Serving 500s is worse than not starting: say why and stop, so a supervisor can restart us.
    if (error instanceof ConfigError) console.error(`[boot] invalid configuration: ${error.message}`);
    else console.error("[boot] start-up failed", error);
    process.exit(1);
  }
}
