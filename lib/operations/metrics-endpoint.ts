import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { count, min } from "drizzle-orm";
import { failedJobs, jobs } from "@/db/schema";
import { clientIp } from "@/lib/http/request";
import { describeError } from "@/lib/observability/logger";
import { metrics } from "@/lib/observability/metrics";
import { log } from "@/lib/observability/request-scope";
import type { Services } from "@/lib/server/services";

const LOOPBACK =
  /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

/** Loopback (the client's address as TRUST_PROXY counts it), or `Authorization: Bearer METRICS_TOKEN`, compared in constant time. */
export function mayScrape(request: Request, services: Services): boolean {
  const expected = services.env.METRICS_TOKEN;
  const sent = /^Bearer\s+(.+)$/i.exec(
    request.headers.get("authorization") ?? "",
  )?.[1];
  if (expected && sent && timingSafeEqual(digest(sent), digest(expected)))
    return true;
  try {
    return LOOPBACK.test(clientIp(request, services.env.TRUST_PROXY));
  } catch {
    return false;
  }
}

/** The gauges every instance reads from the database when scraped: the shared mail queue and this process's pool. */
async function readGauges(services: Services): Promise<void> {
  const { db } = services.database;
  const tracked = metrics();
  const [queue] = await db
    .select({ depth: count(), oldest: min(jobs.createdAt) })
    .from(jobs);
  const [failed] = await db.select({ total: count() }).from(failedJobs);
  const nowSeconds = Math.floor(services.now().getTime() / 1000);
  tracked.mailQueued.set(queue?.depth ?? 0);
  tracked.mailOldest.set(
    queue?.oldest == null ? 0 : Math.max(0, nowSeconds - queue.oldest),
  );
  tracked.mailFailed.set(failed?.total ?? 0);
  const pool = await services.database.pool();
  tracked.poolInUse.set(pool.inUse);
  tracked.poolOpen.set(pool.open);
  tracked.poolMax.set(pool.max);
}

/** GET /metrics in Prometheus' text format; 401 (with a token configured) or 403 for anyone else. */
export async function metricsResponse(
  request: Request,
  services: Services,
): Promise<Response> {
  const headers = {
    "Cache-Control": "no-store, private",
    "X-Content-Type-Options": "nosniff",
  };
  if (!mayScrape(request, services)) {
    const status = services.env.METRICS_TOKEN ? 401 : 403;
    const challenge: Record<string, string> =
      status === 401 ? { "WWW-Authenticate": 'Bearer realm="metrics"' } : {};
    return Response.json(
      {
        message:
          status === 401 ? "Unauthenticated." : "This action is unauthorized.",
      },
      { status, headers: { ...headers, ...challenge } },
    );
  }
  // During an outage the counters still tell what happened: the gauges keep their last reading.
  await readGauges(services).catch((error: unknown) =>
    log().warn(
      { err: describeError(error) },
      "metrics: the gauges could not be read",
    ),
  );
  const { registry } = metrics();
  return new Response(await registry.metrics(), {
    headers: { ...headers, "Content-Type": registry.contentType },
  });
}
