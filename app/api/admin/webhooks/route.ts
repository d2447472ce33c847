import { CREATE_WEBHOOK, LIST_WEBHOOKS } from "@/lib/webhooks/routes";
import { routeHandlers } from "@/lib/runtime/next-adapter";

export const dynamic = "force-dynamic";
export const { GET } = routeHandlers(LIST_WEBHOOKS);
export const { POST } = routeHandlers(CREATE_WEBHOOK);
