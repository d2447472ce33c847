import { OAUTH_CLIENT_ROUTE } from "@/lib/oauth/routes";
import { routeHandlers } from "@/lib/runtime/next-adapter";

export const dynamic = "force-dynamic";
export const { PUT, DELETE } = routeHandlers(OAUTH_CLIENT_ROUTE);
