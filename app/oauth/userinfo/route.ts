import { OAUTH_USERINFO_ROUTE } from "@/lib/oauth/routes";
import { routeHandlers } from "@/lib/runtime/next-adapter";

export const dynamic = "force-dynamic";
export const { GET, POST } = routeHandlers(OAUTH_USERINFO_ROUTE);
