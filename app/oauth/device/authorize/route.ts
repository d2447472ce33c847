import { DEVICE_AUTHORIZE_ROUTE } from "@/lib/oauth/routes";
import { routeHandlers } from "@/lib/runtime/next-adapter";

export const dynamic = "force-dynamic";
export const { GET, POST, DELETE } = routeHandlers(DEVICE_AUTHORIZE_ROUTE);
