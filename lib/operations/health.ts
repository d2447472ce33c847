import "server-only";
import { sql } from "drizzle-orm";
import { isDraining } from "@/lib/server/lifecycle";
import type { Services } from "@/lib/server/services";

/** /up answers within a second whatever the database does (decision record 019). */
export const HEALTH_DEADLINE_MS = 700;

const HEADERS = {
  "Cache-Control": "no-store, private",
  "X-Content-Type-Options": "nosniff",
};

type CheckResult = "ok" | "timeout" | "error";

function withinDeadline(
  check: Promise<unknown>,
  ms: number,
): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => resolve("timeout"), ms);
  });
  const done = check.then(
    () => "ok" as const,
    () => "error" as const,
  );
  return Promise.race([done, late]).finally(() => clearTimeout(timer));
}

/**
 * GET /up (Laravel's health route): 200 `{status: "ok"}` when the database answers a trivial
 * query, else 503 naming the failing check. The services' start-up (migrations) is inside the
 * deadline too: a server still starting, or that cannot reach its database, is not healthy. No
 * session, no log line, no metrics: it is not traffic. A server shutting down answers 503 at
 * once, so the load balancer stops sending it requests (decision record 040).
 */
export async function healthResponse(
  services: () => Promise<Services>,
): Promise<Response> {
  if (isDraining())
    return Response.json(
      {
        status: "unavailable",
        failed: ["shutdown"],
        checks: { shutdown: "draining" },
      },
      { status: 503, headers: { ...HEADERS, "Retry-After": "5" } },
    );
  const database = await withinDeadline(
    services().then((ready) => ready.database.db.execute(sql`select 1`)),
    HEALTH_DEADLINE_MS,
  );
  const headers = HEADERS;
  if (database === "ok") return Response.json({ status: "ok" }, { headers });
  return Response.json(
    { status: "unavailable", failed: ["database"], checks: { database } },
    { status: 503, headers: { ...headers, "Retry-After": "5" } },
  );
}
