import { WEBHOOK_DELIVERIES } from "@/lib/webhooks/routes";
import { routeHandlers } from "@/lib/runtime/next-adapter";

export const dynamic = "force-dynamic";
export const { GET } = routeHandlers(WEBHOOK_DELIVERIES);
