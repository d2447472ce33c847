import { TEST_WEBHOOK } from "@/lib/webhooks/routes";
import { routeHandlers } from "@/lib/runtime/next-adapter";

export const dynamic = "force-dynamic";
export const { POST } = routeHandlers(TEST_WEBHOOK);
