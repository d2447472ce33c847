import { OAUTH_DEVICE_CODE_ROUTE } from "@/lib/oauth/routes";
import { routeHandlers } from "@/lib/runtime/next-adapter";

export const dynamic = "force-dynamic";
export const { POST } = routeHandlers(OAUTH_DEVICE_CODE_ROUTE);
