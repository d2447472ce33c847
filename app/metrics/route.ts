import { metricsResponse } from "@/lib/operations/metrics-endpoint";
import { services } from "@/lib/runtime/services";

export const dynamic = "force-dynamic";

/** Prometheus' scrape: loopback or METRICS_TOKEN, outside the pipeline (decision record 019). */
export async function GET(request: Request): Promise<Response> {
  return metricsResponse(request, await services());
}
