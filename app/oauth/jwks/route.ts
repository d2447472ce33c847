import { OAUTH_JWKS_ROUTE } from "@/lib/oauth/routes";
import { routeHandlers } from "@/lib/runtime/next-adapter";

export const dynamic = "force-dynamic";
export const { GET } = routeHandlers(OAUTH_JWKS_ROUTE);
