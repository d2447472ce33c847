import { healthResponse } from "@/lib/operations/health";
import { services } from "@/lib/runtime/services";

export const dynamic = "force-dynamic";

/** Laravel's health route: outside the pipeline and proxy.ts, no session, never logged (decision record 019). */
export function GET(): Promise<Response> {
  return healthResponse(services);
}
