import { OAUTH_TOKEN_DESTROY_ROUTE } from "@/lib/oauth/routes";
import { routeHandlers } from "@/lib/runtime/next-adapter";

export const dynamic = "force-dynamic";
export const { DELETE } = routeHandlers(OAUTH_TOKEN_DESTROY_ROUTE);
