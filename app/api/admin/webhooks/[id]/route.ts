import { DELETE_WEBHOOK } from "@/lib/webhooks/routes";
import { routeHandlers } from "@/lib/runtime/next-adapter";

export const dynamic = "force-dynamic";
export const { DELETE } = routeHandlers(DELETE_WEBHOOK);
